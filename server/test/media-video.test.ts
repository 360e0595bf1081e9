import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { storeGeneratedFile } from '../src/modules/media/media.upload.ts';
import { uploadsRoot } from '../src/storage/index.ts';
import {
  cleanVideo,
  inspectVideo,
  MAX_VIDEO_SECONDS,
  VIDEO_SECONDS_TOLERANCE,
} from '../src/modules/media/video/index.ts';
import { buildProvider, createTestApp, type TestContext, type TestUser } from './helpers.ts';
import {
  APPLE_LOCATION_KEY,
  appendToSegment,
  buildMp4,
  GPS,
  topLevelBoxes,
  webmMetadata,
  withWebmDuration,
} from './video-fixtures.ts';

const demoClip = readFileSync(path.resolve(import.meta.dirname, '../assets/demo-clip.webm'));
const T = MESSAGES.videoUpload;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'video-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileSeq = 0;
function onDisk(bytes: Buffer): string {
  const file = path.join(dir, `v${++fileSeq}`);
  writeFileSync(file, bytes);
  return file;
}

/** Cleans a copy of `bytes`; returns the report and the cleaned bytes. */
async function clean(bytes: Buffer) {
  const file = onDisk(bytes);
  const report = await cleanVideo(file, 'clip');
  return { report, bytes: readFileSync(file), file };
}

