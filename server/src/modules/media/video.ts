import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { MAX_VIDEO_SECONDS, MESSAGES } from '@app/domain';
import { AppError, badRequest } from '../../http/errors.ts';

/**
 * Uploaded videos, in place and in pure TypeScript (no ffmpeg, nothing to install): their metadata
 * is removed and their length is read and checked before they are stored (issue 9, item 11).
 *
 * - MP4 / QuickTime (ISO BMFF): every metadata box (`udta`, `meta`, `uuid`; top-level boxes that are
 *   not part of the movie) becomes a `free` box of the same size with a zeroed payload, so no sample
 *   moves and every chunk offset (`stco`/`co64`, `trun`) stays valid. Tracks other than video and
 *   sound (timed metadata such as GoPro/DJI GPS tracks, subtitles, timecode) are removed the same
 *   way, and every byte of `mdat` (and of `free`/`skip`/`wide`) that no remaining audio or video
 *   sample uses is zeroed. The creation and modification times of `mvhd`/`tkhd`/`mdhd` are zeroed.
 * - WebM / Matroska (EBML): `Tags`, `Attachments` and any unknown Segment child become an EBML Void
 *   element of exactly the same length; so do Info's Title, DateUTC and file names, the SeekHead
 *   entries that pointed at removed elements, tracks other than video and audio with their blocks,
 *   and the CRC-32 of every element changed; the payloads of Void elements are zeroed.
 * - The length is read from the headers (MP4: `mvhd`, `tkhd`, `mdhd`, the sample durations and the
 *   fragments; WebM: Info's Duration and the timecodes of the blocks) and the longest one counts, so
 *   a header cannot hide a long video.
 *
 * The file is parsed again after the change and must parse to the same length and the same samples
 * with nothing left to remove. Any file that cannot be parsed is refused with a 400; parsing never
 * throws anything else (I/O errors of the server's own disk excepted).
 */

export { MAX_VIDEO_SECONDS };

/** A clip may run this much over MAX_VIDEO_SECONDS: a "30 second" phone recording often lasts 30.03 s. */
export const VIDEO_SECONDS_TOLERANCE = 0.5;

/** What a cleaned video turned out to be. */
export interface VideoReport {
  format: 'mp4' | 'webm';
  durationSeconds: number;
  /** The metadata boxes/elements, tracks and timestamps removed (0 for a video that had none). */
  removed: number;
}

/** Reads are served from a window of this many bytes (most boxes and elements are tiny). */
const WINDOW = 1 << 20;
/** The largest box read whole (sample tables); a 100 MB video needs a few MB at most. */
const MAX_TABLE_BYTES = 64 << 20;
/** Boxes or elements visited in one pass, and sample ranges kept: beyond that the file is refused. */
const MAX_NODES = 300_000;
const MAX_RANGES = 300_000;

class Malformed extends Error {}

function check(condition: unknown, why: string): asserts condition {
  if (!condition) throw new Malformed(why);
}

/** Random access to the file, through a read window; every read is bounds-checked. */
class Source {
  private window: { pos: number; bytes: Buffer } | undefined;
  private nodes = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  async read(pos: number, length: number): Promise<Buffer> {
    check(Number.isSafeInteger(pos) && Number.isSafeInteger(length) && pos >= 0 && length >= 0, 'bad read');
    check(pos + length <= this.size, 'read past the end of the file');
    const w = this.window;
    if (w && pos >= w.pos && pos + length <= w.pos + w.bytes.length) {
      return w.bytes.subarray(pos - w.pos, pos - w.pos + length);
    }
    if (length > WINDOW) return this.readRaw(pos, length);
    const bytes = await this.readRaw(pos, Math.min(WINDOW, this.size - pos));
    this.window = { pos, bytes };
    return bytes.subarray(0, length);
  }

  private async readRaw(pos: number, length: number): Promise<Buffer> {
    const buf = Buffer.alloc(length);
    for (let done = 0; done < length;) {
      const { bytesRead } = await this.handle.read(buf, done, length - done, pos + done);
      check(bytesRead > 0, 'the file ended early');
      done += bytesRead;
    }
    return buf;
  }

  /** Counts one box or element: a file made of millions of tiny ones is refused, not walked. */
  visit(): void {
    this.nodes += 1;
    check(this.nodes <= MAX_NODES, 'too many boxes or elements');
  }
}

/** One parse of a file: what it is, how long it lasts and what must change. */
interface Pass {
  format: 'mp4' | 'webm';
  seconds: number | undefined;
  /** Bytes to write (new box types, Void headers, zeroed timestamps). */
  writes: { pos: number; bytes: Buffer }[];
  /** Regions to zero, except where they overlap `keep`. */
  zero: [number, number][];
  /** Bytes that remaining audio/video samples use (MP4): never zeroed. */
  keep: [number, number][];
  /** Metadata found: 0 on a cleaned file. */
  changes: number;
}

