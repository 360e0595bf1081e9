import { addZero, check, MAX_TABLE_BYTES, type Pass, Source } from './source.ts';

/* MP4 / QuickTime (ISO BMFF): reading boxes, and the box-level edits (metadata made `free`, times zeroed). */

export interface Box {
  type: string;
  start: number;
  /** After the size fields (8, or 16 with a 64-bit size): where a `free` box's payload begins. */
  fields: number;
  /** After the whole header (a `uuid` box's 16-byte user type included). */
  payload: number;
  end: number;
}

/** The boxes between `start` and `end`; a tail too short for a box header is zeroed. */
export async function boxes(src: Source, pass: Pass, start: number, end: number): Promise<Box[]> {
  const out: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) {
      addZero(pass, pos, end);
      break;
    }
    src.visit();
    const head = await src.read(pos, Math.min(32, end - pos));
    const size32 = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let fields = 8;
    let size: number;
    if (size32 === 1) {
      check(head.length >= 16, 'truncated 64-bit box size');
      const large = head.readBigUInt64BE(8);
      check(large <= BigInt(end - pos), 'box larger than its parent');
      size = Number(large);
      fields = 16;
    } else if (size32 === 0) {
      size = end - pos;
    } else {
      size = size32;
    }
    const payload = fields + (type === 'uuid' ? 16 : 0);
    check(size >= payload && pos + size <= end, `bad size of box ${JSON.stringify(type)}`);
    out.push({ type, start: pos, fields: pos + fields, payload: pos + payload, end: pos + size });
    pos += size;
  }
  return out;
}

export async function payloadOf(src: Source, box: Box): Promise<Buffer> {
  check(box.end - box.payload <= MAX_TABLE_BYTES, `box ${box.type} too large`);
  return src.read(box.payload, box.end - box.payload);
}

/** Turns a box into a `free` box of the same size with a zeroed payload. */
export function voidBox(pass: Pass, box: Box): void {
  pass.writes.push({ pos: box.start + 4, bytes: Buffer.from('free', 'latin1') });
  addZero(pass, box.fields, box.end);
  pass.changes += 1;
}

/** Boxes that hold metadata wherever they appear inside the movie. */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_', 'ID32']);
/** Padding boxes: their payload is zeroed (editors leave old metadata in them). */
export const MP4_PADDING = new Set(['free', 'skip', 'wide']);
/** The top-level boxes kept; any other is made a `free` box. */
export const MP4_TOP_LEVEL = new Set([
  'ftyp',
  'styp',
  'moov',
  'mdat',
  'moof',
  'mfra',
  'sidx',
  'ssix',
  'prft',
  'pdin',
]);
/** The tracks kept: video and sound. */
export const MP4_KEPT_HANDLERS = new Set(['vide', 'soun']);

/** Zeroes padding and removes metadata among `children`; answers whether the box was handled. */
export function metadataOrPadding(pass: Pass, box: Box): boolean {
  if (MP4_METADATA.has(box.type)) {
    voidBox(pass, box);
    return true;
  }
  if (MP4_PADDING.has(box.type)) {
    addZero(pass, box.fields, box.end);
    return true;
  }
  return false;
}

export function u64(buf: Buffer, offset: number): number {
  return Number(buf.readBigUInt64BE(offset));
}

/** A header duration: 32 or 64 bits, all ones meaning "unknown". */
export function headerDuration(buf: Buffer, offset: number, wide: boolean): number | undefined {
  if (wide) {
    const v = buf.readBigUInt64BE(offset);
    return v === 0xffff_ffff_ffff_ffffn ? undefined : Number(v);
  }
  const v = buf.readUInt32BE(offset);
  return v === 0xffff_ffff ? undefined : v;
}

/** Zeroes the creation and modification times of an mvhd/tkhd/mdhd payload. */
export function zeroTimes(pass: Pass, box: Box, p: Buffer, wide: boolean): void {
  const times = p.subarray(4, wide ? 20 : 12);
  if (times.some((b) => b !== 0)) {
    pass.writes.push({ pos: box.payload + 4, bytes: Buffer.alloc(times.length) });
    pass.changes += 1;
  }
}

/** The version of a full box, checked to be 0 or 1, and its minimum payload length. */
export function fullBox(p: Buffer, v0: number, v1: number): boolean {
  check(p.length >= 4, 'truncated full box');
  const version = p[0]!;
  check(version <= 1, 'unknown box version');
  check(p.length >= (version === 1 ? v1 : v0), 'truncated full box');
  return version === 1;
}
