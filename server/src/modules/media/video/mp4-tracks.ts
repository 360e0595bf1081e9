import {
  type Box,
  boxes,
  fullBox,
  headerDuration,
  metadataOrPadding,
  payloadOf,
  u64,
  zeroTimes,
} from './mp4-boxes.ts';
import { addKeep, check, type Pass, Source } from './source.ts';

/* MP4 / QuickTime: one track of the movie header, its sample tables, and the bytes its samples use. */

export interface Mp4Track {
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

export async function readTrak(src: Source, pass: Pass, trak: Box): Promise<Mp4Track> {
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
export function trackSamples(src: Source, pass: Pass, t: Mp4Track): number | undefined {
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
