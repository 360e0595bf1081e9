import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import {
  MESSAGES,
  VERIFICATION_REASON,
  VERIFICATION_STATES,
  ZVerificationAskAgain,
  ZVerificationDecision,
} from '@app/domain';
import type { TVerificationDecision, TVerificationDocument, TVerificationItem } from '@app/domain';
import { ADMIN_QUERY_KEY, adminErrorMessage, adminPost, adminPut } from './adminApi.ts';
import { DocumentViewer } from './DocumentViewer.tsx';
import { ConfirmDialog, ReasonDialog } from './dialogs.tsx';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminPageHeader, AdminTable } from './parts.tsx';
import { AgeCell, fullName, ProviderItem } from './verifications/ProviderItem.tsx';

const U = MESSAGES.adminUsers;
const STATES = MESSAGES.verification.states;

const STATE_OPTIONS = VERIFICATION_STATES.map((state) => ({ value: state, label: STATES[state] }));
const FILTERS: readonly ListFilter<'state' | 'q'>[] = [
  { name: 'state', label: U.verificationState, options: STATE_OPTIONS, includeAll: false },
  { name: 'q', label: U.search, placeholder: U.searchPlaceholder },
];

/** A rejection's reason as the server checks it (`ZVerificationDecision`): the error's text, or null. */
function rejectionError(reason: string): string | null {
  const parsed = ZVerificationDecision.safeParse({ verification: 'rejected', verification_reason: reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.verification.reasonRequired);
}

/** The optional note of "Ask for the ID again" as the server checks it: the error's text, or null. */
function askAgainNoteError(note: string): string | null {
  const parsed = ZVerificationAskAgain.safeParse({ verification_reason: note });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.verification.reasonRequired);
}

/**
 * The provider asked for the ID documents again (`POST /api/admin/verifications/:id/ask-again`, with an
 * optional note): toasted and every console list reloads; a failure keeps the dialog open.
 */
function useAskAgain() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<TVerificationItem | null>(null);
  const mutation = useMutation({
    mutationFn: ({ item, note }: { item: TVerificationItem; note: string }) =>
      adminPost(`/admin/verifications/${item.id}/ask-again`, note ? { verification_reason: note } : {}),
    onSuccess: () => {
      setAsking(null);
      toast.success(U.askedAgainToast);
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => toast.error(adminErrorMessage(error, U.actionFailed)),
  });
  const dialog = (
    <ReasonDialog
      key={asking ? asking.id : 'none'}
      show={asking !== null}
      busy={mutation.isPending}
      title={U.askAgain}
      intro={<p>{U.confirmAskAgain}</p>}
      label={U.askAgainNoteLabel}
      requiredMessage={MESSAGES.verification.reasonRequired}
      validate={askAgainNoteError}
      maxLength={VERIFICATION_REASON.max}
      confirmLabel={U.askAgain}
      cancelLabel={U.cancel}
      onSubmit={(note) => asking && mutation.mutate({ item: asking, note })}
      onClose={() => setAsking(null)}
    />
  );
  return { setAsking, dialog };
}

/**
 * The provider being verified or rejected, and the decision (`PUT /api/users/:id`, flat): toasted,
 * and every console list reloads; a failure keeps the rejection's dialog (and the reason typed) open.
 */
function useVerificationDecision() {
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState<TVerificationItem | null>(null);
  const [rejecting, setRejecting] = useState<TVerificationItem | null>(null);
  const mutation = useMutation({
    mutationFn: ({ item, decision }: { item: TVerificationItem; decision: TVerificationDecision }) =>
      adminPut(`/users/${item.id}`, decision),
    onSuccess: (_answer, { decision }) => {
      setVerifying(null);
      setRejecting(null);
      toast.success(decision.verification === 'verified' ? U.verifiedToast : U.rejectedToast);
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      setVerifying(null);
      toast.error(adminErrorMessage(error, U.actionFailed));
    },
  });
  const decide = (item: TVerificationItem, decision: TVerificationDecision) =>
    mutation.mutate({ item, decision });
  return { verifying, setVerifying, rejecting, setRejecting, decide, busy: mutation.isPending };
}

/** Mark verified (confirmed, with the provider's name and age) and Reject (with a required reason). */
function VerificationDialogs({
  verifying,
  setVerifying,
  rejecting,
  setRejecting,
  decide,
  busy,
}: ReturnType<typeof useVerificationDecision>) {
  return (
    <>
      <ConfirmDialog
        show={verifying !== null}
        busy={busy}
        title={U.markVerified}
        prompt={U.confirmVerify}
        confirmLabel={U.markVerified}
        cancelLabel={U.cancel}
        variant="success"
        onConfirm={() => verifying && decide(verifying, { verification: 'verified' })}
        onClose={() => setVerifying(null)}
      >
        {verifying && (
          <p className="mt-2 mb-0">
            {fullName(verifying)}: <AgeCell item={verifying} />
          </p>
        )}
      </ConfirmDialog>

      <ReasonDialog
        key={rejecting ? rejecting.id : 'none'}
        show={rejecting !== null}
        busy={busy}
        title={U.reject}
        intro={<p>{U.confirmReject}</p>}
        label={U.reasonLabel}
        help={U.reasonHelp}
        requiredMessage={MESSAGES.verification.reasonRequired}
        validate={rejectionError}
        maxLength={VERIFICATION_REASON.max}
        confirmLabel={U.reject}
        cancelLabel={U.cancel}
        onSubmit={(reason) =>
          rejecting && decide(rejecting, { verification: 'rejected', verification_reason: reason })
        }
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

/**
 * Verifications (`GET /api/admin/verifications`): providers by state (pending first,
 * oldest first), searchable; each with name, e-mail, date of birth and age (red under 18 or missing), the
 * ID documents opened privately through the API, past decisions and whether the documents were deleted;
 * Mark verified (confirmed) or Reject with a required reason (`PUT /api/users/:id`, flat); a decided
 * provider may be asked for the ID again (decision 0034).
 */
export default function VerificationsPage() {
  const { filters, setFilter, paging, query } = useFilteredList<TVerificationItem, 'state' | 'q'>(
    '/admin/verifications',
    { state: 'pending', q: '' },
  );
  const [viewing, setViewing] = useState<TVerificationDocument | null>(null);
  const decision = useVerificationDecision();
  const askAgain = useAskAgain();

  return (
    <section aria-labelledby="admin-verifications-title">
      <AdminPageHeader title={MESSAGES.adminConsole.titles.verifications} id="admin-verifications-title" />
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />

      <AdminTable query={query} paging={paging} empty={U.noVerifications} pagesLabel={U.verificationPages}>
        {(items) =>
          items.map((item) => (
            <ProviderItem
              key={item.id}
              item={item}
              onView={setViewing}
              onVerify={decision.setVerifying}
              onReject={decision.setRejecting}
              onAskAgain={askAgain.setAsking}
            />
          ))
        }
      </AdminTable>

      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
      <VerificationDialogs {...decision} />
      {askAgain.dialog}
    </section>
  );
}
