/**
 * Small videos built by hand for the upload tests: MP4/QuickTime boxes and EBML elements, with or
 * without the metadata phones write (a GPS position in `udta/©xyz`, in `meta/keys/ilst`, in XMP; a
 * WebM `Tags` element).
 */

export const GPS = '+37.7749-122.4194/';
export const APPLE_LOCATION_KEY = 'com.apple.quicktime.location.ISO6709';

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const text = (s: string) => Buffer.from(s, 'latin1');

/** A box; `large` writes its size in the 64-bit field (size 1), `toEnd` writes size 0. */
export function box(type: string | Buffer, body: Buffer[], opts: { large?: boolean; toEnd?: boolean } = {}) {
  const t = typeof type === 'string' ? text(type) : type;
  const payload = Buffer.concat(body);
  if (opts.toEnd) return Buffer.concat([u32(0), t, payload]);
  if (opts.large) return Buffer.concat([u32(1), t, u64(16 + payload.length), payload]);
  return Buffer.concat([u32(8 + payload.length), t, payload]);
}

const full = (type: string, version: number, flags: number, body: Buffer[]) =>
  box(type, [Buffer.from([version, flags >> 16, (flags >> 8) & 0xff, flags & 0xff]), ...body]);

const MATRIX = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));

export interface Mp4Options {
  /** `ftyp` major brand: 'isom' (video/mp4) or 'qt  ' (video/quicktime). */
  brand?: 'isom' | 'qt  ';
  /** The length of the one sample, in seconds (written to stts, mdhd, tkhd and mvhd). */
  seconds?: number;
  /** What mvhd/tkhd/mdhd claim, when different from the samples'. */
  declaredSeconds?: number;
  timescale?: number;
  /** mvhd/tkhd/mdhd version 1 (64-bit times and durations). */
  version1?: boolean;
  /** The one sample's bytes (the whole mdat payload). */
  payload?: Buffer;
  /** GPS in moov/udta/©xyz, moov/meta (Apple keys), trak/udta (64-bit size) and a top-level XMP uuid. */
  metadata?: boolean;
  /** Creation/modification times (seconds since 1904); 0 when left out. */
  time?: number;
  /** Writes mdat with size 0 (extends to the end of the file). */
  mdatToEnd?: boolean;
}

export interface BuiltMp4 {
  bytes: Buffer;
  /** Where the mdat box starts, and its payload (the sample). */
  mdatStart: number;
  sampleStart: number;
}

const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** An MP4 (or MOV) with one video track of one sample, its data in mdat after moov. */
export function buildMp4(o: Mp4Options = {}): BuiltMp4 {
  const timescale = o.timescale ?? 1000;
  const payload = o.payload ?? Buffer.alloc(256, 0x5a);
  const sampleTicks = Math.round((o.seconds ?? 2) * timescale);
  const declared = Math.round((o.declaredSeconds ?? o.seconds ?? 2) * timescale);
  const time = o.time ?? 0;
  const v = o.version1 ? 1 : 0;
  const times = (o.version1 ? u64 : u32)(time);
  const dur = (n: number) => (o.version1 ? u64 : u32)(n);

  const ftyp = box('ftyp', [
    text(o.brand ?? 'isom'),
    u32(0x200),
    text(o.brand === 'qt  ' ? 'qt  ' : 'isomiso2avc1mp41'),
  ]);

  const moov = (chunkOffset: number) => {
    const mvhd = full('mvhd', v, 0, [
      times,
      times,
      u32(timescale),
      dur(declared),
      u32(0x10000),
      u16(0x100),
      Buffer.alloc(10),
      MATRIX,
      Buffer.alloc(24),
      u32(2),
    ]);
    const tkhd = full('tkhd', v, 3, [
      times,
      times,
      u32(1),
      u32(0),
      dur(declared),
      Buffer.alloc(8),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      MATRIX,
      u32(320 << 16),
      u32(240 << 16),
    ]);
    const mdhd = full('mdhd', v, 0, [times, times, u32(timescale), dur(declared), u16(0x55c4), u16(0)]);
    const hdlr = full('hdlr', 0, 0, [u32(0), text('vide'), Buffer.alloc(12), text('VideoHandler\0')]);
    const stbl = box('stbl', [
      full('stsd', 0, 0, [u32(0)]),
      full('stts', 0, 0, [u32(1), u32(1), u32(sampleTicks)]),
      full('stsc', 0, 0, [u32(1), u32(1), u32(1), u32(1)]),
      full('stsz', 0, 0, [u32(0), u32(1), u32(payload.length)]),
      full('stco', 0, 0, [u32(1), u32(chunkOffset)]),
    ]);
    const minf = box('minf', [
      full('vmhd', 0, 1, [Buffer.alloc(8)]),
      box('dinf', [full('dref', 0, 0, [u32(1), full('url ', 0, 1, [])])]),
      stbl,
    ]);
    const trakParts = [tkhd, box('mdia', [mdhd, hdlr, minf])];
    const moovParts = [mvhd];
    if (o.metadata) {
      // A track name in a trak/udta written with a 64-bit size.
      trakParts.push(box('udta', [box('name', [text(`Track at ${GPS}`)])], { large: true }));
      const location = text(GPS);
      moovParts.push(
        box('udta', [
          box(Buffer.from([0xa9, 0x78, 0x79, 0x7a]), [u16(location.length), u16(0x15c7), location]),
        ]),
        box('meta', [
          full('hdlr', 0, 0, [u32(0), text('mdta'), Buffer.alloc(12), text('\0')]),
          full('keys', 0, 0, [
            u32(1),
            u32(8 + APPLE_LOCATION_KEY.length),
            text('mdta'),
            text(APPLE_LOCATION_KEY),
          ]),
          box('ilst', [box(u32(1), [box('data', [u32(1), u32(0), location])])]),
        ]),
      );
    }
    moovParts.push(box('trak', trakParts));
    return box('moov', moovParts);
  };

  const mdatStart = ftyp.length + moov(0).length;
  const sampleStart = mdatStart + 8;
  const mdat = box('mdat', [payload], { toEnd: !!o.mdatToEnd });
  const parts = [ftyp, moov(sampleStart), mdat];
  if (o.metadata && !o.mdatToEnd) {
    parts.push(
      box('uuid', [
        XMP_UUID,
        text(`<x:xmpmeta><rdf:Description exif:GPSLatitude="37,46.494N" xmp:Location="${GPS}"/></x:xmpmeta>`),
      ]),
    );
  }
  return { bytes: Buffer.concat(parts), mdatStart, sampleStart };
}

