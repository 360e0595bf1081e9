import { useEffect, useRef, useState } from 'react';
import { Table } from 'react-bootstrap';
import type { TableProps } from 'react-bootstrap';

/**
 * A table in Bootstrap's `.table-responsive` box, which scrolls sideways when the table is wider than
 * the page (a phone). While it is, the box is a region named `label` in the tab order, so a keyboard can
 * scroll it too: a box with nothing focusable in it is out of a keyboard's reach otherwise. A table that
 * fits adds no tab stop.
 */
export function ScrollingTable({ label, ...table }: { label: string } & Omit<TableProps, 'responsive'>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="table-responsive"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <Table {...table} />
    </div>
  );
}
