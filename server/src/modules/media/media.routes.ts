import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, anyone, ownerOrAdmin, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { flatten } from '../../http/strapi/find.ts';
import { fileResource } from './media.resources.ts';
import { FORMAT_NAMES } from './media.images.ts';
import { deleteFile, getFile, getFileContent, listFiles, type MediaContext } from './media.service.ts';
import { uploadFiles } from './media.upload.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';

export const ZFileContentQuery = z.object({
  format: z.enum(FORMAT_NAMES).optional(),
});

/**
 * Uploads are open to anyone (anonymous ones are private registration documents), so they are
 * rate-limited per account, and more tightly per address for anonymous callers.
 */
const uploadRateLimit = routeLimit({
  max: (req) => (req.actor ? 120 : 20),
  per: 'minute',
  perAccount: 'upload',
});

/** Strapi's upload plugin: `POST /api/upload`, and the file records at `/api/upload/files`, as flat objects. */
export async function mediaRoutes(instance: FastifyInstance, { db, config, storage }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The address hash is keyed with the token secret: a stored row never reveals the address.
  const media: MediaContext = { db, storage, addressKey: config.jwtSecret };

  app.post(
    '/api/upload',
    withAccess(anyone, {
      config: {
        rateLimit: uploadRateLimit,
        notAudited: "one's own new file (recorded when a record uses it)",
      },
    }),
    async (req, reply) => {
      const uploaded = await uploadFiles(media, req.actor, () => req.parts(), req.ip);
      // An anonymous upload's claim token is answered here only: registration presents it with the id.
      return reply.code(201).send(
        uploaded.map(({ item, claimToken }) => ({
          ...flatten(item),
          ...(claimToken ? { claimToken } : {}),
        })),
      );
    },
  );

  app.get('/api/upload/files', withAccess(adminOnly), async (req) => {
    const result = await listFiles(db, strapiQuery(req, fileResource));
    return result.data.map(flatten);
  });

  app.get('/api/upload/files/:id', withAccess(anyone), async (req) => {
    return flatten(await getFile(db, req.actor, idParam(req), strapiQuery(req, fileResource)));
  });

  app.get(
    '/api/upload/files/:id/content',
    withAccess(anyone, { schema: { querystring: ZFileContentQuery } }),
    async (req, reply) => {
      const content = await getFileContent(media, req.actor, idParam(req), req.query.format);
      if (content.kind === 'redirect') return reply.redirect(content.url, 302);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', content.mime)
        .header('content-length', content.size)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(content.fileName)}`)
        .send(content.stream);
    },
  );

  app.delete('/api/upload/files/:id', withAccess(ownerOrAdmin), async (req) => {
    return flatten(await deleteFile(media, req.actor, idParam(req)));
  });
}
