import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Engine } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { ResponseCache } from './http/response-cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SharedState } from './shared-state.ts';
import type { Storage } from './storage/index.ts';

/** What every module's routes receive: configuration, the database, the mailer, the response cache. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  engine: Engine;
  mailer: Mailer;
  /** Where uploaded files are kept: the disk or a bucket (server/src/storage/, decision 0022). */
  storage: Storage;
  /** Anonymous answers of the hottest public reads, kept while the database is unchanged. */
  responseCache: ResponseCache;
  /** What the processes share through Redis, when REDIS_URL is set. */
  shared: SharedState | undefined;
  /** Called after every successful write request, before its answer leaves (http/publish-writes.ts). */
  afterWrite: Set<() => void>;
  /** What a server builds once it listens (app.ts `warmUp`): the caches the first requests would wait for. */
  warmUps: Set<() => Promise<unknown>>;
}
