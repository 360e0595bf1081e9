import type { HealthResponse } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { anyone, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { errorBody } from '../../http/errors.ts';
import { FacetStore } from '../directory/index.ts';

export async function systemRoutes(app: FastifyInstance, { db, engine }: AppContext) {
  app.get('/api/health', withAccess(anyone, { config: { rateLimit: false } }), async (req, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.code(503).send(errorBody(503, 'ServiceUnavailableError', 'Database unavailable'));
    }
    const facets = FacetStore.report();
    const body: HealthResponse = {
      status: 'ok',
      database: engine,
      time: new Date().toISOString(),
      ...(facets ? { facets } : {}),
    };
    return body;
  });
}
