import { MESSAGES, type TReactionType } from '@app/domain';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isAdmin, type Actor } from '../http/auth.ts';
import {
  everything,
  nothing,
  ownedBy,
  ownedProviderIds,
  shownOrOwnProvider,
  shownProvider,
  shownProviderById,
  onShownProvider,
  onShownPlace,
  shownOrOwnPlace,
  shownPlace,
  shownOrOwnProduct,
  shownProduct,
  type EB,
  type Scope,
} from './scopes.ts';

/**
 * Every record-level rule of the server, in one table: for each permission, which rows an actor may
 * see (`see`; any other is answered as missing, a 404, so its existence is not revealed) and, of
 * those, which the actor may act on (`act`; the rest are a 403). Both are SQL, so `requireAccess`
 * answers a whole list of ids with one query (the model is Immich's access repository).
 *
 * A new area adds its permissions here (`<record>.<verb>`), then calls `requireAccess` in its service
 * before it reads or writes a record by id; see docs/architecture.md "Adding an area".
 */
export interface Rule {
  table: keyof DB;
  /** Rows the actor may see; `everything` for the admin. */
  see: (actor: Actor | null) => Scope;
  /** Rows (of those seen) the actor may act on; left out: every row seen. */
  act?: (actor: Actor | null) => Scope;
  /** The 404's message. */
  missing?: string;
  /** The 403's message. */
  refused?: string;
}

const adminOr =
  (scope: (actor: Actor) => Scope) =>
  (actor: Actor | null): Scope =>
    isAdmin(actor) ? everything : actor ? scope(actor) : () => sql<SqlBool>`1 = 0`;

/** Ads: shown ones to anyone, one's own in any state, all to the admin. */
const seeProvider = (actor: Actor | null): Scope =>
  isAdmin(actor) ? everything : actor ? shownOrOwnProvider(actor.id) : shownProvider;

/** Files: public ones to anyone; private ones (ID documents) to their owner and the admin. */
const seeFile = (actor: Actor | null): Scope =>
  isAdmin(actor)
    ? everything
    : (eb, a) =>
        eb.or([
          eb(eb.ref(`${a}.is_private`), '!=', 1),
          ...(actor ? [eb(eb.ref(`${a}.owner_id`), '=', actor.id)] : []),
        ]);

/** Reactions and comments: on shown ads, plus one's own anywhere; the admin sees all. */
const seeOnShownOrOwn = (actor: Actor | null): Scope =>
  isAdmin(actor)
    ? everything
    : (eb, a) =>
        eb.or([onShownProvider(eb, a), ...(actor ? [eb(eb.ref(`${a}.user_id`), '=', actor.id)] : [])]);

/** Reactions of one kind: likes, dislikes and averages share a table, and each path sees its own. */
const seeReaction =
  (kind: TReactionType) =>
  (actor: Actor | null): Scope => {
    const see = seeOnShownOrOwn(actor);
    return (eb, a) => eb.and([eb(eb.ref(`${a}.kind`), '=', kind), see(eb, a)]);
  };

/** Tips: one's own and those to one's ads; the admin sees all. */
const seeAuthorOrRecipient = adminOr(
  (actor) => (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.user_id`), '=', actor.id),
      eb(eb.ref(`${a}.provider_id`), 'in', ownedProviderIds(eb, actor.id)),
    ]),
);

/** Rows of a conversation (or its messages) one is a side of: its hobbyist or the ad's owner. */
const conversationSides =
  (actor: Actor): Scope =>
  (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.user_id`), '=', actor.id),
      eb(eb.ref(`${a}.provider_id`), 'in', ownedProviderIds(eb, actor.id)),
    ]);

const seeConversationSides = (actor: Actor | null): Scope => (actor ? conversationSides(actor) : nothing);

/**
 * Ledger rows: one's own (tip credits already name the provider's user) and those of tips to one's
 * ads (../shared/design/permissions.md). A tipper follows a tip's payment state on the tip itself.
 */
