import { useId, useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES, ZSubscriptionReview } from '@app/domain';
import type { TAdminUserDetail } from '@app/domain';
import { adminErrorMessage } from '../adminApi.ts';
import { StatusBadge } from '../parts.tsx';
import { useSetExtraAds } from '../usersApi.ts';
import { Block } from './Block.tsx';
import { formatDay } from '../../../lib/dates.ts';

const U = MESSAGES.adminUsers;
const P = MESSAGES.adminPages.users;

type Subscription = TAdminUserDetail['subscriptions'][number];
export type SubscriptionPeriod = keyof typeof P.periods;

const PERIOD_BADGES: Record<SubscriptionPeriod, string> = {
  current: 'success',
  upcoming: 'info',
  ended: 'secondary',
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date's moment; a bare day (`2026-11-24`) ends at the end of that day. */
const momentOf = (date: string, end: boolean): number => {
  const ms = Date.parse(date);
  return end && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ms + DAY_MS : ms;
};

/** Whether a subscription runs now, starts later or has ended (its start and end dates against `now`). */
export function subscriptionPeriod(
  subscription: Pick<Subscription, 'start_date' | 'end_date'>,
  now: number = Date.now(),
): SubscriptionPeriod {
  if (momentOf(subscription.start_date, false) > now) return 'upcoming';
  if (momentOf(subscription.end_date, true) <= now) return 'ended';
  return 'current';
}

/** The current subscription first, then the upcoming ones (soonest first), then the ended (latest first). */
export function orderSubscriptions(
  subscriptions: readonly Subscription[],
  now: number = Date.now(),
): { subscription: Subscription; period: SubscriptionPeriod }[] {
  const rank: Record<SubscriptionPeriod, number> = { current: 0, upcoming: 1, ended: 2 };
  return subscriptions
    .map((subscription) => ({ subscription, period: subscriptionPeriod(subscription, now) }))
    .sort((a, b) => {
      if (a.period !== b.period) return rank[a.period] - rank[b.period];
      const start = (x: typeof a) => momentOf(x.subscription.start_date, false);
      return a.period === 'upcoming' ? start(a) - start(b) : start(b) - start(a);
    });
}

/** A provider's extra-ads allowance on one subscription: a small form of its own. */
function ExtraAdsForm({ subscription }: { subscription: TAdminUserDetail['subscriptions'][number] }) {
  const id = useId();
  const save = useSetExtraAds();
  const [value, setValue] = useState(String(subscription.extra_ads));
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = ZSubscriptionReview.safeParse({
      extra_ads: /^\d+$/.test(value.trim()) ? Number(value) : NaN,
    });
    if (!parsed.success) return setError(P.extraAdsInvalid);
    setError(null);
    try {
      await save.mutateAsync({ id: subscription.id, extraAds: Number(value) });
      toast.success(U.extraAdsSaved);
    } catch (failure) {
      toast.error(adminErrorMessage(failure));
    }
  };

  return (
    <Form
      noValidate
      className="d-flex align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form.Group controlId={`${id}-extra`}>
        <Form.Label className="small mb-1">{U.extraAds}</Form.Label>
        <Form.Control
          size="sm"
          type="number"
          min={0}
          max={10_000}
          step={1}
          value={value}
          className="admin-extra-ads"
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-extra-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-extra-error`}>
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-primary" disabled={save.isPending}>
        {U.saveExtraAds}
      </Button>
    </Form>
  );
}

/** The account's subscriptions, the current first; a provider's extra-ads allowance editable on each. */
export function SubscriptionsBlock({
  subscriptions,
  editable,
}: {
  subscriptions: readonly Subscription[];
  editable: boolean;
}) {
  return (
    <Block
      title={U.subscriptions}
      empty={U.noSubscriptions}
      rows={orderSubscriptions(subscriptions)}
      rowKey={({ subscription }) => subscription.id}
      rowAttributes={() => ({ 'data-testid': 'subscription-row' })}
      columns={[
        {
          label: P.period,
          cell: ({ period }) => (
            <Badge bg={PERIOD_BADGES[period]} text={period === 'upcoming' ? 'dark' : undefined}>
              {P.periods[period]}
            </Badge>
          ),
        },
        { label: P.package, cell: ({ subscription }) => subscription.package },
        {
          label: P.start,
          cell: ({ subscription }) => formatDay(subscription.start_date),
          className: 'small text-nowrap',
        },
        {
          label: P.end,
          cell: ({ subscription }) => formatDay(subscription.end_date),
          className: 'small text-nowrap',
        },
        {
          label: P.payment,
          cell: ({ subscription }) => <StatusBadge status={subscription.payment_status} />,
        },
        {
          label: U.extraAds,
          cell: ({ subscription }) =>
            editable ? <ExtraAdsForm subscription={subscription} /> : subscription.extra_ads,
        },
      ]}
    />
  );
}
