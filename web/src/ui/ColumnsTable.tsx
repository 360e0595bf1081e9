import type { HTMLAttributes, ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import type { TableProps } from 'react-bootstrap';
import './columns-table.css';

/** One column of a `ColumnsTable`: its heading and what each row shows under it. */
export interface TableColumn<Row> {
  /** The column's heading, and on a phone the name before the value in each card. */
  label: string;
  /** The row's value; `null`, `undefined`, `false` or '' leaves the cell empty (left out of the card). */
  cell: (row: Row, index: number) => ReactNode;
  /** The class of the heading and of every cell (`text-end`, a width). */
  className?: string;
  /** The cell names its row (`<th scope="row">`): the product's name. */
  rowHeader?: boolean;
}

/** What a row's `<tr>` carries besides its cells: a class, a test id. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

/**
 * The one table of a list of records (My Wallet, My Subscription, My Orders, My Sales, My Products):
 * a heading per column (`<th scope="col">`), a row per item, each cell named by its column
 * (`data-label`). From `md` up a table, scrolling inside its box when it cannot fit; below `md` each
 * row is a card of "column: value" lines (`columns-table.css`), so a phone never scrolls sideways and
 * every action stays in reach. The console's wide lists use the same cards (`.columns-table`).
 */
export function ColumnsTable<Row>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  className = '',
  ...table
}: {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowAttributes?: (row: Row, index: number) => RowAttributes | undefined;
} & Omit<TableProps, 'children' | 'responsive'>) {
  return (
    <div className="columns-table table-responsive">
      <Table {...table} className={`align-middle ${className}`.trim()}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowAttributes?.(row, index)}>
              {columns.map((column) => {
                const value = column.cell(row, index);
                const empty = isEmpty(value);
                const className =
                  [column.className, empty ? 'columns-table__empty' : ''].filter(Boolean).join(' ') ||
                  undefined;
                return column.rowHeader ? (
                  <th key={column.label} scope="row" data-label={column.label} className={className}>
                    <div className="columns-table__value">{value}</div>
                  </th>
                ) : (
                  <td key={column.label} data-label={column.label} className={className}>
                    <div className="columns-table__value">{value}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/**
 * The same cards for a table laid out by hand (the console's lists): every body cell carries its
 * column's name as `data-label`.
 */
export function CardsOnPhone({ children }: { children: ReactNode }) {
  return <div className="columns-table">{children}</div>;
}
