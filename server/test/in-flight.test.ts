import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitForRequestsOnClose } from '../src/http/in-flight.ts';

/** Sends GET `path` and hangs up once the server has it (the way a stopped load generator leaves). */
function requestThenHangUp(port: number, path: string, started: Promise<void>) {
  const req = http.get({ port, host: '127.0.0.1', path });
  req.on('error', () => {});
  void started.then(() => req.destroy());
}

describe('closing the app', () => {
  it('waits for a request whose client hung up before closing what its handler uses', async () => {
    const app = Fastify();
    waitForRequestsOnClose(app);
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inHandler = new Promise<void>((r) => (started = r));
    app.get('/slow', async () => {
      started();
      await gate;
      events.push('handler done');
      return { ok: true };
    });
    // A plugin's own close (the facet store's LISTEN connection) comes after the requests too.
    await app.register(async (child) => {
      child.addHook('onClose', async () => void events.push('plugin closed'));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    requestThenHangUp(port, '/slow', inHandler);
    await inHandler;
    await new Promise((r) => setTimeout(r, 50)); // the hang-up reaches the server
    const closed = app.close().then(() => events.push('app closed'));
    await new Promise((r) => setTimeout(r, 100));
    expect(events).not.toContain('app closed');
    release();
    await closed;
    expect(events.indexOf('handler done')).toBeLessThan(events.indexOf('app closed'));
    expect(events.indexOf('handler done')).toBeLessThan(events.indexOf('plugin closed'));
  });

  it('closes at once when nothing is in flight', async () => {
    const app = Fastify();
    waitForRequestsOnClose(app);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(res.status).toBe(200);
    const t = Date.now();
    await app.close();
    expect(Date.now() - t).toBeLessThan(1000);
  });
});
