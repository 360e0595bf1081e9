/**
 * Comments: what other modules may use of this area. Messages are the private twin of comments
 * (author-owned text on a provider's ad), so the parameterised use cases and routes live here and
 * messages/ declares its `PostKind` and registers them with `registerPostRoutes`.
 */
export { registerPostRoutes } from './comments.routes.ts';
export { authoredPosts, type PostKind } from './comments.service.ts';
