import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseCacheLookups } from '../metrics.ts';

/**
 * Answers of public reads kept for anonymous callers, by URL, while the database is unchanged
 * (docs/performance.md). `changeMark` changes on any write, by this process or another, so a kept
 * answer is exactly what the route would compute again: on SQLite the database's own mark
 * (db/database.ts); on PostgreSQL with Redis the writes the processes publish (shared-state.ts), which
 * are undefined while Redis is away (nothing is kept then) and miss writes made outside the API, so
 * there a kept answer also lives `maxAgeMs` at most. Without a mark (PostgreSQL alone) nothing is kept.
 * Signed-in callers are never served from it: their answers may hold their own data.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; until: number }>();
  /** The computations under way, by change mark and URL: concurrent callers share one. */
  private readonly computing = new Map<string, Promise<string>>();
  private mark: string | undefined;

  constructor(
    private readonly changeMark: (() => string | undefined) | undefined,
    private readonly maxAgeMs = Infinity,
    private readonly maxEntries = 500,
    private readonly maxBytes = 256 * 1024,
  ) {}

  /**
   * The database's change mark now (undefined when none is known): other keepers of computed answers
   * (the sitemaps) drop them when it changes, as this cache does.
   */
  currentMark(): string | undefined {
    return this.changeMark?.();
  }

  /**
   * Sends the kept answer for an anonymous request, or computes, keeps and sends a new one.
   * Anonymous requests of one URL arriving while its answer is computed wait for that computation
   * instead of each starting its own: after a write drops every kept answer, each URL is computed
   * once rather than by every connection asking for it at that moment (a thundering herd that made
   * the slowest answers under writes). Errors propagate as usual, to every waiter, and are never kept. `validUntil`, read after computing, is when the
   * answer turns false without any write (ms since the epoch: a subscription starts or ends).
   */
  async serve(
    req: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
    validUntil: () => number = () => Infinity,
  ): Promise<string | unknown> {
    if (!this.changeMark || req.actor) return compute();
    const mark = this.changeMark();
    if (mark === undefined) return compute();
    if (mark !== this.mark) {
      this.entries.clear();
      this.mark = mark;
    }
    // The URL as sent: only a route's own handler calls this, so two spellings of one call
    // (`/%61pi/ads`, `/api/ads`) are two entries of the same route's answer, each what it computes.
    const key = req.url;
    const kept = this.entries.get(key);
    void reply.type('application/json; charset=utf-8');
    const hit = kept !== undefined && Date.now() < kept.until;
    responseCacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) {
      // Most recently used last, so the oldest goes first when full.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.body;
    }
    const flightKey = `${mark}\n${key}`;
    let flight = this.computing.get(flightKey);
    if (flight === undefined) {
      flight = this.computeAndKeep(key, mark, compute, validUntil).finally(() =>
        this.computing.delete(flightKey),
      );
      this.computing.set(flightKey, flight);
    }
    return flight;
  }

  private async computeAndKeep(
    key: string,
    mark: string,
    compute: () => Promise<unknown>,
    validUntil: () => number,
  ): Promise<string> {
    const body = JSON.stringify(await compute());
    const until = Math.min(validUntil(), Date.now() + this.maxAgeMs);
    // A write while computing changes the mark: that answer may mix both states, so it is not kept.
    if (body.length <= this.maxBytes && this.changeMark!() === mark && Date.now() < until) {
      this.entries.set(key, { body, until });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return body;
  }
}
