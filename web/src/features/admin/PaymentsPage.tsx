import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_PAYMENT_KINDS, ADMIN_PAYMENT_STATES, formatMoney, MESSAGES } from '@app/domain';
import type { TAdminPaymentItem } from '@app/domain';
import { adminErrorMessage } from './adminApi.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminPageHeader, AdminTable, StatusBadge } from './parts.tsx';
import { useDecidePayment } from './paymentsApi.ts';
import type { PaymentDecision } from './paymentsApi.ts';
import './admin-pages.css';
import { formatDay } from '../../lib/dates.ts';
import { CardsOnPhone } from '../../ui/ColumnsTable.tsx';

const M = MESSAGES.payments;
const C = M.columns;

const KIND_OPTIONS = ADMIN_PAYMENT_KINDS.map((kind) => ({ value: kind, label: M.kinds[kind] }));
const STATUS_OPTIONS = ADMIN_PAYMENT_STATES.map((status) => ({ value: status, label: M.states[status] }));

type PaymentFilter = 'kind' | 'status' | 'q';
const FILTERS: readonly ListFilter<PaymentFilter>[] = [
  { name: 'kind', label: M.kind, options: KIND_OPTIONS, allLabel: M.all },
  { name: 'status', label: M.status, options: STATUS_OPTIONS, allLabel: M.all },
  { name: 'q', label: M.search, placeholder: M.searchHelp },
];

/** A decision the console is asking the admin to confirm. */
type Asking = { payment: TAdminPaymentItem; decision: PaymentDecision };

/**
 * The classes of a payment whose id looks like another one's on the page (`id_group`): marked, and the first of
 * its group set apart from the rows above.
 */
function sameIdClass(payment: TAdminPaymentItem, above: TAdminPaymentItem | undefined): string | undefined {
  if (payment.id_group === null) return undefined;
  return above?.id_group === payment.id_group
    ? 'admin-payment-same-id'
    : 'admin-payment-same-id admin-payment-same-id-first';
}

