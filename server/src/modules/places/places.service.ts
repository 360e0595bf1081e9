import { MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import { findAccessRows, RULES, shownOrOwnPlace } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { ScopeFn } from '../../http/strapi/resource.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MediaContext } from '../media/index.ts';
import { withRevisionFor } from '../moderation/index.ts';
import { ownPlaceResource, placeResource } from './places.resources.ts';
import { ownerFilterId } from '../../http/query.ts';
import type { Storage } from '../../storage/index.ts';

/**
 * The places area's services: what they share and the reads of places here; the writes of places in
 * `places.writes.ts`, an owner's revision in `places.revisions.ts`, addresses in `places.addresses.ts`
 * and reviews in `places.reviews.ts`.
 */

/** What the places area's services need: the database, the upload pipeline and the mailer. */
export interface PlacesContext {
  db: Kysely<DB>;
  /** `<DATA_DIR>/uploads`: replaced and deleted places' files are removed there. */
  storage: Storage;
  media: MediaContext;
  mailer: Mailer;
}

type Query = Record<string, unknown>;

export const PLACE_NOT_FOUND = RULES['place.read'].missing;

/** The create's missing picture: 'Required' at `image` (spec 000 §5 "Vendor create"). */
export const imageRequired = () =>
  fieldError(['image'], MESSAGES.placeForm.required, { title: `image: ${MESSAGES.placeForm.required}` });

/**
 * `GET /api/vendors`: public places for anyone; an owner who filters on their own id (My Places)
 * also sees their places in any state, with the review's state and reason; the admin sees all.
 */
export function listPlaces(p: PlacesContext, actor: Actor | null, query: Query) {
  if (isAdmin(actor))
    return findMany(p.db, ownPlaceResource, parseQuery(ownPlaceResource, query), { scope: null });
  if (actor && ownerFilterId(query) === actor.id) {
    const scope: ScopeFn = shownOrOwnPlace(actor.id);
    return findMany(p.db, ownPlaceResource, parseQuery(ownPlaceResource, query), { scope });
  }
  return findMany(p.db, placeResource, parseQuery(placeResource, query));
}

/** `GET /api/vendors/:id`: a pending or rejected place is a 404 but to its owner and the admin. */
export async function getPlace(p: PlacesContext, actor: Actor | null, id: number, query: Query) {
  const [row] = await findAccessRows(p.db, actor, 'place.update', [id]);
  if (!row) throw notFound(PLACE_NOT_FOUND);
  const def = row.allowed ? ownPlaceResource : placeResource;
  const item = await findOne(p.db, def, id, parseQuery(def, query), { scope: null });
  if (!item) throw notFound(PLACE_NOT_FOUND);
  // The owner reads their changes waiting for review over the approved place.
  return row.allowed && !isAdmin(actor) ? withRevisionFor(p.db, actor, { type: 'vendor', id }, item) : item;
}

/**
 * A place as the admin's `GET /api/vendors/:id?populate=*` answers it (the moderation queue shows it so), or
 * undefined when there is none.
 */
export function readPlaceItem(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, ownPlaceResource, id, parseQuery(ownPlaceResource, { populate: '*' }), { scope: null });
}

/** A place as its owner (or the admin) reads it after a write: with the owner's revision, if any. */
export async function ownPlaceView(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const item = await getWrittenItem(p.db, ownPlaceResource, id);
  return withRevisionFor(p.db, actor, { type: 'vendor', id }, item);
}
