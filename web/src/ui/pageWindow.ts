/** One entry of the pagination bar: a page number or a gap. */
export type PageEntry = number | 'gap';

/**
 * The pages to show (spec 001 §2 "Pagination"): the first and last page, a window of `radius` pages
 * either side of the current one, and a gap where pages are left out. A gap never stands for a
 * single page: that page is shown instead.
 */
export function getPageWindow(current: number, pageCount: number, radius = 2): PageEntry[] {
  if (pageCount < 1) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageEntry[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) out.push(previous + 1);
    else if (p - previous > 2) out.push('gap');
    out.push(p);
    previous = p;
  }
  return out;
}
