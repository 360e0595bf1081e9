import type { FastifyInstance, FastifyReply } from 'fastify';
import { anyone, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { KeptUntilChange } from '../../http/kept-until-change.ts';
import { sendNotFound } from '../../http/plugins/errors.ts';
import { nextSubscriptionChange } from '../directory/index.ts';
import { robotsTxt, sitemapFile, sitemapIndex } from './sitemaps.service.ts';

/** An XML answer that crawlers may keep for an hour. */
function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(xml);
}

/** robots.txt, the sitemap index and its files, for anyone. */
export async function sitemapsRoutes(app: FastifyInstance, { db, config, responseCache }: AppContext) {
  // Only files the index names are kept (a missing one is not), so their number stays bounded by the data.
  const cache = new KeptUntilChange<string>(
    () => responseCache.currentMark(),
    () => nextSubscriptionChange(db),
  );
  app.get('/robots.txt', withAccess(anyone), async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(config.publicUrl)),
  );
  app.get('/sitemap.xml', withAccess(anyone), async (_req, reply) =>
    sendXml(reply, (await cache.get('', () => sitemapIndex(db, config.publicUrl)))!),
  );
  app.get<{ Params: { file: string } }>('/sitemaps/:file', withAccess(anyone), async (req, reply) => {
    const xml = await cache.get(req.params.file, () => sitemapFile(db, config.publicUrl, req.params.file));
    return xml === undefined ? sendNotFound(reply) : sendXml(reply, xml);
  });
}
