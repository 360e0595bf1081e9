import { addZero, check, longest, Malformed, newPass, type Pass, Source } from './source.ts';

/* WebM / Matroska (EBML): elements, the removal of metadata as Void elements, and the length (see index.ts). */

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

/** A SeekHead without the seeks to removed elements; true when one was removed. */
function editSeekHead(src: Source, pass: Pass, el: El): Promise<boolean> {
  return editChildren(src, pass, el, async (seek) => {
    if (seek.id !== ID.seek) return false;
    const target = (await children(src, seek)).find((c) => c.id === ID.seekId);
    const targetId = target && target.end - target.data <= 4 ? await readUint(src, target) : -1;
    if (SEGMENT_KEPT.has(targetId)) return false;
    voidElement(pass, seek);
    return true;
  });
}

/** The Info's scale and duration read; the removed children voided (true when one was). */
function editInfo(src: Source, pass: Pass, state: WebmState, el: El): Promise<boolean> {
  return editChildren(src, pass, el, async (c) => {
    if (c.id === ID.timecodeScale) state.scale = await readUint(src, c);
    else if (c.id === ID.duration) state.infoDuration = await readFloat(src, c);
    else if (INFO_REMOVED.has(c.id)) {
      voidElement(pass, c);
      return true;
    }
    return false;
  });
}

/** The Tracks: video and audio tracks kept and counted, the others voided (true when one was). */
function editTracks(src: Source, pass: Pass, state: WebmState, el: El): Promise<boolean> {
  return editChildren(src, pass, el, async (entry) => {
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
  });
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
        if (await editSeekHead(src, pass, el)) changed = true;
        break;
      case ID.info:
        if (await editInfo(src, pass, state, el)) changed = true;
        break;
      case ID.tracks:
        check(!state.tracksSeen, 'two Tracks elements');
        state.tracksSeen = true;
        if (await editTracks(src, pass, state, el)) changed = true;
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

export async function analyseWebm(src: Source): Promise<Pass> {
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