const newPass = (format: Pass['format']): Pass => ({
  format,
  seconds: undefined,
  writes: [],
  zero: [],
  keep: [],
  changes: 0,
});

function addZero(pass: Pass, start: number, end: number): void {
  if (end > start) pass.zero.push([start, end]);
}

function addKeep(pass: Pass, start: number, end: number): void {
  if (end <= start) return;
  const last = pass.keep[pass.keep.length - 1];
  if (last && last[1] === start) {
    last[1] = end;
    return;
  }
  check(pass.keep.length < MAX_RANGES, 'too many sample ranges');
  pass.keep.push([start, end]);
}

function merged(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.map(([s, e]) => [s, e] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `regions` minus `keep`. */
function subtract(regions: [number, number][], keep: [number, number][]): [number, number][] {
  const k = merged(keep);
  const out: [number, number][] = [];
  let i = 0;
  for (const [start, end] of merged(regions)) {
    while (i < k.length && k[i]![1] <= start) i++;
    let s = start;
    for (let j = i; s < end; j++) {
      const r = k[j];
      if (!r || r[0] >= end) {
        out.push([s, end]);
        break;
      }
      if (r[0] > s) out.push([s, r[0]]);
      s = Math.max(s, r[1]);
    }
  }
  return out;
}

function keepDigest(pass: Pass): string {
  const hash = createHash('sha256');
  const pair = Buffer.alloc(16);
  for (const [s, e] of merged(pass.keep)) {
    pair.writeDoubleBE(s, 0);
    pair.writeDoubleBE(e, 8);
    hash.update(pair);
  }
  return hash.digest('hex');
}

const ZEROS = Buffer.alloc(1 << 20);

async function writeAt(handle: FileHandle, bytes: Buffer, pos: number): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, pos + done);
    done += bytesWritten;
  }
}

async function apply(handle: FileHandle, pass: Pass): Promise<void> {
  for (const [start, end] of subtract(pass.zero, pass.keep)) {
    for (let pos = start; pos < end; pos += ZEROS.length) {
      await writeAt(handle, ZEROS.subarray(0, Math.min(ZEROS.length, end - pos)), pos);
    }
  }
  for (const w of pass.writes) await writeAt(handle, w.bytes, w.pos);
}

