import { useId } from 'react';
import { ColumnsTable } from '../../../ui/ColumnsTable.tsx';
import type { RowAttributes, TableColumn } from '../../../ui/ColumnsTable.tsx';

/**
 * A titled block of an account's page: its rows as the one table of a list (`ColumnsTable`: cards on a
 * phone), or the muted "none" text.
 */
export function Block<Row>({
  title,
  empty,
  columns,
  rows,
  rowKey,
  rowAttributes,
}: {
  title: string;
  empty: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowAttributes?: (row: Row) => RowAttributes | undefined;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5">
        {title} <span className="text-body-secondary small">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="text-body-secondary small">{empty}</p>
      ) : (
        <ColumnsTable
          size="sm"
          className="admin-table"
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          rowAttributes={rowAttributes}
        />
      )}
    </section>
  );
}
