import { formatsWithUrls } from '../media/index.ts';

/**
 * A file's `formats` in the lean page's item JSON (directory.page-json.ts), on either engine: shown with
 * each format's url by `fileResource.present`'s own function, in JS. Neither database can call it (the
 * SQLite statement runs on the reader thread, db/sqlite-reader.ts), and parsing the stored JSON in SQL
 * (json_each over every format) costs the database more than the rest of the page. The statement leaves
 * a mark instead, between two U+0001 characters (no JSON text outside a mark holds a raw control
 * character): the file's values the url is made of as a JSON array, then U+0002 and the stored formats
 * as they are (quoting them cost PostgreSQL a fifth of the statement). Stored formats holding a U+0001
 * themselves come quoted, as the array's last value, without the U+0002. `withFormats` replaces each
 * mark by the formats' JSON. Each dialect writes the mark in its own SQL (directory.page-sqlite.ts,
 * directory.page-pg.ts).
 */

const MARK = '\u0001';
const RAW = '\u0002';

/**
 * The last answers of `formatsOfMark` by the mark's values (its text before U+0002, or all of it), with the
 * stored formats they were made from: a short key to look up, and a comparison of the long text.
 */
const formatsMemo = new Map<string, { stored: string; json: string }>();
// A page's files (about two each): 16,384 hold the pages of some thousands of filter states (about 25 MB).
const FORMATS_MEMO_SIZE = 16_384;

/**
 * A mark's formats as JSON: with urls when the mark has the file's values (`[id, is_private, storage_key,
 * ext]`), else as find.ts shows a json column (parsed; unreadable as null). A stored NULL comes as `null`,
 * which both show as the NULL. A page's files are the same from one request to the next, so the answers
 * are kept.
 */
function formatsOfMark(mark: string): string {
  const at = mark.indexOf(RAW);
  const head = at < 0 ? mark : mark.slice(0, at);
  const stored = at < 0 ? '' : mark.slice(at + 1);
  const kept = formatsMemo.get(head);
  if (kept !== undefined && kept.stored === stored) return kept.json;
  const values = JSON.parse(head) as unknown[];
  const text = at < 0 ? values.pop() : stored;
  let parsed: unknown = null;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    // find.ts shows an unreadable json column as null.
  }
  let json: string;
  if (values.length) {
    const [id, isPrivate, storageKey, ext] = values;
    json = JSON.stringify(
      formatsWithUrls({ id, is_private: isPrivate, storage_key: storageKey, ext }, parsed),
    );
  } else {
    json = JSON.stringify(parsed);
  }
  // The longest-kept answer goes (a Map keeps insertion order), not every answer at once.
  if (formatsMemo.size >= FORMATS_MEMO_SIZE) formatsMemo.delete(formatsMemo.keys().next().value!);
  formatsMemo.set(head, { stored, json });
  return json;
}

/** An item's text from the statement with each file's formats mark replaced by the formats' JSON. */
export function withFormats(text: string): string {
  let at = text.indexOf(MARK);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const end = text.indexOf(MARK, at + 1);
    if (end < 0) throw new Error('a formats mark without its end');
    out += text.slice(from, at) + formatsOfMark(text.slice(at + 1, end));
    from = end + 1;
    at = text.indexOf(MARK, from);
  }
  return out + text.slice(from);
}
