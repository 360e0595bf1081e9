import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { adminRoutes } from './admin/index.ts';
import { auditRoutes } from './audit/index.ts';
import { authRoutes } from './auth/index.ts';
import { billingRoutes } from './billing/index.ts';
import { commentsRoutes } from './comments/index.ts';
import { contentRoutes } from './content/index.ts';
import { directoryRoutes } from './directory/index.ts';
import { mediaRoutes } from './media/index.ts';
import { messagesRoutes } from './messages/index.ts';
import { moderationRoutes } from './moderation/index.ts';
import { ordersRoutes } from './orders/index.ts';
import { placesRoutes } from './places/index.ts';
import { reactionsRoutes } from './reactions/index.ts';
import { referenceRoutes } from './reference/index.ts';
import { screeningRoutes } from './screening/index.ts';
import { shopRoutes } from './shop/index.ts';
import { subscriptionsRoutes } from './subscriptions/index.ts';
import { systemRoutes } from './system/index.ts';
import { usersRoutes } from './users/index.ts';

/** One area's routes: a Fastify plugin that receives the app's context. */
export type AreaRoutes = (instance: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * Every area's routes, in the order app.ts registers them (the order of the OpenAPI document). A new
 * area (`server/src/modules/<area>/`) adds its `<area>Routes` here.
 */
export const AREA_ROUTES: readonly AreaRoutes[] = [
  systemRoutes,
  authRoutes,
  usersRoutes,
  mediaRoutes,
  contentRoutes,
  referenceRoutes,
  directoryRoutes,
  reactionsRoutes,
  commentsRoutes,
  messagesRoutes,
  billingRoutes,
  subscriptionsRoutes,
  placesRoutes,
  screeningRoutes,
  shopRoutes,
  ordersRoutes,
  adminRoutes,
  moderationRoutes,
  auditRoutes,
];
