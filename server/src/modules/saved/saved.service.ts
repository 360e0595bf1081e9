import { SAVED_PAGING, type TSavedProvider } from '@app/domain';
import type { Kysely } from 'kysely';
import { findAccessRows, RULES } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { pagedList, pagingOf } from '../../http/paging.ts';
import { onlyParams } from '../../http/query.ts';
import { deleteSave, findSavedIds, insertSave, pageSaves } from './saved.queries.ts';

type Query = Record<string, unknown>;

/**
 * `PUT /api/saved-providers/:id`: saves an ad the caller can see (a shown one: else the ad's 404), with
 * its name and city now; saving twice, or in parallel, is one save.
 */
export async function saveProvider(db: Kysely<DB>, actor: Actor, providerId: number) {
  const [ad] = await findAccessRows(db, actor, 'provider.read', [providerId], ['name', 'title', 'city']);
  if (!ad) throw notFound(RULES['provider.read'].missing);
  const name = String(ad.name || ad.title || '');
  await insertSave(db, actor.id, { id: providerId, name, city: String(ad.city ?? '') });
  return { data: { provider: providerId, saved: true } };
}

/** `DELETE /api/saved-providers/:id`: removes the caller's save of an ad (whatever its state; none is fine). */
export async function unsaveProvider(db: Kysely<DB>, actor: Actor, providerId: number) {
  await deleteSave(db, actor.id, providerId);
  return { data: { provider: providerId, saved: false } };
}

/** `GET /api/saved-providers/ids`: the ids of the caller's saved ads that still exist (the hearts). */
export async function savedIds(db: Kysely<DB>, actor: Actor, query: Query) {
  onlyParams(query, []);
  return { data: await findSavedIds(db, actor.id) };
}

/**
 * `GET /api/saved-providers`: the caller's saves, newest first, each with its state now (shown, hidden,
 * gone). A shown ad answers its name and city now; a hidden or gone one only those it had when saved, so
 * nothing the public cannot read now reaches the hobbyist.
 */
export async function listSaved(db: Kysely<DB>, actor: Actor, query: Query) {
  onlyParams(query, ['pagination']);
  const paging = pagingOf(query, SAVED_PAGING);
  const { rows, total } = await pageSaves(db, actor.id, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  const data: TSavedProvider[] = rows.map((row) => {
    const exists = row.provider_id !== null && row.title !== null;
    const shown = exists && Number(row.shown) === 1;
    return {
      provider: exists ? Number(row.provider_id) : null,
      name: shown ? String(row.name || row.title) : row.saved_name,
      city: shown ? String(row.city) : row.saved_city,
      state: !exists ? 'gone' : shown ? 'shown' : 'hidden',
      savedAt: row.created_at,
    };
  });
  return pagedList(data, paging, total);
}
