import { randomBytes } from 'node:crypto';
import { nowIso } from '../src/db/dialect.ts';
import { apiCalls, type TestContext, type TestUser } from './helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/** Factories and calls shared by the places tests (places.test.ts, places-reviews.test.ts) and others. */

export type { Json } from './helpers.ts';

/** The cities the places tests use (the suite runs without the 20,000 seeded ones). */
export async function seedPlaceCities(ctx: TestContext): Promise<void> {
  await ctx.database.db
    .insertInto('cities')
    .values(
      [
        ['San Jose', 'CA', 'California'],
        ['Oakland', 'CA', 'California'],
        ['Los Angeles', 'CA', 'California'],
        ['San Francisco', 'CA', 'California'],
        ['Reno', 'NV', 'Nevada'],
      ].map(([city_name, state_code, state_name]) => ({
        city_name: city_name!,
        state_code: state_code!,
        state_name: state_name!,
        country_code: 'US',
      })),
    )
    .execute();
}

/**
 * A place of `ownerId` inserted straight into the database, of the type `type` (a venue kind): approved and
 * shown, or (`shown: false`) a new place waiting for review.
 */
export async function insertPlace(
  ctx: TestContext,
  ownerId: number,
  opts: { type?: string; shown?: boolean } = {},
): Promise<number> {
  const db = ctx.database.db;
  const type = await db
    .selectFrom('place_types')
    .select('id')
    .where('type', '=', opts.type ?? 'eroticbody')
    .executeTakeFirstOrThrow();
  const shown = opts.shown ?? true;
  const now = nowIso();
  const row = await db
    .insertInto('places')
    .values({
      name: 'Velvet Room',
      place_type_id: type.id,
      phone: '555-0100',
      email: 'room@example.test',
      user_id: ownerId,
      is_showed: shown ? 1 : 0,
      review_state: shown ? 'approved' : 'pending',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function placesApi(ctx: TestContext) {
  const { call, ok, listed, approveRevision } = apiCalls(ctx);

  const typeIds = new Map<string, number>();
  /** The id of a place type by its `type` text (eroticbody, sextoy, stripclub). */
  async function typeId(type = 'eroticbody'): Promise<number> {
    if (!typeIds.size) {
      const rows = await ctx.database.db.selectFrom('place_types').select(['id', 'type']).execute();
      for (const r of rows) typeIds.set(r.type, Number(r.id));
    }
    return typeIds.get(type)!;
  }

  /** A new address of `user` through the API. */
  async function newAddress(user: TestUser, overrides: Record<string, unknown> = {}): Promise<number> {
    const body = {
      data: {
        location: '1 Placeholder Street',
        city: 'San Jose',
        state: 'CA',
        postal_code: '95112',
        country: 'US',
        ...overrides,
      },
    };
    return (await ok('POST', '/api/addresses', { user, body })).data.id;
  }

  let seq = 0;
  /** A valid place body of `user`: a fresh address and an uploaded picture unless given. */
  async function placeBody(
    user: TestUser,
    overrides: Record<string, unknown> = {},
    where: { city?: string; state?: string; type?: string } = {},
  ) {
    return {
      data: {
        name: `Placeholder Spa ${++seq}`,
        vendor_type: await typeId(where.type),
        address: await newAddress(user, {
          city: where.city ?? 'San Jose',
          state: where.state ?? 'CA',
        }),
        phone: '5550100',
        email: 'place@example.test',
        website: 'https://example.test',
        image: await uploadImage(ctx, user),
        ...overrides,
      },
    };
  }

  /** A new place of `user` through the API (pending); answers its id. */
  async function newPlace(
    user: TestUser,
    where: { city?: string; state?: string; type?: string } = {},
    overrides: Record<string, unknown> = {},
  ): Promise<number> {
    return (await ok('POST', '/api/vendors', { user, body: await placeBody(user, overrides, where) })).data
      .id;
  }

  /** The admin's approval. */
  const approve = (admin: TestUser, id: number) =>
    ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { review: 'approved' } } });

  /** A multipart create: `data` JSON text and (unless left out) a file as `files.image`. */
  function multipart(
    user: TestUser | null,
    data: unknown,
    file?: { bytes: Buffer; name: string; type: string },
    opts: { fileFirst?: boolean; twice?: boolean } = {},
  ) {
    const boundary = `----ltf-${randomBytes(8).toString('hex')}`;
    const dataPart =
      data === undefined
        ? []
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${typeof data === 'string' ? data : JSON.stringify(data)}\r\n`,
            ),
          ];
    const filePart = file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files.image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from('\r\n'),
        ]
      : [];
    const files = opts.twice ? [...filePart, ...filePart] : filePart;
    const parts: Buffer[] = opts.fileFirst ? [...files, ...dataPart] : [...dataPart, ...files];
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/vendors',
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(user ? user.auth : {}) },
    });
  }

  return { call, ok, typeId, newAddress, placeBody, newPlace, approve, approveRevision, multipart, listed };
}