/** The greatest finite, positive value, or undefined. */
function longest(values: (number | undefined)[]): number | undefined {
  let best: number | undefined;
  for (const v of values) {
    if (v !== undefined && Number.isFinite(v) && v > 0 && (best === undefined || v > best)) best = v;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// MP4 / QuickTime (ISO BMFF)

interface Box {
  type: string;
  start: number;
  /** After the size fields (8, or 16 with a 64-bit size): where a `free` box's payload begins. */
  fields: number;
  /** After the whole header (a `uuid` box's 16-byte user type included). */
  payload: number;
  end: number;
}

/** The boxes between `start` and `end`; a tail too short for a box header is zeroed. */
async function boxes(src: Source, pass: Pass, start: number, end: number): Promise<Box[]> {
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

async function payloadOf(src: Source, box: Box): Promise<Buffer> {
  check(box.end - box.payload <= MAX_TABLE_BYTES, `box ${box.type} too large`);
  return src.read(box.payload, box.end - box.payload);
}

/** Turns a box into a `free` box of the same size with a zeroed payload. */
function voidBox(pass: Pass, box: Box): void {
  pass.writes.push({ pos: box.start + 4, bytes: Buffer.from('free', 'latin1') });
  addZero(pass, box.fields, box.end);
  pass.changes += 1;
}

/** Boxes that hold metadata wherever they appear inside the movie. */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_', 'ID32']);
/** Padding boxes: their payload is zeroed (editors leave old metadata in them). */
const MP4_PADDING = new Set(['free', 'skip', 'wide']);
/** The top-level boxes kept; any other is made a `free` box. */
const MP4_TOP_LEVEL = new Set([
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
const MP4_KEPT_HANDLERS = new Set(['vide', 'soun']);

/** Zeroes padding and removes metadata among `children`; answers whether the box was handled. */
function metadataOrPadding(pass: Pass, box: Box): boolean {
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

function u64(buf: Buffer, offset: number): number {
  return Number(buf.readBigUInt64BE(offset));
}

/** A header duration: 32 or 64 bits, all ones meaning "unknown". */
function headerDuration(buf: Buffer, offset: number, wide: boolean): number | undefined {
  if (wide) {
    const v = buf.readBigUInt64BE(offset);
    return v === 0xffff_ffff_ffff_ffffn ? undefined : Number(v);
  }
  const v = buf.readUInt32BE(offset);
  return v === 0xffff_ffff ? undefined : v;
}

/** Zeroes the creation and modification times of an mvhd/tkhd/mdhd payload. */
function zeroTimes(pass: Pass, box: Box, p: Buffer, wide: boolean): void {
  const times = p.subarray(4, wide ? 20 : 12);
  if (times.some((b) => b !== 0)) {
    pass.writes.push({ pos: box.payload + 4, bytes: Buffer.alloc(times.length) });
    pass.changes += 1;
  }
}

/** The version of a full box, checked to be 0 or 1, and its minimum payload length. */
function fullBox(p: Buffer, v0: number, v1: number): boolean {
  check(p.length >= 4, 'truncated full box');
  const version = p[0]!;
  check(version <= 1, 'unknown box version');
  check(p.length >= (version === 1 ? v1 : v0), 'truncated full box');
  return version === 1;
}

interface Mp4Track {
  box: Box;
  id?: number;
  handler?: string;
  tkhdDuration?: number;
  timescale?: number;
  mdhdDuration?: number;
  stts?: Buffer;
  stsc?: Buffer;
  stsz?: { box: string; p: Buffer };
  stco?: { box: string; p: Buffer };
}

async function readStbl(src: Source, pass: Pass, stbl: Box, track: Mp4Track): Promise<void> {
  for (const b of await boxes(src, pass, stbl.payload, stbl.end)) {
    if (metadataOrPadding(pass, b)) continue;
    switch (b.type) {
      case 'stts':
        track.stts = await payloadOf(src, b);
        break;
      case 'stsc':
        track.stsc = await payloadOf(src, b);
        break;
      case 'stsz':
      case 'stz2':
        check(!track.stsz, 'two sample size tables');
        track.stsz = { box: b.type, p: await payloadOf(src, b) };
        break;
      case 'stco':
      case 'co64':
        check(!track.stco, 'two chunk offset tables');
        track.stco = { box: b.type, p: await payloadOf(src, b) };
        break;
    }
  }
}

async function readTrak(src: Source, pass: Pass, trak: Box): Promise<Mp4Track> {
  const track: Mp4Track = { box: trak };
  const walk = async (parent: Box): Promise<void> => {
    for (const b of await boxes(src, pass, parent.payload, parent.end)) {
      if (metadataOrPadding(pass, b)) continue;
      switch (b.type) {
        case 'tkhd': {
          const p = await payloadOf(src, b);
          const wide = fullBox(p, 24, 36);
          zeroTimes(pass, b, p, wide);
          track.id = p.readUInt32BE(wide ? 20 : 12);
          track.tkhdDuration = headerDuration(p, wide ? 28 : 20, wide);
          break;
        }
        case 'mdhd': {
          const p = await payloadOf(src, b);
          const wide = fullBox(p, 20, 32);
          zeroTimes(pass, b, p, wide);
          track.timescale = p.readUInt32BE(wide ? 20 : 12);
          track.mdhdDuration = headerDuration(p, wide ? 24 : 16, wide);
          break;
        }
        case 'hdlr': {
          // mdia/hdlr names the track's kind; a QuickTime minf/hdlr (data handler) does not count.
          if (parent.type !== 'mdia') break;
          const p = await payloadOf(src, b);
          check(p.length >= 12, 'truncated hdlr');
          track.handler = p.toString('latin1', 8, 12);
          break;
        }
        case 'mdia':
        case 'minf':
          await walk(b);
          break;
        case 'stbl':
          await readStbl(src, pass, b, track);
          break;
      }
    }
  };
  await walk(trak);
  return track;
}

/** Counted entries of a table: the count at `at`, entries of `size` bytes after it. */
function entries(p: Buffer, at: number, size: number): number {
  check(p.length >= at + 4, 'truncated table');
  const count = p.readUInt32BE(at);
  check(at + 4 + count * size <= p.length, 'table longer than its box');
  return count;
}

/** Adds the byte ranges of a kept track's chunks and returns its summed sample durations. */
function trackSamples(src: Source, pass: Pass, t: Mp4Track): number | undefined {
  let sttsTotal: number | undefined;
  if (t.stts) {
    const n = entries(t.stts, 4, 8);
    sttsTotal = 0;
    for (let i = 0; i < n; i++) sttsTotal += t.stts.readUInt32BE(8 + 8 * i) * t.stts.readUInt32BE(12 + 8 * i);
  }
  check(t.stsz && t.stco && t.stsc, 'a track without sample tables');

  // Sample sizes.
  const sz = t.stsz.p;
  let sampleCount: number;
  let constant = 0;
  let sizeAt: (i: number) => number;
  if (t.stsz.box === 'stsz') {
    check(sz.length >= 12, 'truncated stsz');
    constant = sz.readUInt32BE(4);
    sampleCount = sz.readUInt32BE(8);
    if (constant === 0) check(12 + sampleCount * 4 <= sz.length, 'stsz longer than its box');
    sizeAt = (i) => sz.readUInt32BE(12 + 4 * i);
  } else {
    check(sz.length >= 12, 'truncated stz2');
    const field = sz[7]!;
    check(field === 4 || field === 8 || field === 16, 'bad stz2 field size');
    sampleCount = sz.readUInt32BE(8);
    check(12 + Math.ceil((sampleCount * field) / 8) <= sz.length, 'stz2 longer than its box');
    sizeAt =
      field === 16
        ? (i) => sz.readUInt16BE(12 + 2 * i)
        : field === 8
          ? (i) => sz[12 + i]!
          : (i) => (i % 2 === 0 ? sz[12 + (i >> 1)]! >> 4 : sz[12 + (i >> 1)]! & 0x0f);
  }

  // Chunk offsets.
  const co = t.stco.p;
  const wide = t.stco.box === 'co64';
  const chunkCount = entries(co, 4, wide ? 8 : 4);
  const offsetAt = (c: number) => (wide ? u64(co, 8 + 8 * c) : co.readUInt32BE(8 + 4 * c));

  // Samples to chunks.
  const sc = t.stsc;
  const runs = entries(sc, 4, 12);
  check(runs > 0 || chunkCount === 0, 'chunks without a sample-to-chunk table');
  let sample = 0;
  for (let r = 0; r < runs; r++) {
    const first = sc.readUInt32BE(8 + 12 * r);
    const perChunk = sc.readUInt32BE(12 + 12 * r);
    const next = r + 1 < runs ? sc.readUInt32BE(8 + 12 * (r + 1)) : chunkCount + 1;
    check(first >= 1 && next > first, 'stsc out of order');
    for (let c = first; c < Math.min(next, chunkCount + 1); c++) {
      check(sample + perChunk <= sampleCount, 'chunks hold more samples than there are');
      let bytes = 0;
      if (constant) bytes = perChunk * constant;
      else for (let s = sample; s < sample + perChunk; s++) bytes += sizeAt(s);
      sample += perChunk;
      const start = offsetAt(c - 1);
      check(start + bytes <= src.size, 'samples past the end of the file');
      addKeep(pass, start, start + bytes);
    }
  }
  return sttsTotal;
}

interface Trex {
  duration: number;
  size: number;
}

interface TrackState {
  kept: boolean;
  timescale: number;
  /** Where the track's fragments have reached, in its timescale. */
  fragmentEnd: number;
}

/** Reads one movie fragment: adds its kept samples' ranges, removes the others' `traf`. */
async function readMoof(
  src: Source,
  pass: Pass,
  moof: Box,
  tracks: Map<number, TrackState>,
  trex: Map<number, Trex>,
): Promise<void> {
  let previousEnd = moof.start;
  let removedBefore = false;
  for (const traf of await boxes(src, pass, moof.payload, moof.end)) {
    if (metadataOrPadding(pass, traf) || traf.type !== 'traf') continue;
    let tfhd: Buffer | undefined;
    let decodeTime: number | undefined;
    const truns: Buffer[] = [];
    for (const b of await boxes(src, pass, traf.payload, traf.end)) {
      if (metadataOrPadding(pass, b)) continue;
      if (b.type === 'tfhd') tfhd = await payloadOf(src, b);
      else if (b.type === 'trun') truns.push(await payloadOf(src, b));
      else if (b.type === 'tfdt') {
        const p = await payloadOf(src, b);
        const wide = fullBox(p, 8, 12);
        decodeTime = wide ? u64(p, 4) : p.readUInt32BE(4);
      }
    }
    check(tfhd && tfhd.length >= 8, 'a track fragment without tfhd');
    const header = tfhd;
    const flags = header.readUInt32BE(0) & 0xffffff;
    const id = header.readUInt32BE(4);
    let at = 8;
    const field = (bytes: number) => {
      check(header.length >= at + bytes, 'truncated tfhd');
      const v = bytes === 8 ? u64(header, at) : header.readUInt32BE(at);
      at += bytes;
      return v;
    };
    const explicitBase = flags & 0x1 ? field(8) : undefined;
    if (flags & 0x2) field(4);
    const defaults = trex.get(id);
    const defaultDuration = flags & 0x8 ? field(4) : (defaults?.duration ?? 0);
    const defaultSize = flags & 0x10 ? field(4) : (defaults?.size ?? 0);
    const track = tracks.get(id);
    const kept = !!track?.kept;

    let base: number;
    if (explicitBase !== undefined) base = explicitBase;
    else if (flags & 0x20000) base = moof.start;
    else {
      // The data follows the previous track fragment's: that one must stay for the offsets to hold.
      check(!kept || !removedBefore, 'a fragment whose data offsets depend on a removed track');
      base = previousEnd;
    }

    let pos = base;
    let duration = 0;
    for (const trun of truns) {
      check(trun.length >= 8, 'truncated trun');
      const tf = trun.readUInt32BE(0) & 0xffffff;
      const count = trun.readUInt32BE(4);
      let p = 8;
      if (tf & 0x1) {
        check(trun.length >= p + 4, 'truncated trun');
        pos = base + trun.readInt32BE(p);
        p += 4;
      }
      if (tf & 0x4) p += 4;
      const hasDuration = !!(tf & 0x100);
      const hasSize = !!(tf & 0x200);
      const record = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => tf & f).length;
      check(trun.length >= p + count * record, 'trun longer than its box');
      let bytes = 0;
      if (hasDuration || hasSize) {
        for (let i = 0; i < count; i++) {
          let q = p + i * record;
          if (hasDuration) {
            duration += trun.readUInt32BE(q);
            q += 4;
          } else duration += defaultDuration;
          bytes += hasSize ? trun.readUInt32BE(q) : defaultSize;
        }
      } else {
        duration += count * defaultDuration;
        bytes = count * defaultSize;
      }
      check(pos >= 0 && pos + bytes <= src.size, 'fragment samples outside the file');
      if (kept) addKeep(pass, pos, pos + bytes);
      pos += bytes;
    }
    previousEnd = pos;
    if (kept) {
      const end = (decodeTime ?? track!.fragmentEnd) + duration;
      track!.fragmentEnd = Math.max(track!.fragmentEnd, end);
    } else {
      voidBox(pass, traf);
      removedBefore = true;
    }
  }
}

async function analyseMp4(src: Source): Promise<Pass> {
  const pass = newPass('mp4');
  const top = await boxes(src, pass, 0, src.size);
  const moovs = top.filter((b) => b.type === 'moov');
  check(moovs.length === 1, 'not exactly one movie header (moov)');

  for (const b of top) {
    if (MP4_PADDING.has(b.type) || b.type === 'mdat') addZero(pass, b.payload, b.end);
    else if (!MP4_TOP_LEVEL.has(b.type)) voidBox(pass, b);
  }

  let timescale: number | undefined;
  let movieDuration: number | undefined;
  let fragmentDuration: number | undefined;
  const traks: Mp4Track[] = [];
  const trex = new Map<number, Trex>();
  for (const b of await boxes(src, pass, moovs[0]!.payload, moovs[0]!.end)) {
    if (metadataOrPadding(pass, b)) continue;
    switch (b.type) {
      case 'mvhd': {
        check(timescale === undefined, 'two movie headers');
        const p = await payloadOf(src, b);
        const wide = fullBox(p, 20, 32);
        zeroTimes(pass, b, p, wide);
        timescale = p.readUInt32BE(wide ? 20 : 12);
        movieDuration = headerDuration(p, wide ? 24 : 16, wide);
        break;
      }
      case 'trak':
        traks.push(await readTrak(src, pass, b));
        break;
      case 'mvex':
        for (const x of await boxes(src, pass, b.payload, b.end)) {
          if (metadataOrPadding(pass, x)) continue;
          if (x.type === 'mehd') {
            const p = await payloadOf(src, x);
            const wide = fullBox(p, 8, 12);
            fragmentDuration = headerDuration(p, 4, wide);
          } else if (x.type === 'trex') {
            const p = await payloadOf(src, x);
            check(p.length >= 24, 'truncated trex');
            trex.set(p.readUInt32BE(4), { duration: p.readUInt32BE(12), size: p.readUInt32BE(16) });
          }
        }
        break;
    }
  }
  check(timescale, 'no movie timescale');

  const seconds: (number | undefined)[] = [movieDuration, fragmentDuration].map((d) =>
    d === undefined ? undefined : d / timescale,
  );
  const states = new Map<number, TrackState>();
  const kept: { track: Mp4Track; state: TrackState; stts: number | undefined }[] = [];
  for (const t of traks) {
    const keep = MP4_KEPT_HANDLERS.has(t.handler ?? '');
    if (!keep) {
      voidBox(pass, t.box);
      if (t.id !== undefined) states.set(t.id, { kept: false, timescale: 1, fragmentEnd: 0 });
      continue;
    }
    check(t.id !== undefined && !states.has(t.id), 'a track without a unique id');
    check(t.timescale, 'a track without a timescale');
    const state = { kept: true, timescale: t.timescale, fragmentEnd: t.mdhdDuration ?? 0 };
    states.set(t.id, state);
    kept.push({ track: t, state, stts: trackSamples(src, pass, t) });
  }
  check(
    kept.some((k) => k.track.handler === 'vide'),
    'no video track',
  );

  for (const b of top) if (b.type === 'moof') await readMoof(src, pass, b, states, trex);

  for (const { track, state, stts } of kept) {
    seconds.push(track.tkhdDuration === undefined ? undefined : track.tkhdDuration / timescale);
    for (const d of [track.mdhdDuration, stts, state.fragmentEnd]) {
      seconds.push(d === undefined ? undefined : d / state.timescale);
    }
  }
  pass.seconds = longest(seconds);
  return pass;
}

// ---------------------------------------------------------------------------------------------
// WebM / Matroska (EBML)

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  title: 0x7ba9,
  dateUtc: 0x4461,
  segmentFilename: 0x7384,
  prevFilename: 0x3c83ab,
  nextFilename: 0x3e83bb,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  position: 0xa7,
  prevSize: 0xab,
  silentTracks: 0x5854,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  void: 0xec,
  crc32: 0xbf,
} as const;

/** The Segment children kept; any other (Tags, Attachments, unknown) becomes a Void element. */
const SEGMENT_KEPT = new Set<number>([
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.cluster,
  ID.cues,
  ID.chapters,
  ID.void,
  ID.crc32,
]);
/** The Cluster children kept; any other becomes a Void element, or ends a Cluster of unknown size. */
const CLUSTER_KEPT = new Set<number>([
  ID.timecode,
  ID.position,
  ID.prevSize,
  ID.silentTracks,
  ID.simpleBlock,
  ID.blockGroup,
  ID.void,
  ID.crc32,
]);
/** Info children that say who made the file, when, or under which name. */
const INFO_REMOVED = new Set<number>([
  ID.title,
  ID.dateUtc,
  ID.segmentFilename,
  ID.prevFilename,
  ID.nextFilename,
]);
/** Matroska track types kept: video (1) and audio (2). */
const WEBM_VIDEO = 1;
const WEBM_AUDIO = 2;

interface El {
  id: number;
  start: number;
  data: number;
  end: number;
  unknownSize: boolean;
}

const leadingZeros = (byte: number) => Math.clz32(byte) - 24;

/** An element header at `pos`, inside a parent that ends at `limit`. */
async function element(src: Source, pos: number, limit: number): Promise<El> {
  src.visit();
  check(limit - pos >= 2, 'truncated element');
  const head = await src.read(pos, Math.min(12, limit - pos));
  const idLength = leadingZeros(head[0]!) + 1;
  check(head[0] !== 0 && idLength <= 4 && head.length > idLength, 'bad element id');
  const id = head.readUIntBE(0, idLength);
  const first = head[idLength]!;
  const sizeLength = leadingZeros(first) + 1;
  check(first !== 0 && head.length >= idLength + sizeLength, 'bad element size');
  const mask = 0xff >> sizeLength;
  let size = first & mask;
  let allOnes = size === mask;
  for (let i = 1; i < sizeLength; i++) {
    const b = head[idLength + i]!;
    size = size * 256 + b;
    allOnes &&= b === 0xff;
  }
  const data = pos + idLength + sizeLength;
  if (allOnes) return { id, start: pos, data, end: limit, unknownSize: true };
  check(data + size <= limit, 'element larger than its parent');
  return { id, start: pos, data, end: data + size, unknownSize: false };
}

/** The known-size children of an element; unknown sizes are refused here. */
async function children(src: Source, parent: El): Promise<El[]> {
  const out: El[] = [];
  for (let pos = parent.data; pos < parent.end;) {
    const el = await element(src, pos, parent.end);
    check(!el.unknownSize, 'an element of unknown size');
    out.push(el);
    pos = el.end;
  }
  return out;
}

/** An EBML Void element of exactly `length` bytes (ID, size, zeros). */
function voidHeader(length: number): Buffer {
  for (let n = 1; n <= 8; n++) {
    const payload = length - 1 - n;
    if (payload < 0) break;
    if (payload > 2 ** (7 * n) - 2) continue;
    const head = Buffer.alloc(1 + n);
    head[0] = ID.void;
    let v = payload;
    for (let i = n; i >= 1; i--) {
      head[i] = v % 256;
      v = Math.floor(v / 256);
    }
    head[1]! |= 1 << (8 - n);
    return head;
  }
  throw new Malformed('element too short to be voided');
}

/** Replaces an element by a Void element of the same length. */
function voidElement(pass: Pass, el: El, significant = true): void {
  const head = voidHeader(el.end - el.start);
  pass.writes.push({ pos: el.start, bytes: head });
  addZero(pass, el.start + head.length, el.end);
  if (significant) pass.changes += 1;
}

async function readUint(src: Source, el: El): Promise<number> {
  check(el.end - el.data <= 8, 'integer too long');
  const b = await src.read(el.data, el.end - el.data);
  let v = 0;
  for (const byte of b) v = v * 256 + byte;
  return v;
}

async function readFloat(src: Source, el: El): Promise<number> {
  const length = el.end - el.data;
  check(length === 0 || length === 4 || length === 8, 'bad float');
  if (length === 0) return 0;
  const b = await src.read(el.data, length);
  return length === 4 ? b.readFloatBE(0) : b.readDoubleBE(0);
}

/** Walks a master element's children; a changed master loses its CRC-32 (it would be wrong). */
async function editChildren(
  src: Source,
  pass: Pass,
  parent: El,
  visit: (child: El) => Promise<boolean>,
): Promise<boolean> {
  let crc: El | undefined;
  let changed = false;
  for (const child of await children(src, parent)) {
    if (child.id === ID.crc32) crc = child;
    else if (child.id === ID.void) addZero(pass, child.data, child.end);
    else if (await visit(child)) changed = true;
  }
  if (changed && crc) voidElement(pass, crc, false);
  return changed;
}

interface WebmState {
  scale: number;
  infoDuration?: number;
  /** The latest block time seen, in TimecodeScale units. */
  lastTick?: number;
  tracksSeen: boolean;
  kept: Set<number>;
  videoTracks: number;
}

/** A block's track number and relative timecode. */
async function blockHeader(src: Source, el: El): Promise<{ track: number; timecode: number }> {
  const head = await src.read(el.data, Math.min(11, el.end - el.data));
  check(head.length >= 1, 'empty block');
  const length = leadingZeros(head[0]!) + 1;
  check(head[0] !== 0 && head.length >= length + 2, 'truncated block');
  let track = head[0]! & (0xff >> length);
  for (let i = 1; i < length; i++) track = track * 256 + head[i]!;
  return { track, timecode: head.readInt16BE(length) };
}

/** Walks a Cluster (of known or unknown size); returns where it ends. */
async function readCluster(src: Source, pass: Pass, state: WebmState, cluster: El): Promise<number> {
  check(state.tracksSeen, 'a Cluster before the Tracks');
  let clusterTime: number | undefined;
  let crc: El | undefined;
  let changed = false;
  let pos = cluster.data;
  while (pos < cluster.end) {
    if (cluster.unknownSize && cluster.end - pos < 2) break;
    const el = await element(src, pos, cluster.end);
    if (cluster.unknownSize && !CLUSTER_KEPT.has(el.id)) break;
    check(!el.unknownSize, 'an element of unknown size in a Cluster');
    pos = el.end;
    switch (el.id) {
      case ID.timecode:
        clusterTime = await readUint(src, el);
        break;
      case ID.simpleBlock:
      case ID.blockGroup: {
        let block: El | undefined = el;
        let duration = 0;
        if (el.id === ID.blockGroup) {
          block = undefined;
          for (const c of await children(src, el)) {
            if (c.id === ID.block) block = c;
            else if (c.id === ID.blockDuration) duration = await readUint(src, c);
          }
        }
        const header = block && (await blockHeader(src, block));
        if (!header || !state.kept.has(header.track)) {
          voidElement(pass, el);
          changed = true;
          break;
        }
        check(clusterTime !== undefined, 'a block before its Cluster timecode');
        const tick = clusterTime + header.timecode + duration;
        state.lastTick = Math.max(state.lastTick ?? 0, tick);
        break;
      }
      case ID.crc32:
        crc = el;
        break;
      case ID.void:
        addZero(pass, el.data, el.end);
        break;
      case ID.position:
      case ID.prevSize:
      case ID.silentTracks:
        break;
      default:
        voidElement(pass, el);
        changed = true;
    }
  }
  if (changed && crc) voidElement(pass, crc, false);
  return pos;
}

async function readSegment(src: Source, pass: Pass, state: WebmState, segment: El): Promise<number> {
  let crc: El | undefined;
  let changed = false;
  let pos = segment.data;
  while (pos < segment.end) {
    const el = await element(src, pos, segment.end);
    // A Segment of unknown size ends where another top-level element begins.
    if (segment.unknownSize && (el.id === ID.ebml || el.id === ID.segment)) break;
    if (el.id === ID.cluster) {
      pos = await readCluster(src, pass, state, el);
      continue;
    }
    check(!el.unknownSize, 'an element of unknown size in a Segment');
    pos = el.end;
    switch (el.id) {
      case ID.seekHead:
        if (
          await editChildren(src, pass, el, async (seek) => {
            if (seek.id !== ID.seek) return false;
            const target = (await children(src, seek)).find((c) => c.id === ID.seekId);
            const targetId = target && target.end - target.data <= 4 ? await readUint(src, target) : -1;
            if (SEGMENT_KEPT.has(targetId)) return false;
            voidElement(pass, seek);
            return true;
          })
        )
          changed = true;
        break;
      case ID.info:
        if (
          await editChildren(src, pass, el, async (c) => {
            if (c.id === ID.timecodeScale) state.scale = await readUint(src, c);
            else if (c.id === ID.duration) state.infoDuration = await readFloat(src, c);
            else if (INFO_REMOVED.has(c.id)) {
              voidElement(pass, c);
              return true;
            }
            return false;
          })
        )
          changed = true;
        break;
      case ID.tracks:
        check(!state.tracksSeen, 'two Tracks elements');
        state.tracksSeen = true;
        if (
          await editChildren(src, pass, el, async (entry) => {
            if (entry.id !== ID.trackEntry) return false;
            let number: number | undefined;
            let type: number | undefined;
            for (const c of await children(src, entry)) {
              if (c.id === ID.trackNumber) number = await readUint(src, c);
              else if (c.id === ID.trackType) type = await readUint(src, c);
            }
            if (number && (type === WEBM_VIDEO || type === WEBM_AUDIO)) {
              check(!state.kept.has(number), 'two tracks with one number');
              state.kept.add(number);
              if (type === WEBM_VIDEO) state.videoTracks += 1;
              return false;
            }
            voidElement(pass, entry);
            return true;
          })
        )
          changed = true;
        break;
      case ID.crc32:
        crc = el;
        break;
      case ID.void:
        addZero(pass, el.data, el.end);
        break;
      default:
        if (!SEGMENT_KEPT.has(el.id)) {
          voidElement(pass, el);
          changed = true;
        }
    }
  }
  if (changed && crc) voidElement(pass, crc, false);
  return pos;
}

async function analyseWebm(src: Source): Promise<Pass> {
  const pass = newPass('webm');
  const state: WebmState = { scale: 1_000_000, tracksSeen: false, kept: new Set(), videoTracks: 0 };
  let header = false;
  let segments = 0;
  let pos = 0;
  while (pos < src.size) {
    const el = await element(src, pos, src.size);
    if (el.id === ID.segment) {
      check(header && segments === 0, 'not one Segment after the EBML header');
      segments += 1;
      pos = await readSegment(src, pass, state, el);
      continue;
    }
    check(!el.unknownSize, 'a top-level element of unknown size');
    pos = el.end;
    if (el.id === ID.ebml) {
      check(!header && el.start === 0, 'a misplaced EBML header');
      const docType = (await children(src, el)).find((c) => c.id === ID.docType);
      check(docType && docType.end - docType.data <= 32, 'no DocType');
      const name = (await src.read(docType.data, docType.end - docType.data)).toString('latin1');
      check(['webm', 'matroska'].includes(name.replace(/\0+$/, '')), 'not WebM or Matroska');
      header = true;
    } else if (el.id === ID.void) addZero(pass, el.data, el.end);
    else check(false, 'an unknown top-level element');
  }
  check(segments === 1, 'no Segment');
  check(state.videoTracks > 0, 'no video track');
  check(state.scale > 0, 'a zero TimecodeScale');
  const info = state.infoDuration;
  check(info === undefined || (Number.isFinite(info) && info >= 0), 'a bad Duration');
  const toSeconds = (ticks: number | undefined) =>
    ticks === undefined ? undefined : (ticks * state.scale) / 1e9;
  pass.seconds = longest([toSeconds(info), toSeconds(state.lastTick)]);
  return pass;
}

// ---------------------------------------------------------------------------------------------
// The checks

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

async function analyse(handle: FileHandle): Promise<Pass> {
  const size = (await handle.stat()).size;
  const src = new Source(handle, size);
  check(size >= 8, 'too short');
  const magic = await src.read(0, 4);
  return magic.equals(EBML_MAGIC) ? analyseWebm(src) : analyseMp4(src);
}

/** A system error of the server's own disk (not the caller's fault): let it through as a 500. */
const isSystemError = (err: unknown) =>
  err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string';

const refusal = (message: string) => badRequest(message, { errors: [{ path: ['files'], message }] });
const quoted = (name: string) => JSON.stringify(name);
const T = MESSAGES.videoUpload;

/**
 * Reads a video file without changing it: its format, length (undefined when it has none) and how
 * many metadata items a clean would remove (0 for a stored video). Throws a 400 when it cannot be
 * parsed.
 */
export async function inspectVideo(
  file: string,
  name = 'video',
): Promise<{ format: 'mp4' | 'webm'; durationSeconds: number | undefined; pending: number }> {
  const handle = await open(file, 'r');
  try {
    const pass = await analyse(handle);
    return { format: pass.format, durationSeconds: pass.seconds, pending: pass.changes };
  } catch (err) {
    if (err instanceof AppError || isSystemError(err)) throw err;
    throw refusal(`${quoted(name)}: ${T.unreadable}`);
  } finally {
    await handle.close();
  }
}

/**
 * Cleans a received video in place (see the top of this file) and checks its length: a video that
 * cannot be parsed, whose length cannot be read, or that lasts longer than MAX_VIDEO_SECONDS (with
 * VIDEO_SECONDS_TOLERANCE) is refused with a 400. `name` is the caller's file name, for messages.
 */
export async function cleanVideo(file: string, name: string): Promise<VideoReport> {
  const handle = await open(file, 'r+');
  try {
    const first = await analyse(handle);
    const seconds = first.seconds;
    if (seconds === undefined) throw refusal(`${quoted(name)}: ${T.noDuration}`);
    if (seconds > MAX_VIDEO_SECONDS + VIDEO_SECONDS_TOLERANCE) {
      throw refusal(`${quoted(name)} is ${seconds.toFixed(1)} seconds long. ${T.tooLong}`);
    }
    await apply(handle, first);
    const second = await analyse(handle);
    check(
      second.changes === 0 && second.seconds === seconds && keepDigest(second) === keepDigest(first),
      'the cleaned file does not parse the same',
    );
    return { format: first.format, durationSeconds: seconds, removed: first.changes };
  } catch (err) {
    if (err instanceof AppError || isSystemError(err)) throw err;
    throw refusal(`${quoted(name)}: ${T.unreadable}`);
  } finally {
    await handle.close();
  }
}
