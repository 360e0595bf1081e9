import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Nav } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, fillTemplate } from '@app/domain';
import type { TModerationItem, TModerationQueue, TModerationType } from '@app/domain';
import { ADMIN_QUERY_KEY, adminErrorMessage, adminPut } from './adminApi.ts';
import { ConfirmDialog, ReasonDialog } from './dialogs.tsx';
import { EscalationSteps, isEscalationReason } from './moderation/escalation.tsx';
import { QueueItem } from './moderation/QueueItem.tsx';
import { AdminPageHeader, AdminTable, useAdminList, useAdminPaging } from './parts.tsx';

const M = MESSAGES.moderation;
const P = MESSAGES.adminConsole.moderationPage;
const V = MESSAGES.revisions;

/** The Ads / Places tabs and the queue they show. */
const TAB_ID = 'moderation-tab';
const PANEL_ID = 'moderation-queue';

function parseType(value: string | null): TModerationType {
  return value === 'place' ? 'place' : 'ad';
}

/** The queue shown: new or re-submitted records, or changes to approved ones (pending revisions). */
function parseQueue(value: string | null): TModerationQueue {
  return value === 'changes' ? 'changes' : 'new';
}

type Decision = { review: 'approved' } | { review: 'rejected'; review_reason: string };

/** A decided item's key: the record, or the revision of it. */
const decisionKey = (item: TModerationItem) =>
  item.revision ? `revision:${item.revision.id}` : `${item.type}:${item.id}`;

/**
 * `PUT /api/providers/:id` or `/api/vendors/:id` with the decision, or for a change to an approved record
 * `PUT /api/admin/revisions/:id` with the revision's time as read (the server audits and mails it).
 */
function decide(item: TModerationItem, decision: Decision) {
  if (item.revision) {
    return adminPut(`/admin/revisions/${item.revision.id}`, {
      data: { ...decision, updatedAt: item.revision.updatedAt },
    });
  }
  const path = item.type === 'ad' ? `/providers/${item.id}` : `/vendors/${item.id}`;
  return adminPut(path, { data: decision });
}

/**
 * The decision on a queue item, and what follows it: the item leaves the list at once, a toast says
 * so, and a rejection for trafficking or a minor shows the escalation steps on the page.
 */
