import { MESSAGES } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RelationDef, ScopeFn } from '../../http/strapi/resource.ts';
import { publicUserResource } from '../users/users.resources.ts';
import { shownScope } from './directory.queries.ts';
import { providerResource } from './directory.resources.ts';

/**
 * What the areas that let hobbyists engage with a provider's ad (reactions, comments, messages and
 * the mail relay, tips in billing) need of the directory: which ad may be engaged with, who may
 * engage, and the ad's counters. Those areas import the directory (through its index.ts); the
 * directory imports none of them.
 */

type Db = Kysely<DB> | Transaction<DB>;
type AnyEB = Parameters<ScopeFn>[0];

/** The counters a provider row keeps of what hangs off it. */
export type ProviderCounter = 'likes_count' | 'dislikes_count' | 'averages_count' | 'comments_count';

/** Adds `delta` (+1 or -1) to one of a provider's counters, never below 0. */
export async function bumpProviderCounter(
  db: Db,
  providerId: number,
  counter: ProviderCounter,
  delta: 1 | -1,
): Promise<void> {
  const col = sql.ref(counter);
  await db
    .updateTable('providers')
    .set({
      [counter]: delta > 0 ? sql`${col} + 1` : sql`case when ${col} > 0 then ${col} - 1 else 0 end`,
    })
    .where('id', '=', providerId)
    .execute();
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
    .where((eb) => shownScope(eb as AnyEB, 'p'))
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.engagementErrors.providerNotFound);
  return { id: Number(row.id), user_id: Number(row.user_id) };
}

/**
 * The route options those areas share: who may call (`anyone`, `signedInOnly`, `hobbyist`, the
 * latter refusing every other account, the admin included, before the body is read) and a
 * `{ data }` body. Their OpenAPI tag stays `engagement`, as the API documented them before the split.
 */
export function engagementRouteOptions() {
  const tags = ['engagement'];
  const bearer = { security: [{ bearer: [] }], tags };
  return {
    anyone: { config: { access: 'public' as const }, schema: { tags } },
    bearer,
    signedInOnly: { config: { access: 'authenticated' as const }, schema: bearer },
    hobbyist: {
      config: { access: { userTypes: ['Hobbyist'] } as const },
      onRequest: async (req: FastifyRequest) => void requireHobbyist(req.actor),
    },
    body: <T extends z.ZodType>(data: T) => ({ ...bearer, body: z.object({ data }) }),
  };
}

/** The route's access check has run: the actor is there. */
export const actorOf = (req: FastifyRequest): Actor => req.actor!;

/** The relations of a record an account leaves on an ad: its author (public fields) and the ad. */
export function authorAndProviderRelations(): Record<'user' | 'provider', RelationDef> {
  return {
    user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
    provider: { kind: 'belongsTo', target: () => providerResource, column: 'provider_id' },
  };
}
