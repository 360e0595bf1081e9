import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_PAGING, PagingError, readPaging, ZPagination } from './paging.ts';

describe('readPaging', () => {
  it('answers page 1 and the default size when nothing is asked', () => {
    expect(readPaging(undefined, ADMIN_PAGING)).toEqual({ page: 1, pageSize: 20 });
    expect(readPaging({}, ADMIN_PAGING)).toEqual({ page: 1, pageSize: 20 });
  });

  it('clamps a page size above the largest to the largest', () => {
    expect(readPaging({ page: '3', pageSize: '500' }, ADMIN_PAGING)).toEqual({ page: 3, pageSize: 100 });
  });

  it.each([
    [{ page: '0' }, 'Invalid parameter pagination[page]: must be between 1 and 1000000'],
    [{ page: '-1' }, 'Invalid parameter pagination[page]: expected a whole number'],
    [{ page: 'abc' }, 'Invalid parameter pagination[page]: expected a whole number'],
    [{ page: '1.5' }, 'Invalid parameter pagination[page]: expected a whole number'],
    [{ page: '1000001' }, 'Invalid parameter pagination[page]: must be between 1 and 1000000'],
    [{ pageSize: '0' }, 'Invalid parameter pagination[pageSize]: must be at least 1'],
    [{ pageSize: 'abc' }, 'Invalid parameter pagination[pageSize]: expected a whole number'],
    [{ start: '1' }, 'Invalid parameter pagination[start]: unknown key'],
    ['2', 'Invalid parameter pagination: expected pagination[page] and pagination[pageSize]'],
  ])('refuses %j', (raw, message) => {
    expect(() => readPaging(raw, ADMIN_PAGING)).toThrow(PagingError);
    expect(() => readPaging(raw, ADMIN_PAGING)).toThrow(message);
  });
});

describe('ZPagination', () => {
  const schema = z.object({ pagination: ZPagination(ADMIN_PAGING) });

  it('parses into the page asked', () => {
    expect(schema.parse({ pagination: { page: '2', pageSize: '5' } })).toEqual({
      pagination: { page: 2, pageSize: 5 },
    });
    expect(schema.parse({})).toEqual({ pagination: { page: 1, pageSize: 20 } });
  });

  it('names the broken parameter and carries the whole message', () => {
    const result = schema.safeParse({ pagination: { page: '0' } });
    expect(result.success).toBe(false);
    const [issue] = result.error!.issues;
    expect(issue).toMatchObject({
      path: ['pagination', 'page'],
      message: 'must be between 1 and 1000000',
      params: { title: 'Invalid parameter pagination[page]: must be between 1 and 1000000' },
    });
  });
});
