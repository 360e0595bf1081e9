import { MAX_PAGE } from '@app/domain';

/** What one REST query may ask for, and how large its answer may be (parse.ts, find.ts). */
export const LIMITS = {
  maxRelationDepth: 3,
  /** Relation levels one `populate` may nest: `populate[a][populate][b]` is 2 (`a.b` too). */
  maxPopulateDepth: 2,
  /**
   * Rows one populated to-many relation gives each parent (the first ones in the relation's order);
   * when it holds more, the relation says how many in its `meta` (find.ts).
   */
  maxRelationRows: 100,
  /**
   * The largest answer the REST layer builds, in characters of JSON (about bytes): a larger one is a
   * 400 that asks for less (fewer relations, a smaller page, `fields`).
   */
  maxResponseBytes: 1_000_000,
  maxLogicalItems: 25,
  maxInItems: 200,
  maxValueLength: 500,
  maxSortItems: 5,
  maxPage: MAX_PAGE,
  /** How deep $and/$or/$not and relations may nest in one filter. */
  maxFilterDepth: 10,
  /**
   * Largest magnitude of a numeric filter value (money in cents): PostgreSQL's INTEGER columns hold
   * 32 bits and reject a larger parameter with an error, where SQLite would just find no rows.
   */
  maxNumber: 2_147_483_647,
};
