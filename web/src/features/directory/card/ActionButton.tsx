import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

const ActionTooltip = lazy(() => import('./ActionTooltip.tsx'));

interface ActionButtonProps {
  /** The tooltip text, also the button's accessible name (its hidden text). */
  label: string;
  icon: string;
  onClick: () => void;
  /** A count shown beside the icon (announced as the button's description). */
  count?: number;
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * An icon button of the card's action bar with a tooltip naming it. The button is rendered at once;
 * the tooltip (React-Bootstrap Overlay + Tooltip) is loaded on the first hover or focus and shown
 * beside the same button, so nothing remounts and keyboard focus stays put.
 */
export function ActionButton({
  label,
  icon,
  onClick,
  count,
  pressed,
  expanded,
  controls,
  className = '',
  children,
}: ActionButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [armed, setArmed] = useState(false);
  const [shown, setShown] = useState(false);
  const handleShow = () => {
    setArmed(true);
    setShown(true);
  };
  const handleHide = () => setShown(false);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setShown(false);
  };

  return (
    <>
      <button
        ref={ref}
        type="button"
        className={`btn btn-sm provider-card__action ${className}`}
        aria-pressed={pressed}
        aria-expanded={expanded}
        aria-controls={controls}
        aria-describedby={count === undefined ? undefined : `${id}-count`}
        onClick={onClick}
        onMouseEnter={handleShow}
        onMouseLeave={handleHide}
        onFocus={handleShow}
        onBlur={handleHide}
        onKeyDown={handleKeyDown}
      >
        <i className={`bi ${icon}`} aria-hidden="true" />
        {/* The name is the label alone, as the button's own text rather than an aria-label that would
            differ from the visible count (which misleads voice control); the count is its description. */}
        <span className="visually-hidden">{label}</span>
        {count !== undefined && (
          <span id={`${id}-count`} className="provider-card__count" aria-hidden="true">
            {count}
          </span>
        )}
        {children}
      </button>
      {armed && (
        <Suspense fallback={null}>
          <ActionTooltip target={ref} show={shown} id={`${id}-tip`} label={label} />
        </Suspense>
      )}
    </>
  );
}