const seeTransaction = adminOr(
  (actor) => (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.user_id`), '=', actor.id),
      eb(
        eb.ref(`${a}.tip_id`),
        'in',
        eb
          .selectFrom('tips as tt')
          .select('tt.id')
          .where((e) => e('tt.provider_id', 'in', ownedProviderIds(e, actor.id))),
      ),
    ]),
);

// Places: public places to anyone, one's own in any state, all to the admin; addresses
// to their owner and the admin; reviews on public places to anyone, one's own anywhere.
const seePlace = (actor: Actor | null): Scope =>
  isAdmin(actor) ? everything : actor ? shownOrOwnPlace(actor.id) : shownPlace;
/** The row's `user_id` is the actor's (a place's or address's owner, a review's author); the admin: all. */
const ownedByActorOrAdmin = adminOr((actor) => ownedBy(actor.id));
const seeVenueReview = (actor: Actor | null): Scope =>
  isAdmin(actor)
    ? everything
    : (eb, a) => eb.or([onShownPlace(eb, a), ...(actor ? [eb(eb.ref(`${a}.user_id`), '=', actor.id)] : [])]);
const PLACE_MISSING = MESSAGES.venues.notFound;

// The store: products on sale to anyone, a signed-in account's own (not archived) too, all
// to the admin; the owner or the admin changes a product. Carts: one's own, all to the admin.
const seeProduct = (actor: Actor | null): Scope =>
  isAdmin(actor) ? everything : actor ? shownOrOwnProduct(actor.id) : shownProduct;
const PRODUCT_MISSING = MESSAGES.shopErrors.productNotFound;

/**
 * Accounts: oneself in any state, all to the admin; anyone else sees only an account that owns a public
 * ad (whose owner is active), because the ad already shows that a provider stands behind it. Hobbyists,
 * sellers, admins and providers without a public ad are not there for others (a 404, as if missing).
 */
const seeUser = (actor: Actor | null): Scope =>
  isAdmin(actor)
    ? everything
    : (eb, a) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('providers as owned_ad')
              .select('owned_ad.id')
              .whereRef('owned_ad.user_id', '=', `${a}.id`)
              .where((e: EB) => shownProvider(e, 'owned_ad')),
          ),
          ...(actor ? [eb(eb.ref(`${a}.id`), '=', actor.id)] : []),
        ]);

const author = adminOr((actor) => ownedBy(actor.id));

// Orders: an order and its checkout details to the buyer (and the admin); a line to its
// buyer and to the seller whose product it is. The seller ships their lines; the buyer removes a line
// of an open order (the seed client's calls).
const ORDER_MISSING = MESSAGES.shopErrors.orderNotFound;
const LINE_MISSING = MESSAGES.shopErrors.lineNotFound;
const seeOrderLine = adminOr(
  (actor) => (eb, a) =>
    eb.or([eb(eb.ref(`${a}.user_id`), '=', actor.id), eb(eb.ref(`${a}.seller_id`), '=', actor.id)]),
);
const lineSeller = adminOr((actor) => ownedBy(actor.id, 'seller_id'));
const AUTHOR_ONLY = 'Only the author or an administrator may do this';

// Screening: provider accounts share every record, rating and comment (so they share what
// they know); each changes only their own ratings and comments; the admin sees and removes everything.
const seeScreening = adminOr((actor) => (actor.userType === 'Provider' ? everything : nothing));
const screeningAuthor = adminOr((actor) => (actor.userType === 'Provider' ? ownedBy(actor.id) : nothing));
/** Likes, averages and dislikes of numbers share a table, and each path sees its own. */
const seeHobbyistRating =
  (kind: DB['hobbyist_ratings']['kind']) =>
  (actor: Actor | null): Scope => {
    const see = seeScreening(actor);
    return (eb, a) => eb.and([eb(eb.ref(`${a}.kind`), '=', kind), see(eb, a)]);
  };
const hobbyistRatingRules = (kind: DB['hobbyist_ratings']['kind']) =>
  [
    { table: 'hobbyist_ratings', see: seeHobbyistRating(kind) },
    { table: 'hobbyist_ratings', see: seeHobbyistRating(kind), act: screeningAuthor, refused: AUTHOR_ONLY },
  ] as const;

export const RULES = {
  'provider.read': { table: 'providers', see: seeProvider, missing: 'Provider not found' },
  'provider.update': {
    table: 'providers',
    see: seeProvider,
    act: author,
    missing: 'Provider not found',
    refused: 'Only the owner may change this ad',
  },
  'file.read': { table: 'files', see: seeFile, missing: 'File not found' },
  'file.delete': {
    table: 'files',
    see: seeFile,
    act: adminOr((actor) => ownedBy(actor.id, 'owner_id')),
    missing: 'File not found',
    refused: 'Only the owner or an administrator may delete this file',
  },
  /** A provider a hobbyist may react to, comment on, message, mail or tip: a shown one. */
  'provider.engage': {
    table: 'providers',
    see: () => shownProviderById,
    missing: MESSAGES.providerRefErrors.providerNotFound,
  },
  'like.read': { table: 'reactions', see: seeReaction('like') },
  'like.update': { table: 'reactions', see: seeReaction('like'), act: author, refused: AUTHOR_ONLY },
  'dislike.read': { table: 'reactions', see: seeReaction('dislike') },
  'dislike.update': { table: 'reactions', see: seeReaction('dislike'), act: author, refused: AUTHOR_ONLY },
  'average.read': { table: 'reactions', see: seeReaction('average') },
  'average.update': { table: 'reactions', see: seeReaction('average'), act: author, refused: AUTHOR_ONLY },
  'comment.read': { table: 'comments', see: seeOnShownOrOwn },
  'comment.update': { table: 'comments', see: seeOnShownOrOwn, act: author, refused: AUTHOR_ONLY },
  /**
   * Messages: read by the two sides of their conversation only. The admin does not browse them: a message
   * reaches the staff when one side reports it (decision 0019).
   */
  'message.read': { table: 'messages', see: seeConversationSides },
  /**
   * Editing or deleting a message: the side that wrote it (the hobbyist or the ad's owner); the admin may too
   * (moderation of a reported message, in the audit log) without reading the others.
   */
  'message.update': {
    table: 'messages',
    see: adminOr(conversationSides),
    act: adminOr(
      (actor) => (eb, a) =>
        eb.or([
          eb.and([eb(eb.ref(`${a}.user_id`), '=', actor.id), eb(eb.ref(`${a}.from_provider`), '=', 0)]),
          eb.and([
            eb(eb.ref(`${a}.provider_id`), 'in', ownedProviderIds(eb, actor.id)),
            eb(eb.ref(`${a}.from_provider`), '=', 1),
          ]),
        ]),
    ),
    refused: AUTHOR_ONLY,
  },
  /** Reporting a message to the staff: either side of its conversation (not the admin). */
  'message.report': {
    table: 'messages',
    see: seeConversationSides,
    act: (actor) => (actor ? conversationSides(actor) : nothing),
    refused: MESSAGES.cardMessages.reportRefused,
  },
  /** Answering a message in its conversation: the owner of the ad it was sent to, nobody else (not the admin). */
  'message.reply': {
    table: 'messages',
    see: seeConversationSides,
    act: (actor) =>
      actor ? (eb, a) => eb(eb.ref(`${a}.provider_id`), 'in', ownedProviderIds(eb, actor.id)) : nothing,
    refused: MESSAGES.reviewMail.replyRefused,
  },
  /**
   * A conversation: its two sides only (the hobbyist and the ad's owner). Not the admin: the staff read a
   * message when one side reports it.
   */
  'conversation.read': {
    table: 'conversations',
    see: seeConversationSides,
    missing: MESSAGES.conversations.notFound,
  },
  'tip.read': { table: 'tips', see: seeAuthorOrRecipient },
  /** Reviewing a tip's payment: the admin only. */
  'tip.update': {
    table: 'tips',
    see: seeAuthorOrRecipient,
    act: adminOr(() => nothing),
    refused: 'Only an administrator may do this',
  },
  'transaction.read': { table: 'transactions', see: seeTransaction },
  // Places: the owner (a provider) or the admin changes a place and its address; the
  // author (a hobbyist) or the admin a review; a review is written on a public place only.
  'place.read': { table: 'places', see: seePlace, missing: PLACE_MISSING },
  'place.update': {
    table: 'places',
    see: seePlace,
    act: ownedByActorOrAdmin,
    missing: PLACE_MISSING,
    refused: 'Only the owner may change this place',
  },
  'place.engage': { table: 'places', see: () => shownPlace, missing: PLACE_MISSING },
  'address.read': { table: 'addresses', see: ownedByActorOrAdmin, missing: 'Address not found' },
  'address.update': {
    table: 'addresses',
    see: ownedByActorOrAdmin,
    act: ownedByActorOrAdmin,
    missing: 'Address not found',
    refused: 'Only the owner may change this address',
  },
  'placeReview.read': { table: 'place_reviews', see: seeVenueReview, missing: 'Review not found' },
  'placeReview.update': {
    table: 'place_reviews',
    see: seeVenueReview,
    act: ownedByActorOrAdmin,
    missing: 'Review not found',
    refused: AUTHOR_ONLY,
  },
  // The store.
  'product.read': { table: 'products', see: seeProduct, missing: PRODUCT_MISSING },
  'product.update': {
    table: 'products',
    see: seeProduct,
    act: ownedByActorOrAdmin,
    missing: PRODUCT_MISSING,
    refused: 'Only the owner may change this product',
  },
  'cart.read': { table: 'carts', see: ownedByActorOrAdmin, missing: 'Cart item not found' },
  'cart.update': {
    table: 'carts',
    see: ownedByActorOrAdmin,
    act: ownedByActorOrAdmin,
    missing: 'Cart item not found',
    refused: 'Only the owner may change this cart item',
  },
  // Orders: the buyer's own; lines also to their seller; the admin all.
  'order.read': { table: 'orders', see: author, missing: ORDER_MISSING },
  'order.update': { table: 'orders', see: author, missing: ORDER_MISSING },
  'orderLine.read': { table: 'order_lines', see: seeOrderLine, missing: LINE_MISSING },
  /** A line's state: its seller (shipping) or the admin. */
  'orderLine.ship': {
    table: 'order_lines',
    see: seeOrderLine,
    act: lineSeller,
    missing: LINE_MISSING,
    refused: MESSAGES.shopErrors.notAllowedStatus,
  },
  /** Removing a line of an open order: its buyer or the admin. */
  'orderLine.update': {
    table: 'order_lines',
    see: seeOrderLine,
    act: author,
    missing: LINE_MISSING,
    refused: MESSAGES.shopErrors.buyerOnly,
  },
  'orderDetail.read': { table: 'order_details', see: author, missing: MESSAGES.shopErrors.detailsNotFound },
  /** Subscriptions: one's own, all to the admin. */
  'subscription.read': { table: 'subscriptions', see: author, missing: 'Subscription not found' },
  /** Checking a subscription's payment, granting extra ads: the admin only. */
  'subscription.update': {
    table: 'subscriptions',
    see: author,
    act: adminOr(() => nothing),
    missing: 'Subscription not found',
    refused: 'Only an administrator may do this',
  },
  'user.read': { table: 'users', see: seeUser },
  'user.update': {
    table: 'users',
    see: seeUser,
    act: adminOr((actor) => (eb, a) => eb(eb.ref(`${a}.id`), '=', actor.id)),
    refused: 'You may only edit your own profile',
  },
  // Screening: the routes let provider accounts and the admin through; records are
  // removed and renumbered by the admin only.
  'customerHobbyist.read': { table: 'customer_hobbyists', see: seeScreening, missing: 'Record not found' },
  'customerHobbyist.update': {
    table: 'customer_hobbyists',
    see: seeScreening,
    act: adminOr(() => nothing),
    missing: 'Record not found',
    refused: 'Only an administrator may do this',
  },
  'hobbyistLike.read': hobbyistRatingRules('like')[0],
  'hobbyistLike.update': hobbyistRatingRules('like')[1],
  'hobbyistAverage.read': hobbyistRatingRules('average')[0],
  'hobbyistAverage.update': hobbyistRatingRules('average')[1],
  'hobbyistDislike.read': hobbyistRatingRules('dislike')[0],
  'hobbyistDislike.update': hobbyistRatingRules('dislike')[1],
  'hobbyistComment.read': { table: 'hobbyist_comments', see: seeScreening },
  'hobbyistComment.update': {
    table: 'hobbyist_comments',
    see: seeScreening,
    act: screeningAuthor,
    refused: AUTHOR_ONLY,
  },
} as const satisfies Record<string, Rule>;

/** What may be asked: `<record>.<verb>`. Deleting is the same right as updating. */
export type Permission = keyof typeof RULES;
