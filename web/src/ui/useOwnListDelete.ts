import { useState } from 'react';
import { toast } from 'react-toastify';

/**
 * Deleting from an owner's paged list (My Ads, My Places) through the 'Confirm deletion' dialog: the
 * record asked about, and the delete that toasts `deletedText`, steps back a page when it emptied the
 * last one, and closes the dialog; a failure goes to `onFailure` and leaves the dialog open.
 */
export function useOwnListDelete<T extends { id: number }>(options: {
  remove: (id: number) => Promise<unknown>;
  deletedText: string;
  onFailure: (error: unknown) => void;
  page: number;
  setPage: (page: number) => void;
  shownCount: number | undefined;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = async () => {
    if (!deleting) return;
    const { remove, deletedText, onFailure, page, setPage, shownCount } = options;
    try {
      await remove(deleting.id);
      toast.success(deletedText);
      if (shownCount === 1 && page > 1) setPage(page - 1);
      setDeleting(null);
    } catch (error) {
      onFailure(error);
    }
  };
  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm };
}
