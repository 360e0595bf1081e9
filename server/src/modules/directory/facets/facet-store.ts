import { type FacetFilter } from '@app/domain';
import type { Kysely } from 'kysely';
import { changeMarkOf, type Engine } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import {
  KEPT_CHANGES,
  lastRecordedVersion,
  readDirectoryChanges,
  readDirectoryVersion,
} from '../../../db/directory-version.ts';
import { PgChangeFeed } from './change-feed.ts';
import {
  accountsWithSubscriptionChange,
  loadChangedFacetRows,
  nextSubscriptionChange,
  loadReferenceIds,
} from './facet.queries.ts';
import type { FacetResult } from './facet-result.ts';
import {
  buildFacetIndex,
  cityKeysOf,
  rowWriter,
  toFacetQuery,
  type FacetSnapshot,
} from './facet-snapshot.ts';

/**
 * The per-process facet index of the providers (docs/decisions/0003-directory-facet-index.md) and its
 * freshness (docs/decisions/0011-incremental-facet-index.md). The database stays the source of truth:
 * every write that can change what the directory shows records a change in its transaction
 * (db/directory-version.ts). This store builds the index once (for a server in the background as soon as
 * it listens, app.ts `warmUp`, listings asking SQL meanwhile; else at the first request), then applies the changes after the version it reached: it re-reads only the
 * changed providers and updates their positions in place. It looks for changes at once after a write of this process, when PostgreSQL
 * announces one (LISTEN on a connection of its own), when a subscription starts or ends, and otherwise
 * by reading the version at most every `checkIntervalMs` (by default on every request: one primary-key
 * read). Requests wait for the changes they must see; for a whole build only when the log was pruned past
 * this process or something changed everything.
 */

/** How long a version this process recorded may stay uncommitted before requests stop waiting for it. */
const FORGIVE_MS = 5000;

/** A facet filter's matches and the snapshot they were found on (its reference ids, for counts). */
export interface FacetMatch {
  snapshot: FacetSnapshot;
  result: FacetResult;
}

export interface FacetReport {
  /** Full builds (the first, and any after a pruned log) and changes applied since the start. */
  builds: number;
  changes: number;
  /**
   * The shown providers (the listing's own total). Not how many positions it holds: this is public
   * (`GET /api/health`), and hidden ads are nobody's business.
   */
  shown: number;
  /** The index's typed arrays, in MiB, and how long its last build took. */
  mb: number;
  buildMs: number;
}

export interface FacetStoreOptions {
  /**
   * How often (at most) to read the stored directory version when no change feed tells. 0, the default,
   * reads it on every request: one primary-key read, and writes by other processes show at once.
   */
  checkIntervalMs?: number;
  /** PostgreSQL: the URL of a connection of its own to LISTEN on, so no request reads the version. */
  listenUrl?: string | undefined;
  /** Where the build's size and time are logged. */
  log?: { info: (obj: object, msg: string) => void } | undefined;
}

export class FacetStore {
  private snapshot: FacetSnapshot | undefined;
  private starting: Promise<FacetSnapshot> | undefined;
  private syncing: Promise<void> | undefined;
  /** This process wrote to the directory, or the feed (re)connected: look for changes at once. */
  private dirty = false;
  /** The highest version the change feed announced. */
  private announced = 0;
  private lastCheck = 0;
  /**
   * A version this process recorded that never committed (its transaction rolled back) would make every
   * request look for changes until the next write: after `FORGIVE_MS` behind it, it is no longer waited for.
   */
  private forgiven = 0;
  private behindSince = 0;
  /**
   * With the feed: the highest version this process recorded that a pass found not yet committed. Its
   * commit is announced (to this process too) before the writer's COMMIT returns, so requests wait for the
   * announcement instead of reading the log each until then (the cost of a long write transaction).
   */
  private uncommitted = 0;
  private readonly feed: PgChangeFeed | undefined;
  /** SQLite: a mark that holds while nothing is written by anyone, and the one the last pass began at. */
  private readonly changeMark: (() => string) | undefined;
  private checkedMark = '';
  readonly checkIntervalMs: number;
  /** This store's full builds and applied changes. */
  readonly stats = { builds: 0, changes: 0 };
  /** Full builds by every store of this process (a test counts them across app instances). */
  static builds = 0;
  /** The store that built last in this process (what `report()` describes). */
  private static latest: FacetStore | undefined;

