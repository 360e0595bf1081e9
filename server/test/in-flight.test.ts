import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDLE_LINGER_MS, othersMayWait, waitForRequestsOnClose } from '../src/http/in-flight.ts';

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

  it('closes at once when nothing is in flight and no connection is open', async () => {
    const app = Fastify();
    waitForRequestsOnClose(app);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await get(port, '/', new http.Agent({ keepAlive: false }));
    expect(res.status).toBe(200);
    const t = Date.now();
    await app.close();
    expect(Date.now() - t).toBeLessThan(IDLE_LINGER_MS);
  });

  it('refuses new connections at once, answers on open ones with Connection: close, then closes the idle ones', async () => {
    const app = Fastify({ return503OnClosing: false });
    waitForRequestsOnClose(app, 30_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHeld = new Promise<void>((r) => (entered = r));
    app.get('/held', async () => {
      entered();
      await gate;
      return { held: true };
    });
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A keep-alive connection, idle when the close starts.
    expect((await get(port, '/', kept)).connection).not.toBe('close');
    const held = get(port, '/held', new http.Agent({ keepAlive: true }));
    await inHeld;

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    // No new connection…
    await expect(get(port, '/', new http.Agent({ keepAlive: false }))).rejects.toThrow(/ECONNREFUSED/);
    // …but a request on the open one is answered (no 503), and told to close the connection.
    const again = await get(port, '/', kept);
    expect(again).toEqual({ status: 200, connection: 'close', body: { ok: true } });
    expect(closed).toBe(false);
    release();
    expect(await held).toEqual({ status: 200, connection: 'close', body: { held: true } });
    await closing;
    kept.destroy();
  });

  it('closes a keep-alive connection left idle once the linger is over', async () => {
    const app = Fastify();
    waitForRequestsOnClose(app, 30_000);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(port, '/', kept);
    const [socket] = Object.values(kept.freeSockets).flat();
    const ended = new Promise<void>((r) => socket!.once('close', () => r()));
    await app.close();
    await ended;
    kept.destroy();
  });
});

/** GET `path` through `agent`: the status, the `Connection` header and the JSON body. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, agent }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }),
        );
      })
      .on('error', reject);
  });
}

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
