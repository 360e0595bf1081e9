import { describe, expect, it } from 'vitest';
import { getPageWindow } from './pageWindow.ts';

describe('getPageWindow', () => {
  it('shows every page when there are few', () => {
    expect(getPageWindow(1, 1)).toEqual([1]);
    expect(getPageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(1, 0)).toEqual([]);
  });

  it('keeps first and last with gaps around a window of two pages', () => {
    expect(getPageWindow(10, 30)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 30]);
    expect(getPageWindow(1, 30)).toEqual([1, 2, 3, 'gap', 30]);
    expect(getPageWindow(30, 30)).toEqual([1, 'gap', 28, 29, 30]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(getPageWindow(5, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 30]);
  });

  it('clamps a page past the end', () => {
    expect(getPageWindow(99, 4)).toEqual([1, 2, 3, 4]);
  });
});
