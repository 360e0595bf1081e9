import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { othersMayWait, waitForRequestsOnClose } from '../src/http/in-flight.ts';

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

describe('the load a request sees', () => {
  it('is one client at a time, then another request being handled, then two clients in turn', async () => {
    const app = Fastify();
    waitForRequestsOnClose(app);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHeld = new Promise<void>((r) => (entered = r));
    app.get('/seen', async () => ({ othersMayWait: othersMayWait() }));
    app.get('/held', async () => {
      entered();
      await gate;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const one = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const two = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, agent: http.Agent) =>
      new Promise<unknown>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path, agent }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(JSON.parse(body)));
          })
          .on('error', reject);
      });
    // Past the last windows of clients counted (other tests' requests included).
    await new Promise((r) => setTimeout(r, 150));
    // One client asking one thing at a time, on one connection.
    for (let i = 0; i < 5; i++) expect(await get('/seen', one)).toEqual({ othersMayWait: false });
    // Another request being handled meanwhile.
    const held = get('/held', two);
    await inHeld;
    expect(await get('/seen', one)).toEqual({ othersMayWait: true });
    release();
    await held;
    // Two clients asking in turn, each request alone: both connections count while they ask within the
    // window (50 ms). A pause of the machine between two requests can outlast it, so a few pairs are tried.
    await new Promise((r) => setTimeout(r, 150));
    expect(await get('/seen', one)).toEqual({ othersMayWait: false });
    const pairs: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      await get('/seen', one);
      pairs.push(await get('/seen', two));
    }
    expect(pairs).toContainEqual({ othersMayWait: true });
    one.destroy();
    two.destroy();
    await app.close();
  });
});
