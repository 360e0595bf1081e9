import { MESSAGES } from '@app/domain';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { getResource, type ScopeFn } from '../../http/strapi/resource.ts';
import type { ReactionKind } from './engagement.resources.ts';

/**
 * Who may see and change engagement records. Every read goes through one of these scopes (SQL that
 * keeps only the rows the actor may see); every write first loads the row within that scope (a miss
 * is a 404) and then asks `requireAuthorOrAdmin` (a visible row the actor may not change is a 403).
 */

type EB = Parameters<ScopeFn>[0];

/** A shown provider, as the provider resource defines it (the listing's rule). */
export function shownProvider(eb: EB, alias: string): Expression<SqlBool> {
  const scope = getResource('provider').publicScope;
  return scope ? scope(eb, alias) : eb(eb.ref(`${alias}.is_showed`), '=', 1);
}

const shownProviderIds = (eb: EB) =>
  eb
    .selectFrom('providers as sp')
    .select('sp.id')
    .where((e: EB) => shownProvider(e, 'sp'));

const ownedProviderIds = (eb: EB, actorId: number) =>
  eb.selectFrom('providers as op').select('op.id').where('op.user_id', '=', actorId);

const everything: ScopeFn = () => sql<SqlBool>`1 = 1`;

/** Reactions of one kind: on shown providers, plus the actor's own anywhere; the admin sees all. */
export function reactionScope(kind: ReactionKind, actor: Actor | null): ScopeFn {
  return (eb, a) =>
    eb.and([
      eb(eb.ref(`${a}.kind`), '=', kind),
      isAdmin(actor)
        ? sql<SqlBool>`1 = 1`
        : eb.or([
            eb(eb.ref(`${a}.provider_id`), 'in', shownProviderIds(eb)),
            ...(actor ? [eb(eb.ref(`${a}.user_id`), '=', actor.id)] : []),
          ]),
    ]);
}

/** Comments: on shown providers, plus the actor's own anywhere; the admin sees all. */
export function commentScope(actor: Actor | null): ScopeFn {
  if (isAdmin(actor)) return everything;
  return (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.provider_id`), 'in', shownProviderIds(eb)),
      ...(actor ? [eb(eb.ref(`${a}.user_id`), '=', actor.id)] : []),
    ]);
}

/**
 * Messages and tips: the actor's own (as author or tipper) and those to providers the actor owns;
 * the admin sees all. A vendor owns no provider and writes none, so sees none.
 */
export function authorOrRecipientScope(actor: Actor): ScopeFn {
  if (isAdmin(actor)) return everything;
  return (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.user_id`), '=', actor.id),
      eb(eb.ref(`${a}.provider_id`), 'in', ownedProviderIds(eb, actor.id)),
    ]);
}

/**
 * Transactions: the actor's own (tip credits already name the provider's user), those of tips to
 * their providers, and the credits of tips they sent (the tipper follows the payment's state). A
 * wallet counts only the first two (`sumWallet`): a tip sent is not the tipper's money.
 */
export function transactionScope(actor: Actor): ScopeFn {
  if (isAdmin(actor)) return everything;
  return (eb, a) =>
    eb.or([
      eb(eb.ref(`${a}.user_id`), '=', actor.id),
      eb(
        eb.ref(`${a}.tip_id`),
        'in',
        eb
          .selectFrom('tips as tt')
          .select('tt.id')
          .where((e: EB) =>
            e.or([e('tt.provider_id', 'in', ownedProviderIds(e, actor.id)), e('tt.user_id', '=', actor.id)]),
          ),
      ),
    ]);
}

/**
 * Reacting, commenting, messaging, mailing and tipping are a hobbyist's own voice: the route lets
 * Hobbyist accounts through and this also refuses the admin (who is not a hobbyist; moderation is
 * by PUT and DELETE).
 */
export function requireHobbyist(actor: Actor | null): Actor {
  if (!actor || actor.userType !== 'Hobbyist') throw forbidden(MESSAGES.engagementErrors.hobbyistsOnly);
  return actor;
}

/** The author of a record or the admin; anyone else gets a 403 (they can see it, but not change it). */
export function requireAuthorOrAdmin(actor: Actor, row: { user_id: number }): void {
  if (!isAdmin(actor) && row.user_id !== actor.id)
    throw forbidden('Only the author or an administrator may do this');
}

/** A provider a hobbyist may react to, comment on, message, mail or tip: it must be shown. */
export async function requireShownProvider(
  db: Kysely<DB>,
  providerId: number,
): Promise<{ id: number; user_id: number }> {
  const row = await db
    .selectFrom('providers as p')
    .select(['p.id', 'p.user_id'])
    .where('p.id', '=', providerId)
    .where((eb) => shownProvider(eb as EB, 'p'))
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.engagementErrors.providerNotFound);
  return { id: Number(row.id), user_id: Number(row.user_id) };
}
