import { Button, Card } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { useExports, useRequestExport } from './api.ts';
import { ExportList } from './ExportList.tsx';

const X = MESSAGES.dataExport;

/**
 * My Profile's "Download your data": what the zip holds, "Prepare my data" (once a day), and the exports
 * with their state; a ready one downloads with Download for 7 days.
 */
export function DataExportSection() {
  const exports = useExports();
  const request = useRequestExport();
  const ask = async () => {
    try {
      await request.mutateAsync();
      toast.success(X.requested);
    } catch (error) {
      if (isApiError(error) && error.status === 429) toast.warning(error.message);
      else toastApiFailure(error);
    }
  };
  return (
    <Card className="shadow-sm mt-3">
      <Card.Body>
        <h2 className="h5">{X.title}</h2>
        <p className="small">{X.intro}</p>
        <Button
          variant="outline-primary"
          className="mb-3"
          disabled={request.isPending}
          onClick={() => void ask()}
        >
          <i className="bi bi-box-arrow-down me-1" aria-hidden="true" />
          {X.request}
        </Button>
        {exports.data ? <ExportList exports={exports.data} /> : <PanelLoading />}
      </Card.Body>
    </Card>
  );
}
