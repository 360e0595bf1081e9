import {
  type Box,
  boxes,
  fullBox,
  headerDuration,
  metadataOrPadding,
  MP4_KEPT_HANDLERS,
  MP4_PADDING,
  MP4_TOP_LEVEL,
  payloadOf,
  u64,
  voidBox,
  zeroTimes,
} from './mp4-boxes.ts';
import { type Mp4Track, readTrak, trackSamples } from './mp4-tracks.ts';
import { addKeep, addZero, check, longest, newPass, type Pass, Source } from './source.ts';

/* MP4 / QuickTime: the whole file, movie fragments included (see index.ts for what is removed). */

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

/** A track fragment header's fields: its track, its explicit data base, the sample defaults (else the trex's). */
function readTfhd(header: Buffer, trex: Map<number, Trex>) {
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
  return { flags, id, explicitBase, defaultDuration, defaultSize };
}

/**
 * One track run: where its samples start (its data offset from `base`, else `pos`), how many bytes they
 * take and how long they last (each sample's own size and duration, else the defaults).
 */
function readTrun(
  trun: Buffer,
  base: number,
  pos: number,
  defaultDuration: number,
  defaultSize: number,
): { pos: number; bytes: number; duration: number } {
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
  let duration = 0;
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
  return { pos, bytes, duration };
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
    const { flags, id, explicitBase, defaultDuration, defaultSize } = readTfhd(tfhd, trex);
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
      const run = readTrun(trun, base, pos, defaultDuration, defaultSize);
      pos = run.pos;
      duration += run.duration;
      check(pos >= 0 && pos + run.bytes <= src.size, 'fragment samples outside the file');
      if (kept) addKeep(pass, pos, pos + run.bytes);
      pos += run.bytes;
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

/**
 * Reads the movie's fragment defaults (`mvex`): each track's sample defaults (`trex`) into `trex`; answers the
 * fragments' duration (`mehd`) when one is given.
 */
async function readMvex(
  src: Source,
  pass: Pass,
  mvex: Box,
  trex: Map<number, Trex>,
): Promise<{ duration: number | undefined } | undefined> {
  let fragments: { duration: number | undefined } | undefined;
  for (const x of await boxes(src, pass, mvex.payload, mvex.end)) {
    if (metadataOrPadding(pass, x)) continue;
    if (x.type === 'mehd') {
      const p = await payloadOf(src, x);
      const wide = fullBox(p, 8, 12);
      fragments = { duration: headerDuration(p, 4, wide) };
    } else if (x.type === 'trex') {
      const p = await payloadOf(src, x);
      check(p.length >= 24, 'truncated trex');
      trex.set(p.readUInt32BE(4), { duration: p.readUInt32BE(12), size: p.readUInt32BE(16) });
    }
  }
  return fragments;
}

export async function analyseMp4(src: Source): Promise<Pass> {
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
      case 'mvex': {
        const mehd = await readMvex(src, pass, b, trex);
        if (mehd) fragmentDuration = mehd.duration;
        break;
      }
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
