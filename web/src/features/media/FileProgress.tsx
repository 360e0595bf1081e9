import { ProgressBar } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { PickedFile } from './usePickedFiles.ts';

const F = MESSAGES.adForm;

/** The files picked in one input, each with its own upload progress while it uploads. */
export function FileProgress({ items, label }: { items: PickedFile[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="ad-files list-unstyled mb-3" aria-label={`${F.chosenFiles}: ${label}`}>
      {items.map(({ file, progress, state }, index) => (
        <li key={`${file.name}-${index}`} className="ad-files__item">
          <div className="d-flex justify-content-between gap-2 small">
            <span className="text-truncate">{file.name}</span>
            {state === 'done' && (
              <span className="text-success flex-shrink-0">
                <i className="bi bi-check-circle me-1" aria-hidden="true" />
                {F.uploaded}
              </span>
            )}
          </div>
          {/* A bar only once the file is on its way: none for a file waiting, or one the server refused. */}
          {(state === 'uploading' || state === 'done') && (
            <ProgressBar className="ad-files__bar">
              <ProgressBar
                now={progress}
                variant={state === 'done' ? 'success' : undefined}
                animated={state === 'uploading'}
                aria-label={file.name}
                label={`${progress}%`}
                visuallyHidden
              />
            </ProgressBar>
          )}
        </li>
      ))}
    </ul>
  );
}