/** The refusal a promise ends in (it must be a 400 AppError). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(400);
  return err as AppError;
}

const includes = (bytes: Buffer, s: string) => bytes.includes(Buffer.from(s, 'latin1'));

describe('the limit and its message', () => {
  it('is the spec value (30 seconds) and the catalogue says it', () => {
    expect(MAX_VIDEO_SECONDS).toBe(30);
    expect(T.tooLong).toContain(`${MAX_VIDEO_SECONDS} seconds`);
  });
});

describe('cleanVideo: MP4 and QuickTime', () => {
  it('removes every metadata box in place: sizes, mdat offset and samples unchanged', async () => {
    const payload = randomBytes(4096);
    const built = buildMp4({ metadata: true, payload, time: 3_700_000_000, seconds: 2 });
    expect(includes(built.bytes, GPS)).toBe(true);
    expect(includes(built.bytes, APPLE_LOCATION_KEY)).toBe(true);

    const { report, bytes, file } = await clean(built.bytes);
    expect(report).toMatchObject({ format: 'mp4', durationSeconds: 2 });
    // moov/udta, moov/meta, trak/udta (64-bit size), the XMP uuid and three pairs of times.
    expect(report.removed).toBe(7);
    expect(bytes.length).toBe(built.bytes.length);
    expect(includes(bytes, GPS)).toBe(false);
    expect(includes(bytes, '37,46')).toBe(false);
    expect(includes(bytes, APPLE_LOCATION_KEY)).toBe(false);
    expect(bytes.readUInt32BE(built.mdatStart)).toBe(8 + payload.length);
    expect(bytes.toString('latin1', built.mdatStart + 4, built.mdatStart + 8)).toBe('mdat');
    expect(bytes.subarray(built.sampleStart, built.sampleStart + payload.length).equals(payload)).toBe(true);

    const before = topLevelBoxes(built.bytes);
    const after = topLevelBoxes(bytes);
    expect(after.map((b) => [b.start, b.size])).toEqual(before.map((b) => [b.start, b.size]));
    expect(after.map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat', 'free']);
    // No creation time left (mvhd at 8 bytes into moov, after its version and flags).
    const moov = after[1]!.start;
    expect(bytes.toString('latin1', moov + 12, moov + 16)).toBe('mvhd');
    expect(bytes.readUInt32BE(moov + 20)).toBe(0);

    // The cleaned file parses again, to the same length, with nothing left to remove.
    expect(await inspectVideo(file)).toEqual({ format: 'mp4', durationSeconds: 2, pending: 0 });
  });

  it('leaves a video without metadata byte for byte as it was', async () => {
    const built = buildMp4({ brand: 'qt  ', payload: randomBytes(1000), seconds: 12.5 });
    const { report, bytes } = await clean(built.bytes);
    expect(report).toEqual({ format: 'mp4', durationSeconds: 12.5, removed: 0 });
    expect(bytes.equals(built.bytes)).toBe(true);
  });

  it('reads version 1 headers (64-bit times and durations) and an mdat of size 0', async () => {
    const built = buildMp4({
      version1: true,
      time: 5_000_000_000,
      seconds: 7.25,
      timescale: 90_000,
      mdatToEnd: true,
    });
    const { report, bytes } = await clean(built.bytes);
    expect(report).toMatchObject({ format: 'mp4', durationSeconds: 7.25, removed: 3 });
    expect(bytes.length).toBe(built.bytes.length);
    expect(bytes.readUInt32BE(built.mdatStart)).toBe(0);
  });

  it('counts the longest length: headers claiming 10 s over 60 s of samples are refused', async () => {
    const built = buildMp4({ seconds: 60, declaredSeconds: 10 });
    expect((await inspectVideo(onDisk(built.bytes))).durationSeconds).toBe(60);
    const err = await refusal(cleanVideo(onDisk(built.bytes), 'long.mp4'));
    expect(err.message).toBe(`"long.mp4" is 60.0 seconds long. ${T.tooLong}`);
  });

  it('accepts a clip a little over the limit (rounding), refuses one clearly over', async () => {
    const ok = buildMp4({ seconds: MAX_VIDEO_SECONDS + VIDEO_SECONDS_TOLERANCE - 0.1 });
    expect((await clean(ok.bytes)).report.durationSeconds).toBeCloseTo(30.4);
    const long = buildMp4({ seconds: MAX_VIDEO_SECONDS + VIDEO_SECONDS_TOLERANCE + 0.1 });
    expect((await refusal(cleanVideo(onDisk(long.bytes), 'x'))).message).toContain(T.tooLong);
  });

  it('refuses a movie without a length', async () => {
    const built = buildMp4({ seconds: 0 });
    expect((await refusal(cleanVideo(onDisk(built.bytes), 'zero.mp4'))).message).toBe(
      `"zero.mp4": ${T.noDuration}`,
    );
  });

  it('refuses broken structures with a 400 and never anything else', async () => {
    const good = buildMp4({ metadata: true }).bytes;
    const ftyp = good.subarray(0, topLevelBoxes(good)[0]!.size);
    const broken = [
      Buffer.concat([ftyp, randomBytes(2000)]),
      Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from('moov')]), // size below 8
      Buffer.concat([ftyp, Buffer.from([0, 0, 0, 1]), Buffer.from('moov'), Buffer.alloc(8, 0xff)]), // 64-bit size past the end
      good.subarray(0, good.length - 50), // truncated
      ftyp, // no moov
    ];
    for (const bytes of broken) {
      expect((await refusal(cleanVideo(onDisk(bytes), 'bad.mp4'))).message).toBe(
        `"bad.mp4": ${T.unreadable}`,
      );
    }
  });

  it('survives random damage: every outcome is a cleaned file or a 400', async () => {
    const bases = [buildMp4({ metadata: true }).bytes, appendToSegment(demoClip, webmMetadata())];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (const base of bases) {
      for (let i = 0; i < 150; i++) {
        const bytes = Buffer.from(base);
        for (let k = 0; k < 1 + rnd(6); k++) bytes[rnd(Math.min(bytes.length, 1500))] = rnd(256);
        const outcome = await cleanVideo(onDisk(bytes), 'x').then(
          () => 'ok',
          (e: unknown) => (e instanceof AppError && e.status === 400 ? 'refused' : e),
        );
        expect(['ok', 'refused']).toContain(outcome);
      }
    }
  });
});

describe('cleanVideo: WebM', () => {
  it('turns Tags and Attachments into Void elements of the same length', async () => {
    const tagged = appendToSegment(demoClip, webmMetadata());
    expect(includes(tagged, GPS)).toBe(true);
    expect((await inspectVideo(onDisk(tagged))).pending).toBe(2);

    const { report, bytes, file } = await clean(tagged);
    expect(report.format).toBe('webm');
    expect(report.removed).toBe(2);
    expect(report.durationSeconds).toBeCloseTo(2.937, 3);
    expect(bytes.length).toBe(tagged.length);
    expect(includes(bytes, GPS)).toBe(false);
    expect(includes(bytes, 'where.txt')).toBe(false);
    // The clip itself is untouched; what was appended is now Void elements (ID 0xEC) and zeros.
    expect(bytes.subarray(0, demoClip.length).equals(tagged.subarray(0, demoClip.length))).toBe(true);
    expect(bytes[demoClip.length]).toBe(0xec);
    expect(await inspectVideo(file)).toMatchObject({ format: 'webm', pending: 0 });
  });

  it("reads the length from Info's Duration and refuses a long video", async () => {
    const err = await refusal(cleanVideo(onDisk(withWebmDuration(demoClip, 45)), 'long.webm'));
    expect(err.message).toBe(`"long.webm" is 45.0 seconds long. ${T.tooLong}`);
  });

  it('refuses garbage behind an EBML header', async () => {
    const header = demoClip.subarray(0, demoClip.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
    for (const bytes of [Buffer.concat([header, randomBytes(3000)]), header, demoClip.subarray(0, 5000)]) {
      expect((await refusal(cleanVideo(onDisk(bytes), 'bad.webm'))).message).toBe(
        `"bad.webm": ${T.unreadable}`,
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Through the upload API

describe('POST /api/upload: videos are cleaned and their length checked', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await buildProvider(ctx);
  });
  afterAll(() => ctx.close());

  function upload(data: Buffer, filename: string, contentType: string) {
    const boundary = `----ltf-video-${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.auth },
    });
  }

  /** The bytes the server now serves for an uploaded file. */
  async function served(url: string): Promise<Buffer> {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  const tmpDir = () => path.join(uploadsRoot(ctx.config.dataDir), 'tmp');
  const staged = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);

  it('an MP4 with a GPS position is stored without it, same size, and still parses', async () => {
    const built = buildMp4({ metadata: true, payload: randomBytes(2048), seconds: 4 });
    const res = await upload(built.bytes, 'phone.mp4', 'video/mp4');
    expect(res.statusCode, res.body).toBe(201);
    const [item] = res.json();
    expect(item).toMatchObject({ mime: 'video/mp4', ext: '.mp4', size: built.bytes.length });
    const bytes = await served(item.url);
    expect(bytes.length).toBe(built.bytes.length);
    expect(includes(bytes, GPS)).toBe(false);
    expect(includes(bytes, APPLE_LOCATION_KEY)).toBe(false);
    expect(
      bytes
        .subarray(built.sampleStart, built.sampleStart + 2048)
        .equals(built.bytes.subarray(built.sampleStart, built.sampleStart + 2048)),
    ).toBe(true);
    expect(await inspectVideo(onDisk(bytes))).toEqual({ format: 'mp4', durationSeconds: 4, pending: 0 });
  });

  it('a WebM with a location tag is stored without it and still parses', async () => {
    const tagged = appendToSegment(demoClip, webmMetadata());
    const res = await upload(tagged, 'clip.webm', 'video/webm');
    expect(res.statusCode, res.body).toBe(201);
    const [item] = res.json();
    expect(item).toMatchObject({ mime: 'video/webm', ext: '.webm', size: tagged.length });
    const bytes = await served(item.url);
    expect(bytes.length).toBe(tagged.length);
    expect(includes(bytes, GPS)).toBe(false);
    const parsed = await inspectVideo(onDisk(bytes));
    expect(parsed).toMatchObject({ format: 'webm', pending: 0 });
    expect(parsed.durationSeconds).toBeCloseTo(2.937, 3);
  });

  it('the demo clip is stored as it is (uploaded, and through storeGeneratedFile)', async () => {
    const res = await upload(demoClip, 'demo-clip.webm', 'video/webm');
    expect(res.statusCode, res.body).toBe(201);
    expect((await served(res.json()[0].url)).equals(demoClip)).toBe(true);

    const media = { db: ctx.database.db, storage: ctx.storage };
    const tagged = appendToSegment(demoClip, webmMetadata());
    const generated = await storeGeneratedFile(media, user.id, 'demo-clip.webm', tagged);
    const bytes = await served((generated.attributes as { url: string }).url);
    expect(includes(bytes, GPS)).toBe(false);
    expect(bytes.subarray(0, demoClip.length).equals(tagged.subarray(0, demoClip.length))).toBe(true);
  });

  it('400 for a video longer than the limit, with the limit in the message; nothing kept', async () => {
    for (const [bytes, name, type] of [
      [buildMp4({ seconds: 31 }).bytes, 'long.mp4', 'video/mp4'],
      [buildMp4({ brand: 'qt  ', seconds: 45 }).bytes, 'long.mov', 'video/quicktime'],
      [withWebmDuration(demoClip, 31), 'long.webm', 'video/webm'],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
      expect(res.json().error.message).toContain(`at most ${MAX_VIDEO_SECONDS} seconds`);
      expect(res.json().error.details.errors[0].path).toEqual(['files']);
    }
    expect(staged()).toEqual([]);
  });

  it('400, not 500, for garbage behind a video signature', async () => {
    const ftyp = buildMp4().bytes.subarray(0, 32);
    const header = demoClip.subarray(0, demoClip.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
    for (const [bytes, name, type] of [
      [Buffer.concat([ftyp, randomBytes(5000)]), 'junk.mp4', 'video/mp4'],
      [
        Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), randomBytes(5000)]),
        'junk.webm',
        'video/webm',
      ],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(`"${name}": ${T.unreadable}`);
    }
    expect(staged()).toEqual([]);
  });
});