/** A payment's flags: each a badge with its explanation beside it. */
function PaymentFlags({ flags }: { flags: TAdminPaymentItem['flags'] }) {
  if (flags.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0 small">
      {flags.map((flag, index) => (
        <li key={index} className="mb-1">
          <Badge
            bg={flag.kind === 'duplicate' ? 'danger' : 'warning'}
            text={flag.kind === 'duplicate' ? undefined : 'dark'}
            className="me-1"
          >
            {M.flagKinds[flag.kind]}
          </Badge>
          <span className="text-body-secondary">{flag.explanation}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Which decisions the server accepts for a payment (so the console offers only those): a subscription
 * can be verified unless it is already, and rejected unless it is already; a tip or an order that was
 * rejected is final (a 409 / 400 from the server), and only a pending one is verified. An order is
 * rejected while unpaid or paid; once a line has shipped the server refuses (the list does not carry the
 * order's state, so the confirmation says so and a refusal shows the server's message).
 */
export function paymentActions(payment: Pick<TAdminPaymentItem, 'kind' | 'status'>): {
  verify: boolean;
  reject: boolean;
} {
  const { kind, status } = payment;
  if (kind === 'subscription') return { verify: status !== 'verified', reject: status !== 'rejected' };
  return { verify: status === 'pending', reject: status !== 'rejected' };
}

/** A payment's state and the decisions it still takes, each asked first. */
function PaymentDecisionCell({
  payment,
  onAsk,
}: {
  payment: TAdminPaymentItem;
  onAsk: (asking: Asking) => void;
}) {
  const actions = paymentActions(payment);
  return (
    <td data-label={C.status} className="admin-payment-decision">
      <StatusBadge status={payment.status} label={M.states[payment.status]} />
      <div className="d-flex flex-wrap gap-1 mt-1" role="group" aria-label={C.actions}>
        {actions.verify && (
          <Button
            size="sm"
            variant="outline-success"
            onClick={() => onAsk({ payment, decision: 'verified' })}
          >
            {M.verify}
          </Button>
        )}
        {actions.reject && (
          <Button size="sm" variant="outline-danger" onClick={() => onAsk({ payment, decision: 'rejected' })}>
            {M.reject}
          </Button>
        )}
        {!actions.verify && !actions.reject && (
          <span className="small text-body-secondary">{M.decisionFinalShort}</span>
        )}
      </div>
    </td>
  );
}

/** The id the payer typed, with the hidden characters found in it; or that there is none. */
function TransactionIdCell({ payment }: { payment: TAdminPaymentItem }) {
  return (
    <td data-label={C.transactionId} className="admin-payment-id">
      {payment.transaction_id ? (
        <>
          <code>{payment.transaction_id}</code>
          {payment.hidden_characters.length > 0 && (
            <div className="small text-danger">
              {M.hiddenCharacters} {payment.hidden_characters.join(' ')}
            </div>
          )}
        </>
      ) : (
        <span className="text-body-secondary">{M.noTransactionId}</span>
      )}
    </td>
  );
}

/** One payment of the list; `above` is the row before it, to mark ids that look the same. */
function PaymentRow({
  payment,
  above,
  onAsk,
}: {
  payment: TAdminPaymentItem;
  above: TAdminPaymentItem | undefined;
  onAsk: (asking: Asking) => void;
}) {
  return (
    <tr
      data-testid="payment-row"
      // Ids that look the same come one after the other (the server groups them): a bar marks them,
      // a rule above each group's first row parts one group from the next.
      className={sameIdClass(payment, above)}
    >
      <PaymentDecisionCell payment={payment} onAsk={onAsk} />
      <td data-label={C.date} className="text-nowrap small">
        {formatDay(payment.createdAt)}
      </td>
      <td data-label={C.kind}>{M.kinds[payment.kind]}</td>
      <td data-label={C.payer} className="admin-payer">
        {payment.payer ? <Link to={`/admin/users/${payment.payer.id}`}>{payment.payer.username}</Link> : '—'}
        {payment.payer && <div className="small text-body-secondary">{payment.payer.email}</div>}
      </td>
      <td data-label={C.description}>{payment.description}</td>
      <td data-label={C.amount} className="fw-semibold text-nowrap">
        {formatMoney(payment.amount)}
      </td>
      <TransactionIdCell payment={payment} />
      <td data-label={C.flags} className="admin-payment-flags">
        <PaymentFlags flags={payment.flags} />
      </td>
    </tr>
  );
}

/** What the confirmation of a decision asks: the decision, and the payment's description, amount and id. */
function DecisionPrompt({ asking: { payment, decision } }: { asking: Asking }) {
  const rejecting = decision === 'rejected';
  return (
    <>
      <p>{rejecting ? M.confirmReject[payment.kind] : M.confirmVerify}</p>
      {rejecting && payment.kind === 'order' && payment.status === 'verified' && (
        <p className="small">{M.rejectPaidOrder}</p>
      )}
      <dl className="row small mb-0">
        <dt className="col-5">{C.description}</dt>
        <dd className="col-7">{payment.description}</dd>
        <dt className="col-5">{C.amount}</dt>
        <dd className="col-7">{formatMoney(payment.amount)}</dd>
        <dt className="col-5">{C.transactionId}</dt>
        <dd className="col-7 text-break">{payment.transaction_id ?? M.noTransactionId}</dd>
      </dl>
    </>
  );
}

/** The decision being asked about, and `confirm` that sends it and toasts the outcome. */
function usePaymentDecision() {
  const decide = useDecidePayment();
  const [asking, setAsking] = useState<Asking | null>(null);

  const confirm = async () => {
    if (!asking) return;
    const { payment, decision } = asking;
    try {
      await decide.mutateAsync({ kind: payment.kind, id: payment.id, decision });
      toast.success(decision === 'verified' ? M.verified : M.rejected);
    } catch (error) {
      toast.error(adminErrorMessage(error, M.failed));
    }
    setAsking(null);
  };

  return { asking, setAsking, confirm, busy: decide.isPending };
}

const HEADERS = [C.status, C.date, C.kind, C.payer, C.description, C.amount, C.transactionId, C.flags];

/**
 * /admin/payments: subscriptions, orders and tips paid by transaction id, pending
 * ones by default; each with the amount the server computed and the id the payer typed, the
 * malformed and duplicate flags, and Verify / Reject behind a confirmation. A refusal (a 409: a
 * rejected tip is final) shows the server's message.
 */
export default function PaymentsPage() {
  const { filters, setFilter, paging, query } = useFilteredList<TAdminPaymentItem, PaymentFilter>(
    '/admin/payments',
    { kind: '', status: 'pending', q: '' },
  );
  const { asking, setAsking, confirm, busy } = usePaymentDecision();
  const rejecting = asking?.decision === 'rejected';

  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.payments} />
      <p className="small text-body-secondary">{M.intro}</p>
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />

      <CardsOnPhone>
        <AdminTable
          query={query}
          paging={paging}
          empty={M.empty}
          loadFailed={M.loadFailed}
          caption={M.title}
          headers={HEADERS}
          row={(payment, index, page) => (
            <PaymentRow
              key={`${payment.kind}-${payment.id}`}
              payment={payment}
              above={page[index - 1]}
              onAsk={setAsking}
            />
          )}
        />
      </CardsOnPhone>

      <ConfirmDialog
        show={asking !== null}
        busy={busy}
        title={rejecting ? M.confirmRejectTitle : M.confirmVerifyTitle}
        prompt={asking && <DecisionPrompt asking={asking} />}
        confirmLabel={rejecting ? M.reject : M.verify}
        cancelLabel={M.cancel}
        variant={rejecting ? 'danger' : 'success'}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
