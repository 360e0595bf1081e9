import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import type { TableProps } from 'react-bootstrap';

/** A column's heading: its text, or its text and the class of its header cell (`text-end`). */
export type TableColumn = string | { label: string; className: string };

/**
 * A responsive table with a header row of `columns` (each a `<th scope="col">`) and `children` as its
 * body: the lists of the wallet, the subscription, the orders and the sales.
 */
export function ColumnsTable({
  columns,
  children,
  ...table
}: { columns: readonly TableColumn[]; children: ReactNode } & Omit<TableProps, 'children' | 'responsive'>) {
  return (
    <Table responsive {...table}>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}