/** The top-level boxes of an MP4: type, start and size (sizes 0 and 1 understood). */
export function topLevelBoxes(bytes: Buffer): { type: string; start: number; size: number }[] {
  const out: { type: string; start: number; size: number }[] = [];
  for (let pos = 0; pos + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(pos);
    if (size === 1) size = Number(bytes.readBigUInt64BE(pos + 8));
    else if (size === 0) size = bytes.length - pos;
    out.push({ type: bytes.toString('latin1', pos + 4, pos + 8), start: pos, size });
    if (size < 8) break;
    pos += size;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// EBML

const SEGMENT_ID = Buffer.from([0x18, 0x53, 0x80, 0x67]);

/** An EBML element with an 8-byte size. */
export function ebml(id: number[], body: Buffer[]): Buffer {
  const payload = Buffer.concat(body);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(payload.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, payload]);
}

/** A Tags element (a LOCATION tag) and an Attachments element (a file holding the position). */
export function webmMetadata(location = GPS): Buffer {
  const tags = ebml(
    [0x12, 0x54, 0xc3, 0x67],
    [
      ebml(
        [0x73, 0x73],
        [
          ebml([0x63, 0xc0], []),
          ebml([0x67, 0xc8], [ebml([0x45, 0xa3], [text('LOCATION')]), ebml([0x44, 0x87], [text(location)])]),
        ],
      ),
    ],
  );
  const attachments = ebml(
    [0x19, 0x41, 0xa4, 0x69],
    [
      ebml(
        [0x61, 0xa7],
        [
          ebml([0x46, 0x6e], [text('where.txt')]),
          ebml([0x46, 0x60], [text('text/plain')]),
          ebml([0x46, 0x5c], [text(`taken at ${location}`)]),
          ebml([0x46, 0xae], [u64(42)]),
        ],
      ),
    ],
  );
  return Buffer.concat([tags, attachments]);
}

/**
 * A WebM with `extra` elements appended at the end of its Segment (whose size, an 8-byte vint in
 * the files Chrome writes, grows to match).
 */
export function appendToSegment(webm: Buffer, extra: Buffer): Buffer {
  const at = webm.indexOf(SEGMENT_ID);
  if (at < 0 || webm[at + 4] !== 0x01) throw new Error('expected a Segment with an 8-byte size');
  const out = Buffer.concat([webm, extra]);
  const size = out.readBigUInt64BE(at + 4) & 0x00ff_ffff_ffff_ffffn;
  out.writeBigUInt64BE(size + BigInt(extra.length), at + 4);
  out[at + 4] = 0x01;
  return out;
}

/** A copy of a WebM whose Info Duration (a 4-byte float, in milliseconds) says `seconds`. */
export function withWebmDuration(webm: Buffer, seconds: number): Buffer {
  const at = webm.indexOf(Buffer.from([0x44, 0x89, 0x84]));
  if (at < 0) throw new Error('expected a 4-byte Duration');
  const out = Buffer.from(webm);
  out.writeFloatBE(seconds * 1000, at + 3);
  return out;
}
