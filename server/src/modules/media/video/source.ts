import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/*
 * What both parsers share: random access to the file through a read window (every read bounds-checked,
 * every box or element counted), one parse's findings (a `Pass`) and writing them back in place.
 */

const WINDOW = 1 << 20;
/** The largest box read whole (sample tables); a 100 MB video needs a few MB at most. */
export const MAX_TABLE_BYTES = 64 << 20;
/** Boxes or elements visited in one pass, and sample ranges kept: beyond that the file is refused. */
const MAX_NODES = 300_000;
const MAX_RANGES = 300_000;

export class Malformed extends Error {}

export function check(condition: unknown, why: string): asserts condition {
  if (!condition) throw new Malformed(why);
}

/** Random access to the file, through a read window; every read is bounds-checked. */
export class Source {
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
export interface Pass {
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

export const newPass = (format: Pass['format']): Pass => ({
  format,
  seconds: undefined,
  writes: [],
  zero: [],
  keep: [],
  changes: 0,
});

export function addZero(pass: Pass, start: number, end: number): void {
  if (end > start) pass.zero.push([start, end]);
}

export function addKeep(pass: Pass, start: number, end: number): void {
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

export function keepDigest(pass: Pass): string {
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

export async function apply(handle: FileHandle, pass: Pass): Promise<void> {
  for (const [start, end] of subtract(pass.zero, pass.keep)) {
    for (let pos = start; pos < end; pos += ZEROS.length) {
      await writeAt(handle, ZEROS.subarray(0, Math.min(ZEROS.length, end - pos)), pos);
    }
  }
  for (const w of pass.writes) await writeAt(handle, w.bytes, w.pos);
}

/** The greatest finite, positive value, or undefined. */
export function longest(values: (number | undefined)[]): number | undefined {
  let best: number | undefined;
  for (const v of values) {
    if (v !== undefined && Number.isFinite(v) && v > 0 && (best === undefined || v > best)) best = v;
  }
  return best;
}
