import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { concatCall } from './directory.page-json.ts';

describe('concatCall', () => {
  it('concatenates in one call up to 50 texts, and in nested calls of at most 50 beyond', () => {
    expect(concatCall([`'a'`, 'x.b'])).toBe(`concat('a', x.b)`);
    const parts = Array.from({ length: 230 }, (_, i) => `'${i},'`);
    const sql = concatCall(parts);
    expect(sql.startsWith('concat(concat(')).toBe(true);
    // No call with more than 50 arguments (PostgreSQL refuses more than 100).
    for (const call of sql.matchAll(/concat\(((?:'[^']*'(?:, )?)+)\)/g))
      expect(call[1]!.split(', ').length).toBeLessThanOrEqual(50);
    const db = new Database(':memory:');
    expect(db.prepare(`select ${sql} as t`).pluck().get()).toBe(parts.map((_, i) => `${i},`).join(''));
  });
});
