import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useExports, useRequestExport } from './api.ts';
import { ExportList } from './ExportList.tsx';

const X = MESSAGES.dataExport;

/** The console's exports of one account: Export data (on the person's request, audited) and the list. */
export function AdminExports({ userId }: { userId: number }) {
  const exports = useExports(userId);
  const request = useRequestExport(userId);
  const ask = async () => {
    try {
      await request.mutateAsync();
      toast.success(X.adminRequested);
    } catch (error) {
      toastApiFailure(error);
    }
  };
  return (
    <section className="mt-3">
      <h3 className="h6">{X.adminTitle}</h3>
      <Button
        size="sm"
        variant="outline-secondary"
        className="mb-2"
        disabled={request.isPending}
        onClick={() => void ask()}
      >
        {X.adminAction}
      </Button>
      <ExportList exports={exports.data ?? []} />
    </section>
  );
}
