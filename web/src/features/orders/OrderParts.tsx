import { Badge } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { TOrderStatus } from '@app/domain';

const S = MESSAGES.orderStatus;

const VARIANT: Record<TOrderStatus, { bg: string; text?: 'dark' }> = {
  [S.awaitingPayment]: { bg: 'warning', text: 'dark' },
  [S.paid]: { bg: 'info', text: 'dark' },
  [S.shipped]: { bg: 'primary' },
  [S.delivered]: { bg: 'success' },
  [S.cancelled]: { bg: 'secondary' },
};

/** An order's or a line's state as a coloured badge. */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const variant = VARIANT[status] ?? { bg: 'secondary' };
  return (
    <Badge bg={variant.bg} text={variant.text} className="order-status">
      {status}
    </Badge>
  );
}

/**
 * A bought product's picture (copied at order time), or the shop's placeholder when it has none. `name`
 * null: the product's name is written beside it, so the picture is decoration (its name twice would be
 * read twice).
 */
export function OrderThumb({ src, name }: { src: string | null | undefined; name: string | null }) {
  if (src)
    return <img src={src} alt={name ?? ''} className="order-thumb" loading="lazy" width={56} height={56} />;
  return (
    <span
      className="order-thumb order-thumb--placeholder"
      {...(name === null
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': MESSAGES.shop.placeholderAlt })}
    >
      <i className="bi bi-box-seam" aria-hidden="true" />
    </span>
  );
}
