import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renameUploadNames from '../src/db/migrations/20261129040000_rename_upload_names.ts';
import { MEDIA_LIMITS } from '../src/modules/media/media.limits.ts';
import { claimFiles, deleteExpiredAnonymousUploads } from '../src/modules/media/media.upload.ts';
import { uploadsRoot } from '../src/storage/index.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { buildMp4 } from './video-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----ltf-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (data: Buffer | string, filename: string, contentType?: string): Part => ({
  name: 'files',
  data,
  filename,
  ...(contentType ? { contentType } : {}),
});

function upload(parts: Part[], user?: TestUser | null, remoteAddress?: string) {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(user ? user.auth : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A file as the upload API answers it (flat, Strapi's upload plugin shape). */
interface UploadedFormat {
  name: string;
  url: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}
interface Uploaded {
  id: number;
  name: string;
  url: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  isPrivate: boolean;
  formats: {
    thumbnail: UploadedFormat;
    small: UploadedFormat;
    medium?: UploadedFormat;
    large?: UploadedFormat;
  };
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const SECRET_OWNER = 'secret-owner-copyright';
const SECRET_PLACE = 'WGS-84-secret-place';

/** An 800x600 JPEG turned on its side (EXIF orientation 6) with a copyright and a GPS position. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: SECRET_OWNER, Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 0/1',
        GPSMapDatum: SECRET_PLACE,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const png = (width: number, height: number, background = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A minimal MP4: one video track whose one sample is `payload` random bytes (video-fixtures.ts).
 * Uploads are cleaned and their length read (media/video/): this one has no metadata, so it is stored
 * byte for byte as sent.
 */
function tinyMp4(payload = 256): Buffer {
  return buildMp4({ payload: randomBytes(payload), seconds: 2 }).bytes;
}

function tinyMov(): Buffer {
  return buildMp4({ brand: 'qt  ', payload: randomBytes(128), seconds: 2 }).bytes;
}

// ---------------------------------------------------------------------------------------------
// Disk and database

const publicDir = () => path.join(uploadsRoot(ctx.config.dataDir), 'public');
const privateDir = () => path.join(uploadsRoot(ctx.config.dataDir), 'private');
const listDir = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

function fileRow(id: number) {
  return ctx.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every disk name of a record: the original and its formats (each with its own extension). */
async function diskNames(id: number): Promise<string[]> {
  const row = (await fileRow(id))!;
  const formats = Object.entries(JSON.parse(row.formats ?? '{}') as Record<string, { ext: string }>);
  return [
    `${row.storage_key}${row.ext}`,
    ...formats.map(([name, f]) => `${name}_${row.storage_key}${f.ext}`),
  ];
}

function expectNoMetadata(bytes: Buffer) {
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(bytes.includes('GPS')).toBe(false);
  expect(bytes.includes(SECRET_OWNER)).toBe(false);
  expect(bytes.includes(SECRET_PLACE)).toBe(false);
  expect(bytes.includes('PhoneMaker')).toBe(false);
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/upload: refusals', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await buildHobbyist(ctx);
  });

  it('400 when no file is sent', async () => {
    const res = await upload([{ name: 'purpose', data: '' }], user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
    expect(res.json().error.message).toMatch(/No file was sent/);
  });

  it('400 when the body is not multipart', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { files: [] },
      headers: user.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/multipart\/form-data/);
  });

  it('400 for a file in another field, and for an unknown purpose', async () => {
    const img = await png(20, 20);
    const wrongField = await upload(
      [{ name: 'image', data: img, filename: 'a.png', contentType: 'image/png' }],
      user,
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toMatch(/field "files"/);
    const badPurpose = await upload([{ name: 'purpose', data: 'avatar' }, file(img, 'a.png')], user);
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().error.details.errors[0].path).toEqual(['purpose']);
  });

  it('415 for a text file named photo.jpg and declared image/jpeg', async () => {
    const before = listDir(publicDir()).length;
    const res = await upload([file('just some text, not a picture at all', 'photo.jpg', 'image/jpeg')], user);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      data: null,
      error: { status: 415, name: 'UnsupportedMediaTypeError' },
    });
    expect(res.json().error.message).toMatch(/photo\.jpg/);
    expect(listDir(publicDir()).length).toBe(before);
  });

  it('415 for other real types (a PDF, an SVG), whatever their names', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    expect((await upload([file(pdf, 'id.png', 'image/png')], user)).statusCode).toBe(415);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect((await upload([file(svg, 'x.svg', 'image/svg+xml')], user)).statusCode).toBe(415);
  });

  it('refuses the whole request when one file is refused, leaving nothing on disk', async () => {
    const before = [...listDir(publicDir()), ...listDir(privateDir())].length;
    const res = await upload(
      [file(await png(300, 300), 'good.png'), file('text', 'bad.png', 'image/png')],
      user,
    );
    expect(res.statusCode).toBe(415);
    expect([...listDir(publicDir()), ...listDir(privateDir())].length).toBe(before);
    expect(listDir(path.join(uploadsRoot(ctx.config.dataDir), 'tmp'))).toEqual([]);
  });

  it('400 for more files than allowed at once', async () => {
    const img = await png(8, 8);
    const files = Array.from({ length: MEDIA_LIMITS.maxFilesPerRequest + 1 }, (_, i) =>
      file(img, `p${i}.png`),
    );
    const res = await upload(files, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Too many files/);
    expect(listDir(path.join(uploadsRoot(ctx.config.dataDir), 'tmp'))).toEqual([]);
  });

  it('400 for an image side over the limit (13000x10)', async () => {
    const res = await upload([file(await png(13_000, 10), 'wide.png')], user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/13000x10/);
  });

  it('400 for an image with more pixels than allowed', async () => {
    const res = await upload([file(await png(8_000, 6_000), 'huge.png')], user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/million pixels/);
  });

  it('400 for a file that looks like an image but cannot be decoded', async () => {
    const broken = (await png(400, 400)).subarray(0, 100);
    const res = await upload([file(broken, 'broken.png')], user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/could not be read as an image/);
  });

  it('413 for an image over the image size limit', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(MEDIA_LIMITS.maxImageBytes + 1)]);
    const res = await upload([file(big, 'big.png')], user);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ data: null, error: { status: 413, name: 'PayloadTooLargeError' } });
    expect(res.json().error.message).toMatch(/limit for images/);
  });

  it('413 for a video over the video size limit', async () => {
    const big = Buffer.concat([tinyMp4(), Buffer.alloc(MEDIA_LIMITS.maxVideoBytes)]);
    const res = await upload([file(big, 'long.mp4', 'video/mp4')], user);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ data: null, error: { status: 413, name: 'PayloadTooLargeError' } });
    expect(res.json().error.message).toMatch(/limit for videos/);
    expect(listDir(path.join(uploadsRoot(ctx.config.dataDir), 'tmp'))).toEqual([]);
  });
});

