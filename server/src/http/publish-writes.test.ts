import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installWriteListeners } from './publish-writes.ts';

describe('installWriteListeners', () => {
  it('calls the listeners after each successful write request only', async () => {
    const app = Fastify();
    let calls = 0;
    installWriteListeners(app, new Set([() => calls++]));
    app.post('/ok', async () => ({ ok: true }));
    app.put('/refused', async (_req, reply) => reply.code(400).send({ error: 'no' }));
    app.get('/read', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'PUT', url: '/refused' });
    expect(calls).toBe(0);
    await app.inject({ method: 'POST', url: '/ok' });
    expect(calls).toBe(1);
    await app.close();
  });
});