  /** This process's facet index: its size and what it has done (`GET /api/health`, read by the benchmark). */
  static report(): FacetReport | undefined {
    const store = FacetStore.latest;
    const s = store?.snapshot;
    if (!store || !s) return undefined;
    return {
      builds: store.stats.builds,
      changes: store.stats.changes,
      shown: s.index.shownCount,
      mb: +(s.index.bytes / 2 ** 20).toFixed(1),
      buildMs: s.buildMs,
    };
  }

  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
    private readonly opts: FacetStoreOptions = {},
  ) {
    this.checkIntervalMs = opts.checkIntervalMs ?? 0;
    this.changeMark = changeMarkOf(db);
    this.feed = opts.listenUrl
      ? new PgChangeFeed(opts.listenUrl, {
          changed: (version) => (this.announced = Math.max(this.announced, version)),
          connected: () => (this.dirty = true),
        })
      : undefined;
  }

  /** Stops the change feed. */
  async close(): Promise<void> {
    await this.feed?.close();
  }

  /**
   * Until when answers computed from the current snapshot stay true (the next subscription start or
   * end); 0 without a snapshot. The response cache keeps anonymous answers no longer than this.
   */
  validUntil(): number {
    return this.snapshot?.validUntil ?? 0;
  }

  /**
   * Whether the first build is under way (a server's first seconds: it builds once it listens, app.ts
   * `warmUp`): a listing then asks SQL for its page rather than wait (directory.listing.ts). Without a
   * build under way (an app that did not warm up), the first read builds and waits, as every later one
   * reads the index.
   */
  get building(): boolean {
    return this.snapshot === undefined && this.starting !== undefined;
  }

  /** This process just wrote to the directory (after the commit): the next request looks for changes. */
  invalidate(): void {
    this.dirty = true;
  }

  /**
   * Reads the shown providers matching a facet filter, on a snapshot as fresh as `get()` gives. `read` runs
   * at once, in the same tick as the query: the index changes in place as changes are applied, and a
   * result's pages and counts are computed when asked for, so they must be asked for before anything else
   * runs (an await in between could see a later index, and counts that do not add up).
   */
  async read<T>(
    filter: FacetFilter,
    read: (match: FacetMatch) => T,
    only?: { key: string; ids: readonly number[] },
  ): Promise<T> {
    const snapshot = await this.get();
    return read({ snapshot, result: snapshot.index.query(toFacetQuery(snapshot, filter, only)) });
  }

  /** A snapshot with this process's writes applied, and at most `checkIntervalMs` behind others'. */
  async get(): Promise<FacetSnapshot> {
    const s = this.snapshot ?? (await (this.starting ??= this.start()));
    const recorded = lastRecordedVersion(this.db);
    const own =
      this.dirty ||
      (recorded > Math.max(s.version, this.forgiven) &&
        !(this.feed?.listening && recorded <= this.uncommitted));
    if (
      own ||
      Date.now() >= s.validUntil ||
      (this.feed?.listening
        ? this.announced > s.version
        : Date.now() - this.lastCheck >= this.checkIntervalMs && this.changeMark?.() !== this.checkedMark)
    ) {
      // A pass that began before this process's write committed may miss it: wait for a new one.
      if (own && this.syncing) await this.syncing;
      await (this.syncing ??= this.sync().finally(() => (this.syncing = undefined)));
    } else if (this.syncing) {
      // A pass under way began after what made it look (the mark it took, a change announced): join it.
      await this.syncing;
    }
    return this.snapshot!;
  }

  private async start(): Promise<FacetSnapshot> {
    try {
      // Listening before the build: a change committed during it is announced, not lost.
      await this.feed?.start();
      this.dirty = false;
      return (this.snapshot = await this.build());
    } finally {
      this.starting = undefined;
    }
  }

  private async build(): Promise<FacetSnapshot> {
    const started = Date.now();
    // The version and the next subscription boundary are read before the rows: a change landing in
    // between is applied again later (applying is idempotent), never missed.
    const version = await readDirectoryVersion(this.db);
    const validUntil = await nextSubscriptionChange(this.db);
    const [index, refs] = await Promise.all([
      buildFacetIndex(this.db, this.engine),
      loadReferenceIds(this.db),
    ]);
    this.lastCheck = started;
    this.stats.builds++;
    FacetStore.builds++;
    FacetStore.latest = this;
    const buildMs = Date.now() - started;
    this.opts.log?.info(
      {
        providers: index.size,
        shown: index.shownCount,
        mb: +(index.bytes / 2 ** 20).toFixed(1),
        ms: buildMs,
      },
      'facet index built',
    );
    return {
      index,
      version,
      languageIds: refs.languageIds.map(String),
      raceIds: refs.raceIds.map(String),
      cityKeys: cityKeysOf(index),
      builtAt: Date.now(),
      buildMs,
      validUntil,
      subscriptionsAt: started,
    };
  }

  /** Applies the changes committed since the snapshot's version, and the subscription starts and ends due. */
  private async sync(): Promise<void> {
    const s = this.snapshot!;
    this.dirty = false;
    this.lastCheck = Date.now();
    // Taken before the log is read: a write after it changes the mark, and the next request looks.
    this.checkedMark = this.changeMark?.() ?? '';
    // The log itself says how far it goes: one primary-key range read, empty when nothing changed.
    const changes = await readDirectoryChanges(this.db, s.version, KEPT_CHANGES);
    const version = changes.length ? Number(changes[changes.length - 1]!.id) : s.version;
    const recorded = lastRecordedVersion(this.db);
    this.uncommitted = recorded > version ? recorded : 0;
    if (recorded <= version) this.behindSince = 0;
    else if (!this.behindSince) this.behindSince = Date.now();
    else if (Date.now() - this.behindSince > FORGIVE_MS) this.forgiven = recorded;
    const due = Date.now() >= s.validUntil;
    if (!changes.length && !due) return;
    // Pruned past this process (ids no longer follow on from its version; or too many to apply), or a change
    // of everything: only then is the whole index built again.
    if (
      (changes.length && Number(changes[0]!.id) !== s.version + 1) ||
      changes.length >= KEPT_CHANGES ||
      changes.some((c) => c.provider_id === null && c.user_id === null)
    ) {
      this.snapshot = await this.build();
      return;
    }
    const providers = changes.flatMap((c) => (c.provider_id === null ? [] : [Number(c.provider_id)]));
    const accounts = changes.flatMap((c) => (c.user_id === null ? [] : [Number(c.user_id)]));
    // An account's change may be a subscription bought or decided, which moves the next start or end; it is
    // read before the rows (one passing while they are read is applied next time), then the accounts whose
    // subscription started or ended since the last pass.
    const now = Date.now();
    const validUntil = due || accounts.length ? await nextSubscriptionChange(this.db) : s.validUntil;
    if (due) {
      const from = new Date(s.subscriptionsAt).toISOString();
      accounts.push(...(await accountsWithSubscriptionChange(this.db, from, new Date(now).toISOString())));
    }
    await this.apply(providers, accounts);
    s.version = version;
    s.validUntil = validUntil;
    if (due) s.subscriptionsAt = now;
    this.stats.changes += changes.length;
  }

  /** Reads these providers and the accounts' providers again, and writes them into the index. */
  private async apply(providerIds: number[], userIds: number[]): Promise<void> {
    const s = this.snapshot!;
    const providers = [...new Set(providerIds)];
    const accounts = [...new Set(userIds)];
    const rows = await loadChangedFacetRows(this.db, this.engine, providers, accounts);
    const index = s.index;
    const found = new Set(rows.map((r) => Number(r.id)));
    // What is gone (deleted ads) keeps its position, hidden and without values.
    for (const id of providers) {
      const pos = found.has(id) ? -1 : index.positionOf(id);
      if (pos >= 0) index.clear(pos);
    }
    for (const account of accounts) {
      for (const pos of index.positionsOfUser(account)) if (!found.has(index.idAt(pos))) index.clear(pos);
    }
    const cities = index.values('city').length;
    const write = rowWriter(index);
    for (const row of rows) write(row);
    if (index.values('city').length !== cities) s.cityKeys = cityKeysOf(index);
  }
}