describe('POST /api/upload: images', () => {
  let owner: TestUser;
  let uploaded: Uploaded;
  let source: Buffer;
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    source = await jpegWithGps();
    // The fixture really carries the metadata we expect to be removed.
    const meta = await sharp(source).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.orientation).toBe(6);
    expect(source.includes(SECRET_PLACE)).toBe(true);
    const res = await upload([file(source, 'holiday.jpg', 'image/jpeg')], owner);
    expect(res.statusCode).toBe(201);
    uploaded = res.json()[0];
  });

  it('answers with the Strapi upload object', async () => {
    expect(uploaded).toMatchObject({
      id: expect.any(Number),
      // Never the uploader's file name: the kind, the start of the storage key, the extension.
      name: expect.stringMatching(/^image-[a-f0-9]{8}\.jpg$/),
      ext: '.jpg',
      mime: 'image/jpeg',
      size: expect.any(Number),
      // EXIF orientation 6 was applied: the stored image is upright.
      width: 600,
      height: 800,
      isPrivate: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(uploaded.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect(uploaded.url.slice('/uploads/'.length, '/uploads/'.length + 8)).toBe(uploaded.name.slice(6, 14));
    // The formats (Strapi's breakpoints below the image's size) are WebP, named with their own extension.
    expect(Object.keys(uploaded.formats)).toEqual(['thumbnail', 'small', 'medium']);
    expect(uploaded.formats.thumbnail).toMatchObject({
      name: `thumbnail_${uploaded.name}`,
      mime: 'image/webp',
      ext: '.webp',
      width: 117,
      height: 156,
    });
    expect(uploaded.formats.small).toMatchObject({
      mime: 'image/webp',
      ext: '.webp',
      width: 375,
      height: 500,
    });
    expect(uploaded.formats.medium).toMatchObject({
      mime: 'image/webp',
      ext: '.webp',
      width: 563,
      height: 750,
    });
    const key = /^\/uploads\/([a-f0-9]{32})\.jpg$/.exec(uploaded.url)![1];
    expect(uploaded.formats.thumbnail.url).toBe(`/uploads/thumbnail_${key}.webp`);
    expect(uploaded.formats.small.url).toBe(`/uploads/small_${key}.webp`);
    expect(uploaded.formats.medium!.url).toBe(`/uploads/medium_${key}.webp`);
    expect(uploaded).not.toHaveProperty('storageKey');
    expect(uploaded).not.toHaveProperty('storage_key');
    expect(uploaded.url).not.toContain('holiday');
    const row = (await fileRow(uploaded.id))!;
    expect(row).toMatchObject({ owner_id: owner.id, is_private: 0, purpose: null, size: uploaded.size });
  });

  it('stores the image and its formats re-encoded, without EXIF or GPS', async () => {
    for (const name of await diskNames(uploaded.id)) {
      const bytes = readFileSync(path.join(publicDir(), name));
      expectNoMetadata(bytes);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('serves the image and its formats with long cache headers and without metadata', async () => {
    const served: [string, string][] = [
      [uploaded.url, 'image/jpeg'],
      ...Object.values(uploaded.formats).map((f): [string, string] => [f!.url, 'image/webp']),
    ];
    expect(served).toHaveLength(4);
    for (const [url, type] of served) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.headers['content-type']).toBe(type);
      expectNoMetadata(res.rawPayload);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(type === 'image/jpeg' ? 'jpeg' : 'webp');
      expect(meta.exif).toBeUndefined();
    }
  });

  it("makes every one of Strapi's formats, in WebP, for a large image", async () => {
    const big = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#a36' } })
      .jpeg()
      .toBuffer();
    const res = await upload([file(big, 'big.jpg', 'image/jpeg')], owner);
    expect(res.statusCode).toBe(201);
    const { formats } = res.json()[0] as Uploaded;
    const sizes = Object.entries(formats).map(([name, f]) => [name, f!.mime, f!.width, f!.height]);
    expect(sizes).toEqual([
      ['thumbnail', 'image/webp', 209, 156],
      ['small', 'image/webp', 500, 375],
      ['medium', 'image/webp', 750, 563],
      ['large', 'image/webp', 1000, 750],
    ]);
    for (const f of Object.values(formats)) {
      const served = await ctx.app.inject(f!.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-length']).toBe(String(f!.size));
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: f!.width,
        height: f!.height,
      });
    }
  });

  it('makes no formats for an image smaller than them', async () => {
    const res = await upload([file(await png(100, 80), 'tiny.png')], owner);
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ width: 100, height: 80, mime: 'image/png', formats: {} });
  });

  it('makes a thumbnail only for an image between the two sizes', async () => {
    const res = await upload([file(await png(400, 300), 'mid.png')], owner);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()[0].formats)).toEqual(['thumbnail']);
    expect(res.json()[0].formats.thumbnail).toMatchObject({ mime: 'image/webp', width: 208, height: 156 });
  });

  it('takes several files at once, by content whatever their names, GIF as PNG', async () => {
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    const res = await upload(
      [
        file(gif, 'anim.gif', 'image/gif'),
        file(webp, 'picture.jpg', 'image/jpeg'),
        file(await png(50, 50), 'noext'),
      ],
      owner,
    );
    expect(res.statusCode).toBe(201);
    const [g, w, p] = res.json();
    expect(g).toMatchObject({ mime: 'image/png', ext: '.png', width: 300, height: 200 });
    expect(g.name).toMatch(/^image-[a-f0-9]{8}\.png$/);
    expect(w).toMatchObject({
      name: expect.stringMatching(/^image-[a-f0-9]{8}\.webp$/),
      mime: 'image/webp',
      ext: '.webp',
      width: 600,
      height: 400,
    });
    expect(w.formats.small).toMatchObject({ width: 500, height: 333 });
    expect(p).toMatchObject({ name: expect.stringMatching(/^image-[a-f0-9]{8}\.png$/), mime: 'image/png' });
    expect((await ctx.app.inject(w.url)).headers['content-type']).toBe('image/webp');
  });

  it('keeps AVIF as AVIF', async () => {
    const avif = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0a0' } })
      .avif()
      .toBuffer();
    const res = await upload([file(avif, 'photo.avif', 'image/avif')], owner);
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ mime: 'image/avif', ext: '.avif', width: 320, height: 200 });
    expect(res.json()[0].formats.thumbnail).toMatchObject({ mime: 'image/avif', width: 245, height: 153 });
  });

  it('stores a neutral name, never the uploader’s file name (it may name a person or a place)', async () => {
    for (const original of ['jane-realname-home.jpg', '../../etc/passwd.png']) {
      const res = await upload([file(await png(400, 300), original)], owner);
      expect(res.statusCode).toBe(201);
      const [answer] = res.json();
      expect(answer.name).toMatch(/^image-[a-f0-9]{8}\.png$/);
      const row = await ctx.database.db
        .selectFrom('files')
        .select(['name', 'formats'])
        .where('id', '=', answer.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(answer.name);
      for (const text of [res.body, JSON.stringify(row)]) {
        expect(text).not.toContain('realname');
        expect(text).not.toContain('passwd');
      }
    }
  });

  it('the migration renames the files stored before with their uploaders’ names, formats included', async () => {
    const key = 'ab12cd34'.padEnd(32, '0');
    const now = new Date().toISOString();
    const base = { size: 10, width: 10, height: 10, created_at: now, updated_at: now, is_private: 0 };
    const { id } = await ctx.database.db
      .insertInto('files')
      .values({
        ...base,
        name: 'jane-realname-home.jpg',
        storage_key: key,
        ext: '.jpg',
        mime: 'image/jpeg',
        formats: JSON.stringify({ thumbnail: { name: 'thumbnail_jane-realname-home.jpg', ext: '.webp' } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = await ctx.database.db
      .insertInto('files')
      .values({
        ...base,
        name: 'jane at home.mp4',
        storage_key: key.replace('ab', 'ef'),
        ext: '.mp4',
        mime: 'video/mp4',
        formats: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A demo placeholder keeps the name the server gave it (the demo finds its pictures by it).
    const demo = await ctx.database.db
      .insertInto('files')
      .values({
        ...base,
        name: 'demo-ad-01.png',
        storage_key: key.replace('ab', 'cc'),
        ext: '.png',
        mime: 'image/png',
        formats: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await renameUploadNames.up(ctx.database.db);
    const kept = await ctx.database.db
      .selectFrom('files')
      .select('name')
      .where('id', '=', demo.id)
      .executeTakeFirstOrThrow();
    expect(kept.name).toBe('demo-ad-01.png');
    const rows = await ctx.database.db
      .selectFrom('files')
      .select(['id', 'name', 'formats'])
      .where('id', 'in', [id, video.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id,
        name: 'image-ab12cd34.jpg',
        formats: JSON.stringify({ thumbnail: { name: 'thumbnail_image-ab12cd34.jpg', ext: '.webp' } }),
      },
      { id: video.id, name: 'video-ef12cd34.mp4', formats: null },
    ]);
  });
});

describe('POST /api/upload: videos', () => {
  it('accepts a small MP4 and a MOV and stores them as they are', async () => {
    const user = await buildProvider(ctx);
    const mp4 = tinyMp4();
    const mov = tinyMov();
    const res = await upload(
      [file(mp4, 'clip.mp4', 'video/mp4'), file(mov, 'clip.mov', 'video/quicktime')],
      user,
    );
    expect(res.statusCode).toBe(201);
    const [a, b] = res.json();
    expect(a).toMatchObject({
      mime: 'video/mp4',
      ext: '.mp4',
      size: mp4.length,
      width: null,
      height: null,
      formats: null,
    });
    expect(b).toMatchObject({ mime: 'video/quicktime', ext: '.mov', size: mov.length });
    expect(readFileSync(path.join(publicDir(), path.basename(a.url))).equals(mp4)).toBe(true);
    const served = await ctx.app.inject(a.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(mp4)).toBe(true);
  });

  it('accepts a video larger than the image limit', async () => {
    const user = await buildProvider(ctx);
    const mp4 = tinyMp4(MEDIA_LIMITS.maxImageBytes + 1024);
    const res = await upload([file(mp4, 'long.mp4', 'video/mp4')], user);
    expect(res.statusCode).toBe(201);
    expect(res.json()[0].size).toBe(mp4.length);
  });

  it('415 for a video uploaded without a login (anonymous uploads are ID documents: images only)', async () => {
    const res = await upload([file(tinyMp4(), 'clip.mp4', 'video/mp4')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/only images/);
  });
});

describe('private files (ID documents)', () => {
  let admin: TestUser;
  let stranger: TestUser;
  let anon: Uploaded;
  beforeAll(async () => {
    admin = await buildAdmin(ctx);
    stranger = await buildHobbyist(ctx);
    const res = await upload([file(await jpegWithGps(), 'passport.jpg', 'image/jpeg')], null);
    expect(res.statusCode).toBe(201);
    anon = res.json()[0];
  });

  it('an anonymous upload is private, unowned, and only reachable through the API', async () => {
    expect(anon.url).toBe(`/api/upload/files/${anon.id}/content`);
    expect(anon.url.startsWith('/uploads/')).toBe(false);
    expect(anon.formats.thumbnail.url).toBe(`/api/upload/files/${anon.id}/content?format=thumbnail`);
    expect(anon.formats.small.url).toBe(`/api/upload/files/${anon.id}/content?format=small`);
    expect(anon.isPrivate).toBe(true);
    const row = (await fileRow(anon.id))!;
    expect(row).toMatchObject({ is_private: 1, purpose: 'docs', owner_id: null });
    // The record never reveals the storage name.
    expect(JSON.stringify(anon)).not.toContain(row.storage_key);
  });

  it('is stored under uploads/private, never under the statically served folder', async () => {
    const row = (await fileRow(anon.id))!;
    for (const name of await diskNames(anon.id)) {
      expect(existsSync(path.join(privateDir(), name))).toBe(true);
      expectNoMetadata(readFileSync(path.join(privateDir(), name)));
      // Even with the storage name guessed, nothing under /uploads/ serves it.
      expect((await ctx.app.inject(`/uploads/${name}`)).statusCode).toBe(404);
    }
    expect(listDir(publicDir()).some((n) => n.includes(row.storage_key))).toBe(false);
    for (const guess of [
      `private/${row.storage_key}.jpg`,
      `..%2Fprivate%2F${row.storage_key}.jpg`,
      `../private/${row.storage_key}.jpg`,
    ]) {
      // 404, or the static server's 403 for a path that climbs out of its folder.
      expect([403, 404]).toContain((await ctx.app.inject(`/uploads/${guess}`)).statusCode);
    }
  });

  it('GET content: 404 for anonymous and for another user, 200 for the admin', async () => {
    expect((await ctx.app.inject(anon.url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: anon.url, headers: stranger.auth })).statusCode).toBe(404);
    const res = await ctx.app.inject({ url: anon.url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [original] = await diskNames(anon.id);
    expect(res.rawPayload.equals(readFileSync(path.join(privateDir(), original!)))).toBe(true);
    expectNoMetadata(res.rawPayload);
  });

  it('GET content of a format: the admin gets it; an unknown format is a 400', async () => {
    const res = await ctx.app.inject({ url: anon.formats.thumbnail.url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).height).toBe(156);
    expect(res.headers['content-type']).toBe('image/webp');
    expectNoMetadata(res.rawPayload);
    const bad = await ctx.app.inject({ url: `${anon.url}?format=huge`, headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/format/);
    // A format the picture is too small for (600x800: no `large`).
    const missing = await ctx.app.inject({ url: `${anon.url}?format=large`, headers: admin.auth });
    expect(missing.statusCode).toBe(404);
  });

  it('GET record: 404 for anonymous and another user, 200 for the admin', async () => {
    expect((await ctx.app.inject(`/api/upload/files/${anon.id}`)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/upload/files/${anon.id}`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    const res = await ctx.app.inject({ url: `/api/upload/files/${anon.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: anon.id, name: anon.name, url: anon.url, isPrivate: true });
  });

  it('DELETE: 401 anonymous, 404 for a user who cannot see it', async () => {
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/upload/files/${anon.id}` })).statusCode).toBe(
      401,
    );
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/upload/files/${anon.id}`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(await fileRow(anon.id)).toBeDefined();
  });

  it('a signed-in upload with purpose=docs is private and its owner can fetch and delete it', async () => {
    const owner = await buildProvider(ctx);
    const res = await upload(
      [{ name: 'purpose', data: 'docs' }, file(await png(600, 400), 'licence.png')],
      owner,
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json()[0];
    expect(doc.url).toBe(`/api/upload/files/${doc.id}/content`);
    expect(await fileRow(doc.id)).toMatchObject({ is_private: 1, purpose: 'docs', owner_id: owner.id });

    // The purpose field may also come after the files.
    const after = await upload(
      [file(await png(60, 40), 'back.png'), { name: 'purpose', data: 'docs' }],
      owner,
    );
    expect(after.json()[0].isPrivate).toBe(true);

    expect((await ctx.app.inject({ url: doc.url, headers: owner.auth })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: `/api/upload/files/${doc.id}`, headers: owner.auth })).statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ url: doc.url, headers: stranger.auth })).statusCode).toBe(404);

    const names = await diskNames(doc.id);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/upload/files/${doc.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: doc.id, name: doc.name });
    for (const name of names) expect(existsSync(path.join(privateDir(), name))).toBe(false);
    expect((await ctx.app.inject({ url: doc.url, headers: owner.auth })).statusCode).toBe(404);
  });
});

describe('public files: GET and DELETE /api/upload/files/:id', () => {
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let pub: Uploaded;
  beforeAll(async () => {
    owner = await buildHobbyist(ctx);
    other = await buildHobbyist(ctx);
    admin = await buildAdmin(ctx);
    const res = await upload([file(await png(640, 480), 'avatar.png')], owner);
    expect(res.statusCode).toBe(201);
    pub = res.json()[0];
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await ctx.app.inject('/api/upload/files/abc')).statusCode).toBe(400);
    expect((await ctx.app.inject('/api/upload/files/999999')).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/upload/files/999999', headers: owner.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('anyone may read the record of a public file', async () => {
    const res = await ctx.app.inject(`/api/upload/files/${pub.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: pub.id,
      name: pub.name,
      url: pub.url,
      mime: 'image/png',
      width: 640,
      height: 480,
    });
    expect(res.json().formats.thumbnail.url).toBe(pub.formats.thumbnail.url);
    expect(res.json()).not.toHaveProperty('storageKey');
  });

  it('the content route of a public file redirects to its public URL', async () => {
    const res = await ctx.app.inject(`/api/upload/files/${pub.id}/content?format=small`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(pub.formats.small.url);
  });

  it('DELETE: 401 anonymous, 403 another user, 200 the owner and the files are gone', async () => {
    const url = `/api/upload/files/${pub.id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const refused = await ctx.app.inject({ method: 'DELETE', url, headers: other.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ data: null, error: { status: 403, name: 'ForbiddenError' } });

    const names = await diskNames(pub.id);
    expect(names).toHaveLength(3);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pub.id, name: pub.name, url: pub.url });
    for (const name of names) expect(existsSync(path.join(publicDir(), name))).toBe(false);
    expect((await ctx.app.inject(pub.url)).statusCode).toBe(404);
    expect((await ctx.app.inject(pub.formats.thumbnail.url)).statusCode).toBe(404);
    expect((await ctx.app.inject(url)).statusCode).toBe(404);
    expect(await fileRow(pub.id)).toBeUndefined();
  });

  it("the admin may delete anyone's file", async () => {
    const res = await upload([file(await png(20, 20), 'x.png')], owner);
    const id = res.json()[0].id;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/upload/files/${id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(await fileRow(id)).toBeUndefined();
  });
});

describe('GET /api/upload/files (admin)', () => {
  it('401 anonymous, 403 a user, 200 the admin with public and private files', async () => {
    const user = await buildHobbyist(ctx);
    const admin = await buildAdmin(ctx);
    const priv = (await upload([file(await png(30, 30), 'doc.png')], null)).json()[0];
    expect((await ctx.app.inject('/api/upload/files')).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/upload/files', headers: user.auth })).statusCode).toBe(403);
    const res = await ctx.app.inject({
      url: '/api/upload/files?sort=id:desc&pagination[pageSize]=100',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Uploaded[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((f) => f.id === priv.id)).toMatchObject({ url: priv.url, isPrivate: true });
    expect(list.some((f) => f.isPrivate === false)).toBe(true);
    expect(JSON.stringify(list)).not.toMatch(/storage/i);
    const bad = await ctx.app.inject({
      url: '/api/upload/files?filters[storageKey][$eq]=x',
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('claimFiles and deleteExpiredAnonymousUploads', () => {
  const ageFile = (id: number, hours: number) =>
    ctx.database.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - hours * 3600_000).toISOString() })
      .where('id', '=', id)
      .execute();

  /** An anonymous upload: its id, and the claim it answered ({ id, token }). */
  async function anonymousUpload(): Promise<{ id: number; claim: { id: number; token: string } }> {
    const res = await upload([file(await png(300, 200), 'id-card.png')], null);
    expect(res.statusCode).toBe(201);
    const [item] = res.json();
    expect(item.claimToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { id: item.id, claim: { id: item.id, token: item.claimToken } };
  }

  it('claims only unowned files younger than 24 hours with their token, once', async () => {
    const a = await buildHobbyist(ctx);
    const b = await buildHobbyist(ctx);
    const { id: fresh, claim: freshClaim } = await anonymousUpload();
    const { id: old, claim: oldClaim } = await anonymousUpload();
    const { id: other, claim: otherClaim } = await anonymousUpload();
    await ageFile(old, 25);
    const owned = (await upload([file(await png(10, 10), 'mine.png')], b)).json()[0].id as number;
    const db = ctx.database.db;

    // Only the hash of a token is kept.
    const stored = await db
      .selectFrom('files')
      .select('claim_token_hash')
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(stored.claim_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.claim_token_hash).not.toContain(freshClaim.token);

    const claims = [
      freshClaim,
      oldClaim,
      { id: owned, token: freshClaim.token },
      { id: 999999, token: freshClaim.token },
      { id: other, token: freshClaim.token },
    ];
    expect(await claimFiles(db, claims, a.id)).toEqual([fresh]);
    expect(await fileRow(fresh)).toMatchObject({ owner_id: a.id, is_private: 1, claim_token_hash: null });
    expect(await fileRow(old)).toMatchObject({ owner_id: null });
    expect(await fileRow(owned)).toMatchObject({ owner_id: b.id });
    expect(await fileRow(other)).toMatchObject({ owner_id: null });
    // Already claimed: another account cannot take it, not even with its token.
    expect(await claimFiles(db, [freshClaim], b.id)).toEqual([]);
    expect(await claimFiles(db, [], b.id)).toEqual([]);
    expect(await claimFiles(db, [otherClaim], b.id)).toEqual([other]);

    // The claimer now owns the private file and can fetch it.
    const content = await ctx.app.inject({ url: `/api/upload/files/${fresh}/content`, headers: a.auth });
    expect(content.statusCode).toBe(200);
  });

  it('removes unclaimed anonymous uploads older than 24 hours, records and disk files', async () => {
    const user = await buildHobbyist(ctx);
    const { id: expired } = await anonymousUpload();
    const { id: recent } = await anonymousUpload();
    const { id: claimed, claim } = await anonymousUpload();
    expect(await claimFiles(ctx.database.db, [claim], user.id)).toEqual([claimed]);
    await ageFile(expired, 25);
    await ageFile(claimed, 25);
    const expiredNames = await diskNames(expired);
    const recentNames = await diskNames(recent);
    for (const name of expiredNames) expect(existsSync(path.join(privateDir(), name))).toBe(true);

    // A staging folder left behind by an interrupted request is cleaned up too.
    const stale = path.join(uploadsRoot(ctx.config.dataDir), 'tmp', 'upload-stale');
    mkdirSync(stale, { recursive: true });
    const longAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(stale, longAgo, longAgo);

    const removed = await deleteExpiredAnonymousUploads(ctx.database.db, ctx.storage);
    expect(removed).toContain(expired);
    expect(removed).not.toContain(recent);
    expect(removed).not.toContain(claimed);
    expect(await fileRow(expired)).toBeUndefined();
    for (const name of expiredNames) expect(existsSync(path.join(privateDir(), name))).toBe(false);
    expect(await fileRow(recent)).toBeDefined();
    for (const name of recentNames) expect(existsSync(path.join(privateDir(), name))).toBe(true);
    expect(await fileRow(claimed)).toMatchObject({ owner_id: user.id });
    expect(existsSync(stale)).toBe(false);
  });
});

describe('daily cap of unclaimed anonymous uploads per address', () => {
  const saved = MEDIA_LIMITS.maxAnonymousBytesPerDay;
  afterAll(() => {
    MEDIA_LIMITS.maxAnonymousBytesPerDay = saved;
  });

  it('refuses (429) an upload that would take one address over the cap, others unaffected', async () => {
    const address = '203.0.113.50';
    const first = await upload([file(await png(300, 200), 'a.png')], null, address);
    expect(first.statusCode).toBe(201);
    const [firstRow] = await ctx.database.db
      .selectFrom('files')
      .select(['size', 'formats'])
      .where('id', '=', first.json()[0].id)
      .execute();
    const used =
      Number(firstRow!.size) +
      Object.values(JSON.parse(firstRow!.formats ?? '{}') as Record<string, { size: number }>).reduce(
        (a, f) => a + f.size,
        0,
      );
    // Room for about one more such upload from this address today.
    MEDIA_LIMITS.maxAnonymousBytesPerDay = Math.floor(used * 2.5);
    expect((await upload([file(await png(300, 200), 'b.png')], null, address)).statusCode).toBe(201);
    const before = await ctx.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await upload([file(await png(300, 200), 'c.png')], null, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MESSAGES.register.docsDailyLimit);
    const after = await ctx.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Another address, and a signed-in uploader, are not affected.
    expect((await upload([file(await png(300, 200), 'd.png')], null, '203.0.113.51')).statusCode).toBe(201);
    const user = await buildHobbyist(ctx);
    expect((await upload([file(await png(300, 200), 'e.png')], user, address)).statusCode).toBe(201);
    // Claimed uploads still count: registering with them does not free the address's allowance.
    await claimFiles(
      ctx.database.db,
      [{ id: first.json()[0].id, token: first.json()[0].claimToken }],
      user.id,
    );
    expect((await upload([file(await png(300, 200), 'f.png')], null, address)).statusCode).toBe(429);
    // After 24 hours the job forgets the address, and the allowance is back.
    await ctx.database.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('uploader_hash', 'is not', null)
      .execute();
    await deleteExpiredAnonymousUploads(ctx.database.db, ctx.storage);
    const remembered = await ctx.database.db
      .selectFrom('files')
      .select('id')
      .where('uploader_hash', 'is not', null)
      .execute();
    expect(remembered).toEqual([]);
    const again = await upload([file(await png(300, 200), 'g.png')], null, address);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses (429) an account that would go over its own daily cap', async () => {
    const saved = MEDIA_LIMITS.maxAccountBytesPerDay;
    const user = await buildHobbyist(ctx);
    try {
      expect((await upload([file(await png(300, 200), 'a.png')], user)).statusCode).toBe(201);
      const [row] = await ctx.database.db
        .selectFrom('files')
        .select(['size', 'formats'])
        .where('owner_id', '=', user.id)
        .execute();
      const used =
        Number(row!.size) +
        Object.values(JSON.parse(row!.formats ?? '{}') as Record<string, { size: number }>).reduce(
          (a, f) => a + f.size,
          0,
        );
      MEDIA_LIMITS.maxAccountBytesPerDay = Math.floor(used * 1.5);
      const refused = await upload([file(await png(300, 200), 'b.png')], user);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(MESSAGES.upload.accountDailyLimit);
      const other = await buildHobbyist(ctx);
      expect((await upload([file(await png(300, 200), 'c.png')], other)).statusCode).toBe(201);
    } finally {
      MEDIA_LIMITS.maxAccountBytesPerDay = saved;
    }
  });
});

describe('rate limit of anonymous uploads', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  it('limits anonymous callers to 20 uploads a minute, without limiting signed-in users', async () => {
    const body = multipart([{ name: 'purpose', data: '' }]);
    const send = (headers: Record<string, string> = {}) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ data: null, error: { status: 429, name: 'RateLimitError' } });
    const user = await buildHobbyist(limited);
    expect((await send(user.auth)).statusCode).toBe(400);
  });
});

describe('field selection', () => {
  it('never builds a URL from a partial selection, nor reveals the storage key', async () => {
    const owner = await buildHobbyist(ctx);
    const doc = (
      await upload([{ name: 'purpose', data: 'docs' }, file(await png(20, 20), 'x.png')], owner)
    ).json()[0] as Uploaded;
    const row = (await fileRow(doc.id))!;
    for (const fields of [
      'fields[0]=name',
      'fields[0]=storageKey',
      'fields[0]=storageKey&fields[1]=ext&fields[2]=formats',
    ]) {
      const res = await ctx.app.inject({ url: `/api/upload/files/${doc.id}?${fields}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(row.storage_key);
      expect(res.json()).not.toHaveProperty('url');
    }
  });
});
