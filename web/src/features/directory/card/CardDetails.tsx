import { useState } from 'react';
import { CloseButton } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import type { ProviderAttributes } from '@app/domain';
import { buildDetailRows, formatPriceLine } from './details.ts';

const C = MESSAGES.card;

/**
 * The details panel (spec 001 §2): the provider's answers and the price line, closable with a cross. A
 * named group rather than a region: every card of a listing has one, and landmarks are told apart by name.
 */
export function CardDetails({ attributes, id }: { attributes: ProviderAttributes; id: string }) {
  const [open, setOpen] = useState(true);
  const price = formatPriceLine(attributes);

  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-link btn-sm px-0 provider-card__show-details"
        aria-expanded={false}
        aria-controls={id}
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-card-list me-1" aria-hidden="true" />
        {C.showDetails}
      </button>
    );
  }

  return (
    <section role="group" id={id} className="provider-card__details" aria-label={C.details}>
      <CloseButton
        className="provider-card__details-close"
        aria-label={C.closeDetails}
        onClick={() => setOpen(false)}
      />
      <dl className="provider-card__facts mb-0">
        {buildDetailRows(attributes).map((row) => (
          <div
            key={row.label}
            className={`provider-card__fact${row.wide ? ' provider-card__fact--wide' : ''}`}
          >
            <dt>{row.label}</dt>
            <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
          </div>
        ))}
      </dl>
      {price && (
        <p className="provider-card__price mb-0">
          <i className="bi bi-cash-coin me-1 text-accent" aria-hidden="true" />
          <span className="visually-hidden">{MESSAGES.cardDetails.price}: </span>
          {price}
        </p>
      )}
    </section>
  );
}
