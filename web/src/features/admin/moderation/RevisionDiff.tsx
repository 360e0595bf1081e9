import { MESSAGES } from '@app/domain';
import type { TRevisionDiff, TRevisionFile } from '@app/domain';
import { ScrollingTable } from '../../../ui/ScrollingTable.tsx';

const V = MESSAGES.revisions;

/** A field's value in the diff: lists and details joined, nothing as "(empty)". */
function diffValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return V.empty;
  if (Array.isArray(value)) return value.length ? value.join(', ') : V.empty;
  // A related record's details (a place's address): its values in order.
  if (typeof value === 'object') {
    const parts = Object.values(value as Record<string, unknown>).filter((v) => v !== null && v !== '');
    return parts.length ? parts.join(', ') : V.empty;
  }
  return String(value);
}

/** A media field's value in the diff: each file named as a thumbnail (a video as a link) to open it. */
function DiffFiles({ value, files }: { value: unknown; files: TRevisionFile[] }) {
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
  if (!ids.length) return <>{V.empty}</>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {ids.map((id) => {
        const file = files.find((f) => f.id === id);
        const label = `${V.file} ${id}`;
        if (!file?.url) return <span key={id}>{label}</span>;
        const image = file.mime?.startsWith('image/');
        return (
          <a key={id} href={file.url} target="_blank" rel="noreferrer">
            {image ? <img src={file.thumbnail ?? file.url} alt={label} height={64} /> : label}
          </a>
        );
      })}
    </span>
  );
}

/** A pending revision field by field: the value the public sees now and the proposed one. */
export function RevisionDiff({ revision }: { revision: TRevisionDiff }) {
  return (
    <section role="group" className="mb-3" aria-label={V.diffTitle}>
      <h3 className="h6">{V.diffTitle}</h3>
      <ScrollingTable label={V.diffTitle} size="sm" className="align-top small mb-0 admin-revision-diff">
        <thead>
          <tr>
            <th scope="col">{V.field}</th>
            <th scope="col">{V.before}</th>
            <th scope="col">{V.after}</th>
          </tr>
        </thead>
        <tbody>
          {revision.changes.map((change) => (
            <tr key={change.field}>
              <th scope="row" className="fw-semibold">
                {change.field}
              </th>
              <td className="text-break">
                <del className="text-body-secondary">
                  {change.files ? (
                    <DiffFiles value={change.before} files={change.files} />
                  ) : (
                    diffValue(change.before)
                  )}
                </del>
              </td>
              <td className="text-break">
                <ins className="text-decoration-none fw-semibold">
                  {change.files ? (
                    <DiffFiles value={change.after} files={change.files} />
                  ) : (
                    diffValue(change.after)
                  )}
                </ins>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
