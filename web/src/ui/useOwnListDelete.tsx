import { useState } from 'react';
import type { ComponentProps } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import type { Paging } from './PagedList.tsx';

/**
 * Deleting from an owner's paged list (My Ads, My Places, My Products) through the 'Confirm deletion'
 * dialog: the record asked about, and the delete that toasts `deletedText`, steps back a page when it
 * emptied the last one, and closes the dialog; a failure goes to `onFailure` and leaves the dialog open.
 */
export function useOwnListDelete<T extends { id: number }>(options: {
  /** The list's delete mutation. */
  mutation: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  deletedText: string;
  onFailure: (error: unknown) => void;
  paging: Pick<Paging, 'page' | 'setPage'>;
  /** How many records the page shows. */
  shownCount: number | undefined;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = async () => {
    if (!deleting) return;
    const { mutation, deletedText, onFailure, paging, shownCount } = options;
    try {
      await mutation.mutateAsync(deleting.id);
      toast.success(deletedText);
      if (shownCount === 1 && paging.page > 1) paging.setPage(paging.page - 1);
      setDeleting(null);
    } catch (error) {
      onFailure(error);
    }
  };
  const busy = options.mutation.isPending;
  return { deleting, busy, ask: setDeleting, cancel: () => setDeleting(null), confirm };
}

/** The 'Confirm deletion' dialog of an owner's list, open while a record is asked about. */
export function OwnListDeleteDialog({
  removal,
  ...texts
}: {
  removal: Pick<ReturnType<typeof useOwnListDelete>, 'deleting' | 'busy' | 'confirm' | 'cancel'>;
} & Pick<ComponentProps<typeof ConfirmDeleteDialog>, 'title' | 'prompt' | 'confirmLabel' | 'closeLabel'>) {
  return (
    <ConfirmDeleteDialog
      show={removal.deleting !== null}
      deleting={removal.busy}
      onConfirm={() => void removal.confirm()}
      onClose={removal.cancel}
      {...texts}
    />
  );
}