function useDecision() {
  const queryClient = useQueryClient();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState<TModerationItem | null>(null);
  const [rejecting, setRejecting] = useState<TModerationItem | null>(null);
  const [escalated, setEscalated] = useState<TModerationItem | null>(null);
  const mutation = useMutation({
    mutationFn: ({ item, decision }: { item: TModerationItem; decision: Decision }) => decide(item, decision),
    onSuccess: (_answer, { item, decision }) => {
      setDecided((current) => new Set(current).add(decisionKey(item)));
      setApproving(null);
      setRejecting(null);
      if (decision.review === 'approved') {
        toast.success(item.revision ? V.approvedToast : M.approved);
      } else {
        toast.success(item.revision ? V.rejectedToast : M.rejected);
        if (isEscalationReason(decision.review_reason)) setEscalated(item);
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      toast.error(adminErrorMessage(error, P.decisionFailed));
      setApproving(null);
    },
  });
  return { mutation, decided, approving, setApproving, rejecting, setRejecting, escalated, setEscalated };
}

/** The Ads / Places tabs, then the New / Changes pills of the queue. */
function QueueTabs({
  type,
  queue,
  onShow,
}: {
  type: TModerationType;
  queue: TModerationQueue;
  onShow: (type: TModerationType, queue: TModerationQueue) => void;
}) {
  return (
    <>
      <Nav
        variant="tabs"
        role="tablist"
        activeKey={type}
        onSelect={(next) => (next === 'ad' || next === 'place') && onShow(next, queue)}
        className="mb-3"
        aria-label={P.tabsLabel}
      >
        {(['ad', 'place'] as const).map((tab) => (
          <Nav.Item key={tab} role="presentation">
            <Nav.Link
              eventKey={tab}
              as="button"
              type="button"
              role="tab"
              id={`${TAB_ID}-${tab}`}
              aria-selected={type === tab}
              aria-controls={type === tab ? PANEL_ID : undefined}
            >
              {tab === 'ad' ? M.ads : M.places}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Nav
        variant="pills"
        activeKey={queue}
        onSelect={(next) => (next === 'new' || next === 'changes') && onShow(type, next)}
        className="mb-3 small"
        aria-label={V.queueTitle}
      >
        {(['new', 'changes'] as const).map((tab) => (
          <Nav.Item key={tab}>
            <Nav.Link eventKey={tab} as="button" type="button" aria-pressed={queue === tab}>
              {tab === 'new' ? M.pending : V.tab}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
    </>
  );
}

/** The Approve confirmation and the Reject dialog with its reason templates and escalation steps. */
function DecisionDialogs({ decision }: { decision: ReturnType<typeof useDecision> }) {
  const { mutation, approving, setApproving, rejecting, setRejecting } = decision;
  return (
    <>
      <ConfirmDialog
        show={approving !== null}
        busy={mutation.isPending}
        title={P.approveTitle}
        prompt={approving?.revision ? V.approveConfirm : M.approveConfirm}
        confirmLabel={M.approve}
        variant="success"
        onConfirm={() => approving && mutation.mutate({ item: approving, decision: { review: 'approved' } })}
        onClose={() => setApproving(null)}
      />
      <ReasonDialog
        key={rejecting ? `${rejecting.type}:${rejecting.id}` : 'none'}
        show={rejecting !== null}
        busy={mutation.isPending}
        title={M.rejectTitle}
        label={M.reasonLabel}
        help={M.reasonHelp}
        templates={M.reasonTemplates}
        templateLabels={M.reasonTemplateLabels}
        templatesLabel={M.templatesLabel}
        requiredMessage={M.reasonRequired}
        maxLength={500}
        confirmLabel={M.confirmReject}
        cancelLabel={M.cancel}
        extra={(reason) => (isEscalationReason(reason) ? <EscalationSteps className="mb-0" /> : null)}
        onSubmit={(reason) =>
          rejecting &&
          mutation.mutate({ item: rejecting, decision: { review: 'rejected', review_reason: reason } })
        }
        onClose={() => setRejecting(null)}
      />
    </>
  );
}

/**
 * Moderation (`GET /api/admin/moderation`): the pending ads and places, highest risk
 * first, each shown as the public would see it, with every photo full size, the owner, their other
 * records and the risk signals; Approve (only once an ad's owner is verified) or Reject with a reason.
 * A decided item leaves the list at once. Moderators never edit a record.
 */
export default function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const type = parseType(params.get('type'));
  const queue = parseQueue(params.get('queue'));
  const paging = useAdminPaging();
  const query = useAdminList<TModerationItem>(
    '/admin/moderation',
    { type, ...(queue === 'changes' ? { queue } : {}) },
    paging,
  );
  const decision = useDecision();
  const { decided, escalated } = decision;
  const empty = queue === 'changes' ? V.emptyQueue : M.emptyQueue;

  const show = (nextType: TModerationType, nextQueue: TModerationQueue) => {
    paging.setPage(1);
    setParams(
      {
        ...(nextType === 'ad' ? {} : { type: nextType }),
        ...(nextQueue === 'new' ? {} : { queue: nextQueue }),
      },
      { replace: true },
    );
  };

  return (
    <section aria-labelledby="admin-moderation-title">
      <AdminPageHeader title={MESSAGES.adminConsole.titles.moderation} id="admin-moderation-title" />
      <QueueTabs type={type} queue={queue} onShow={show} />

      {escalated && (
        <div className="mb-4">
          <h2 className="h6">{fillTemplate(P.escalatedTitle, { id: escalated.id })}</h2>
          <EscalationSteps className="mb-2" />
          <Button size="sm" variant="outline-secondary" onClick={() => decision.setEscalated(null)}>
            {P.dismiss}
          </Button>
        </div>
      )}

      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`${TAB_ID}-${type}`}>
        <AdminTable query={query} paging={paging} empty={empty}>
          {(items) => {
            const shown = items.filter((item) => !decided.has(decisionKey(item)));
            if (shown.length === 0) return <p className="text-body-secondary">{empty}</p>;
            const onPage = new Set(shown.map((item) => item.id));
            return shown.map((item) => (
              <QueueItem
                key={decisionKey(item)}
                item={item}
                onPage={onPage}
                onApprove={decision.setApproving}
                onReject={decision.setRejecting}
              />
            ));
          }}
        </AdminTable>
      </div>

      <DecisionDialogs decision={decision} />
    </section>
  );
}
