import { MESSAGES, type TProviderUpdate } from '@app/domain';
import type { Kysely } from 'kysely';
import type { FileClaim } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import { dataFieldError } from '../../http/errors.ts';
import { findPublicFilesShown } from '../media/index.ts';
import { countCitiesNamed, referenceRowExists, stateOfCountryExists } from './directory.queries.ts';

/*
 * The checks of an ad's write before it touches the ad: the files it names (claims on `requireOwnedFiles`,
 * documents not shown anywhere), its place (the location lookups) and its language and race.
 */

type FileFields = Pick<TProviderUpdate, 'images' | 'video' | 'docs'>;

/** The files an ad names, as claims on `requireOwnedFiles`: images, then the video, then documents. */
export function fileClaims(input: FileFields): FileClaim[] {
  const claim = (field: string, ids: readonly number[], use: FileClaim['use'], what: string): FileClaim => ({
    path: ['data', field],
    ids,
    use,
    message: (id) => `File ${id} is not ${what} you uploaded`,
    title: (id) => `data.${field}: File ${id} is not ${what} you uploaded`,
  });
  return [
    claim('images', input.images ?? [], 'image', 'a public image'),
    claim('video', input.video ? [input.video] : [], 'video', 'a video'),
    claim('docs', input.docs ?? [], 'document', 'a private document'),
  ];
}

/**
 * A public image named as an ID document turns private, so it must not be a picture
 * anything shows: one of this request's images or video, or a file an ad, an account or another
 * record already shows publicly. A 400 at `data.docs` otherwise; private uploads are always fine.
 */
export async function requireDocsNotShown(db: Kysely<DB>, input: FileFields): Promise<void> {
  const docs = input.docs ?? [];
  if (!docs.length) return;
  const shownHere = new Set([...(input.images ?? []), ...(input.video ? [input.video] : [])]);
  const inUse = await findPublicFilesShown(db, docs);
  const clash = docs.find((id) => shownHere.has(id)) ?? inUse[0]?.id;
  if (clash !== undefined) throw dataFieldError('docs', `${MESSAGES.adErrors.docShown} ${clash}`);
}

/**
 * The ad's place comes from the location lookups (spec 001 §2 "Create ad form"): a state of the
 * country, and a city of that state when the state's cities are loaded (an operator may load only
 * some). A 400 at the field otherwise. `current` is the ad's place before an edit.
 */
export async function checkLocation(
  db: Kysely<DB>,
  input: { country?: string | undefined; state?: string | undefined; city?: string | undefined },
  current?: { country: string; state: string; city: string },
): Promise<void> {
  if (input.country === undefined && input.state === undefined && input.city === undefined) return;
  const country = input.country ?? current?.country ?? 'US';
  const state = input.state ?? current?.state;
  // A new state keeps the stored city only if that city is one of the new state's.
  const city = input.city ?? current?.city;
  if (input.country !== undefined || input.state !== undefined) {
    if (!(await stateOfCountryExists(db, country, state ?? '')))
      throw dataFieldError('state', `${MESSAGES.adErrors.unknownState} ${state ?? ''}`);
  }
  if (city !== undefined && (input.city !== undefined || input.state !== undefined)) {
    const cities = await countCitiesNamed(db, state ?? '', city);
    if (cities.all > 0 && cities.hit === 0) {
      throw dataFieldError('city', `${MESSAGES.adErrors.unknownCity} ${city}`);
    }
  }
}

export async function checkReferences(
  db: Kysely<DB>,
  input: { language?: number | null; race?: number | null },
) {
  if (input.language) {
    if (!(await referenceRowExists(db, 'languages', input.language)))
      throw dataFieldError('language', `Unknown language ${input.language}`);
  }
  if (input.race) {
    if (!(await referenceRowExists(db, 'races', input.race)))
      throw dataFieldError('race', `Unknown race ${input.race}`);
  }
}
