import { useId } from 'react';
import type { ReactNode } from 'react';
import { ScrollingTable } from '../../../ui/ScrollingTable.tsx';

/** A titled block of an account's page: its table, or the muted "none" text. */
export function Block({
  title,
  empty,
  count,
  headers,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  headers: readonly string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5">
        {title} <span className="text-body-secondary small">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="text-body-secondary small">{empty}</p>
      ) : (
        <ScrollingTable label={title} size="sm" className="align-middle admin-table">
          <thead>
            <tr>
              {headers.map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </ScrollingTable>
      )}
    </section>
  );
}
