import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { TVerificationDocument } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { ADMIN_QUERY_KEY, fetchPrivateFile } from './adminApi.ts';
import { QueryState } from './parts.tsx';

const V = MESSAGES.adminConsole.verificationsPage;

/** An object URL for `blob` while it is shown, revoked after. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL lives as long as the blob is shown
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function DocumentBody({ document }: { document: TVerificationDocument }) {
  // Fetched with the token in the header (never a public URL); not cached after the modal closes. No
  // abort signal: a remount while loading (React's StrictMode) joins the same call instead of cancelling
  // it and asking again, so each opening is one view in the audit log.
  const file = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'document', document.id],
    queryFn: () => fetchPrivateFile(document.id),
    gcTime: 0,
    staleTime: Infinity,
  });
  const url = useObjectUrl(file.data);
  if (!file.data) return <QueryState query={file} loadFailed={V.documentFailed} />;
  if (!url) return <PageSpinner />;
  const mime = file.data.type || document.mime;
  if (mime.startsWith('image/')) {
    return <img src={url} alt={document.name} className="admin-document d-block mx-auto" />;
  }
  if (mime === 'application/pdf') {
    return <iframe src={url} title={document.name} className="admin-document--pdf" />;
  }
  return <p className="text-body-secondary mb-0">{V.documentFallback}</p>;
}

/**
 * A private ID document in a modal: its bytes come through the API with the session's
 * token (`GET /api/upload/files/:id/content`; the server records the view) and are shown from an object URL,
 * an image as such and a PDF in a frame.
 */
export function DocumentViewer({
  document,
  onClose,
}: {
  document: TVerificationDocument | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={document !== null} onHide={onClose} size="lg" centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={MESSAGES.adminConsole.dialog.close}>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          {V.documentTitle}: {document?.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{document && <DocumentBody document={document} />}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {MESSAGES.adminConsole.dialog.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
