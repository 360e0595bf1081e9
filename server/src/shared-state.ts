import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import { redisErrors } from './metrics.ts';

/** Where the connections to Redis say that it went away or came back. */
export interface SharedStateLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What several server processes share through Redis (`REDIS_URL`): the rate limits' counters
 * (http/plugins/rate-limits.ts), the sign-in throttle (modules/auth/auth.throttle-redis.ts) and the
 * news that something was written (`writes`, which the response cache follows on PostgreSQL).
 */
export interface SharedState {
  /** For commands. While Redis is away a command fails at once (no queue): callers carry on without it. */
  redis: Redis;
  /** The start of every key and channel of this site. */
  prefix: string;
  writes: WriteFeed;
  close(): Promise<void>;
}

/**
 * Commands fail fast while Redis is unreachable instead of queueing (a request must not wait on a lost
 * Redis); reconnecting goes on in the background, at most every 2 s.
 */
const OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
  commandTimeout: 1000,
  autoResubscribe: false,
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

/** The URL without its password, for messages. */
export function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

/** One client, connected, that logs once when Redis goes away and once when it is back. */
async function connect(url: string, name: string, log: SharedStateLog): Promise<Redis> {
  // Loaded here, when REDIS_URL is set: a process without Redis never loads the client (a start's time).
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Client(url, { ...OPTIONS, connectionName: name });
  let connected = false;
  let down = false;
  let lastError = '';
  const wentAway = (reason: string) => {
    if (!connected || down) return;
    down = true;
    log.warn(
      { redis: redisAddress(url), connection: name, err: reason },
      'Redis unreachable: requests are served without the shared limits and response cache until it is back',
    );
  };
  client.on('error', (err: Error) => {
    redisErrors.inc();
    lastError = err.message;
    wentAway(err.message);
  });
  // A connection closed by Redis's side (no error): ioredis tries again, never after quit().
  client.on('reconnecting', () => wentAway(lastError || 'connection closed'));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: redisAddress(url), connection: name }, 'Redis is back');
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    const reason = lastError || (err instanceof Error ? err.message : String(err));
    throw new Error(`Redis at ${redisAddress(url)} (REDIS_URL) does not answer: ${reason}`);
  }
  connected = true;
  return client;
}

/**
 * Connects to Redis; throws a clear error when it does not answer (the server does not start).
 * Later losses are logged and lived with: see each user.
 */
export async function openSharedState(
  url: string,
  prefix: string,
  log: SharedStateLog,
): Promise<SharedState> {
  const redis = await connect(url, 'ltf-commands', log);
  let subscriber: Redis;
  try {
    subscriber = await connect(url, 'ltf-writes', log);
  } catch (err) {
    redis.disconnect();
    throw err;
  }
  const writes = new WriteFeed(redis, subscriber, `${prefix}writes`, log);
  await writes.listen();
  return {
    redis,
    prefix,
    writes,
    close: async () => {
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}

/**
 * The news that something was written, from any process: each successful write request and each
 * scheduled job run that changed something is published on one channel. `mark()` changes with every
 * write this process made or heard of, and is undefined while the feed is deaf (its connection lost:
 * writes may go unheard, so nothing may be kept on it); on reconnecting it changes too.
 */
export class WriteFeed {
  private readonly me = randomUUID();
  private generation = 0;
  private listening = false;
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: SharedStateLog,
  ) {}

  /** Subscribes now and again after each reconnection (messages sent while away are lost: the mark moves on). */
  async listen(): Promise<void> {
    this.subscriber.on('message', (_channel: string, from: string) => {
      if (from !== this.me) this.generation++;
    });
    this.subscriber.on('close', () => {
      this.listening = false;
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => this.heard(),
        () => undefined, // the connection went again; the next 'ready' retries
      );
    });
    await this.subscriber.subscribe(this.channel);
    this.heard();
  }

  private heard() {
    this.generation++;
    this.listening = true;
  }

  /** This process's view of "what has been written": equal marks mean no write in between. */
  mark = (): string | undefined => (this.listening ? String(this.generation) : undefined);

  /**
   * Something was written: this process's mark moves at once, the others' when they hear it. A lost
   * Redis only logs (the others' kept answers then live out their maximum age; response-cache.ts).
   */
  async publish(): Promise<void> {
    this.generation++;
    try {
      await this.redis.publish(this.channel, this.me);
    } catch (err) {
      // Once a minute at most: while Redis is away every write fails the same way.
      if (Date.now() - this.lastWarning < 60_000) return;
      this.lastWarning = Date.now();
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'write not published to Redis',
      );
    }
  }
}
