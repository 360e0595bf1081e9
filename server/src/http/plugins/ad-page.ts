import { adItemUrl, adPath, decodedPath, type ProviderItem } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { askAnonymously, sendPage } from './page-parts.ts';

/**
 * An ad's page (`/ads/{id}/{slug}`): a 404 when the public cannot read the ad (the plain page when its
 * read fails otherwise); a 301 to the ad's one address when the slug is missing or not the ad's (its
 * name or city changed since the link was made); otherwise the public page (`sendPublicPage`: the
 * server's render). The read is the route's own, asked as an anonymous visitor: a hidden ad is not shown
 * to search engines, while its owner, signed in, still sees it in the app.
 */
export async function serveAdPage(
  req: FastifyRequest,
  reply: FastifyReply,
  shell: string,
  id: number,
  sendPublicPage: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const item = await askAnonymously(req, adItemUrl(id));
  if (item.statusCode === 404 || item.statusCode === 400) return sendPage(req, reply.code(404), shell);
  // Any other failure (a rate limit, the database away) is not the ad's absence: the plain page, whose
  // app asks again, rather than a 404 that would make search engines drop a live ad.
  if (item.statusCode !== 200) return sendPage(req, reply, shell);
  const answer = JSON.parse(item.body) as { data: ProviderItem };
  const canonicalPath = adPath(id, answer.data.attributes);
  const [pathname, query] = splitUrl(req.url);
  if (decodedPath(pathname) !== canonicalPath) {
    return reply.redirect(canonicalPath + (query === undefined ? '' : `?${query}`), 301);
  }
  return sendPublicPage(req, reply);
}

/** The path and the query string (undefined without a `?`). */
function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}
