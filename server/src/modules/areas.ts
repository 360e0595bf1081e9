import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { applyAdRevision, readProviderItem } from './directory/index.ts';
import { directoryRoutes } from './directory/directory.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { moderationRoutes } from './moderation/moderation.routes.ts';
import type { ReviewedAreas } from './moderation/index.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import {
  applyPlaceRevision,
  lockPlacesReviewedBy,
  readPlaceItem,
  recountPlaceRating,
} from './places/index.ts';
import { placesRoutes } from './places/places.routes.ts';
import { deleteAccount, privacyContext } from './privacy/index.ts';
import { privacyRoutes } from './privacy/privacy.routes.ts';
import { reactionsRoutes } from './reactions/reactions.routes.ts';
import { savedRoutes } from './saved/saved.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import './resources.ts';
import { screeningReviewRoutes, screeningRoutes } from './screening/screening.routes.ts';
import { shopRoutes } from './shop/shop.routes.ts';
import { sitemapsRoutes } from './sitemaps/sitemaps.routes.ts';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import type { ReviewedPlaces } from './users/index.ts';
import { usersRoutes } from './users/users.routes.ts';

/** One area's routes: a Fastify plugin that receives the app's context. */
export type AreaRoutes = (instance: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * What an area needs of an area that imports it, passed in here so that areas import each other in one
 * direction only: an account's block recounts the ratings of the places it reviewed; the moderation reads the
 * ads and places it reviews and applies their approved revisions; an account deleting itself (auth) is
 * deleted by the privacy area.
 */
const reviewedPlaces: ReviewedPlaces = {
  lockReviewedBy: lockPlacesReviewedBy,
  recountRating: recountPlaceRating,
};
const reviewedRecords: ReviewedAreas = {
  provider: { read: readProviderItem, applyRevision: applyAdRevision },
  vendor: { read: readPlaceItem, applyRevision: applyPlaceRevision },
};

/**
 * Every area's routes, each imported from its routes file (an area's index.ts holds only what other areas
 * use), in the order app.ts registers them (the order of the OpenAPI document). A new area
 * (`server/src/modules/<area>/`) adds its `<area>Routes` here.
 */
export const AREA_ROUTES: readonly AreaRoutes[] = [
  systemRoutes,
  (instance, ctx) =>
    authRoutes(instance, ctx, (actor, userId, log) =>
      deleteAccount(privacyContext(ctx.db, ctx.storage), actor, userId, log),
    ),
  (instance, ctx) => usersRoutes(instance, ctx, reviewedPlaces),
  mediaRoutes,
  contentRoutes,
  referenceRoutes,
  directoryRoutes,
  reactionsRoutes,
  savedRoutes,
  commentsRoutes,
  messagesRoutes,
  billingRoutes,
  subscriptionsRoutes,
  placesRoutes,
  screeningRoutes,
  screeningReviewRoutes,
  shopRoutes,
  ordersRoutes,
  adminRoutes,
  privacyRoutes,
  (instance, ctx) => moderationRoutes(instance, ctx, reviewedRecords),
  auditRoutes,
  sitemapsRoutes,
];
