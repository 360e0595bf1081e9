import type pg from 'pg';
import { pgDriver } from '../../../db/database.ts';
import { DIRECTORY_CHANNEL } from '../../../db/directory-version.ts';

/** How long to wait before connecting again after the feed's connection failed or ended. */
const RETRY_MS = 1000;

/**
 * PostgreSQL's announcements of directory changes (db/directory-version.ts `pg_notify`, delivered at
 * commit), on a connection of its own that LISTENs. While it is not connected (`listening` false) the
 * facet store reads the version on each request instead; each (re)connection asks it to catch up from
 * the change log, so a notification lost while disconnected costs nothing.
 */
export class PgChangeFeed {
  listening = false;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly on: { changed: (version: number) => void; connected: () => void },
  ) {}

  /** Connects and listens; a failure leaves the feed retrying in the background (requests still answer). */
  async start(): Promise<void> {
    const client = new (pgDriver().Client)({ connectionString: this.url });
    client.on('notification', (m) => this.on.changed(Number(m.payload)));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${DIRECTORY_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.listening = true;
      this.on.connected();
    } catch {
      this.lost(client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client): void {
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.end().catch(() => undefined);
    if (!this.closed && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        void this.start();
      }, RETRY_MS);
      this.retry.unref();
    }
  }
}
