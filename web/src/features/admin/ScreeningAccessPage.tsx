import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@app/domain';
import type { TScreeningAccessItem } from '@app/domain';
import { ADMIN_QUERY_KEY, adminErrorMessage, adminPut, type AdminPage } from './adminApi.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminPageHeader, AdminTable, StatusBadge } from './parts.tsx';
import { VerificationBadge } from './UsersPage.tsx';
import './admin-pages.css';
import { CardsOnPhone } from '../../ui/ColumnsTable.tsx';

const A = MESSAGES.adminScreening;

/** `PUT /api/admin/screening-access/:id`: suspends or restores an account's screening; the lists reload. */
function useSetScreeningSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: number; suspended: boolean }) =>
      adminPut(`/admin/screening-access/${id}`, { data: { suspended } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** Suspend (asked first) or Restore an account's screening: the account being asked about, and the change. */
function useScreeningSuspension() {
  const setSuspended = useSetScreeningSuspended();
  const [suspending, setSuspending] = useState<TScreeningAccessItem | null>(null);

  const change = async (item: TScreeningAccessItem, suspended: boolean) => {
    try {
      await setSuspended.mutateAsync({ id: item.id, suspended });
      toast.success(suspended ? A.suspendedToast : A.restoredToast);
    } catch (error) {
      toast.error(adminErrorMessage(error, A.failed));
    }
    setSuspending(null);
  };

  return { suspending, setSuspending, change, busy: setSuspended.isPending };
}

/** One account: its reads, whether its screening is suspended, and Restore or Suspend. */
function ScreeningAccessRow({
  item,
  busy,
  onRestore,
  onSuspend,
}: {
  item: TScreeningAccessItem;
  busy: boolean;
  onRestore: (item: TScreeningAccessItem) => void;
  onSuspend: (item: TScreeningAccessItem) => void;
}) {
  return (
    <tr data-testid="screening-access-row">
      <td data-label={A.account}>
        <Link to={`/admin/users/${item.id}`} className="fw-semibold">
          {item.username}
        </Link>
      </td>
      <td data-label={A.verification}>
        <VerificationBadge state={item.verification} />
      </td>
      <td data-label={A.readsToday} className="text-nowrap">
        {item.reads_today}
      </td>
      <td data-label={A.reads7Days} className="text-nowrap">
        {item.reads_7_days}
      </td>
      <td data-label={A.access}>
        <StatusBadge
          status={item.suspended_at ? 'blocked' : 'active'}
          label={item.suspended_at ? A.suspended : A.allowed}
        />
      </td>
      <td data-label={MESSAGES.adminConsole.table.actions}>
        {item.suspended_at ? (
          <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => onRestore(item)}>
            {A.restore}
          </Button>
        ) : (
          <Button size="sm" variant="outline-danger" onClick={() => onSuspend(item)}>
            {A.suspend}
          </Button>
        )}
      </td>
    </tr>
  );
}

const HEADERS = [
  A.account,
  A.verification,
  A.readsToday,
  A.reads7Days,
  A.access,
  MESSAGES.adminConsole.table.actions,
];
const FILTERS: readonly ListFilter<'q'>[] = [
  { name: 'q', label: A.search, placeholder: A.searchPlaceholder },
];

/**
 * /admin/screening: each provider account's screening reads (rows answered today and over the last 7
 * days, most first, beside the daily cap) and whether its screening is suspended; Suspend (confirmed)
 * shuts the account out on its next request, Restore lets it back.
 */
export default function ScreeningAccessPage() {
  const { filters, setFilter, paging, query } = useFilteredList<TScreeningAccessItem, 'q'>(
    '/admin/screening-access',
    { q: '' },
  );
  const cap = (
    query.data as (AdminPage<TScreeningAccessItem> & { meta: { reads_per_day?: number } }) | undefined
  )?.meta.reads_per_day;
  const { suspending, setSuspending, change, busy } = useScreeningSuspension();

  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.screening} />
      <p className="text-body-secondary small">{A.intro}</p>
      {cap !== undefined && (
        <p className="small" data-testid="screening-cap">
          {A.dailyCap}: <strong>{cap}</strong>
        </p>
      )}
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />

      <CardsOnPhone>
        <AdminTable
          query={query}
          paging={paging}
          pagesLabel={A.pages}
          empty={A.empty}
          loadFailed={A.loadFailed}
          caption={A.caption}
          headers={HEADERS}
          row={(item) => (
            <ScreeningAccessRow
              key={item.id}
              item={item}
              busy={busy}
              onRestore={(restored) => void change(restored, false)}
              onSuspend={setSuspending}
            />
          )}
        />
      </CardsOnPhone>

      <ConfirmDialog
        show={suspending !== null}
        busy={busy}
        title={A.suspend}
        prompt={A.confirmSuspend}
        confirmLabel={A.suspend}
        variant="danger"
        onConfirm={() => suspending && void change(suspending, true)}
        onClose={() => setSuspending(null)}
      />
    </section>
  );
}
