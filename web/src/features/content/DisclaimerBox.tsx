import { useEffect, useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { DisclaimerText } from './DisclaimerText.tsx';
import './content.css';

const M = MESSAGES.disclaimer;

interface DisclaimerBoxProps {
  /** Called when the visitor ticks Accept; the caller stores the flag and removes the box. */
  onAccept: () => void;
}

/** Bootstrap's "static backdrop" nudge: the box grows a little when the visitor tries to leave it. */
function nudge(dialog: HTMLDialogElement) {
  dialog.classList.add('modal-static');
  setTimeout(() => dialog.classList.remove('modal-static'), 300);
}

/**
 * The first-visit disclaimer and terms box (spec 000 §1, 001 §1): age, anti-trafficking and paid
 * services text. It cannot be closed by Escape or a click outside; only the Accept tick dismisses it.
 * Part of the first load; the layout opens it the frame after its first paint, for visitors who have
 * not accepted it yet (app/Layout.tsx).
 *
 * A native `<dialog>` with Bootstrap's modal classes and look (content.css): it covers the screen, its
 * dimmed background is the backdrop, so a click outside the box lands on it; the focus stays inside
 * (a focus moving out is brought back, as Bootstrap's Modal did). Bootstrap's Modal opened in one long
 * task after the first paint (its transitions and scrollbar measuring forced the page's layout).
 * Not `showModal()`: making the page behind inert restyles every element of it, a task of 60–100 ms
 * on a phone (Chromium trace at 4x CPU); `aria-modal` tells assistive technology the page is behind.
 */
export default function DisclaimerBox({ onAccept }: DisclaimerBoxProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current!;
    const keepFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    // Opened in a task of its own: the render above and the box's first style and layout were one
    // long task otherwise.
    const timer = setTimeout(() => {
      dialog.show();
      // The box itself takes the focus, as Bootstrap's did, not its first link (a scroll down its text).
      dialog.focus();
      document.addEventListener('focusin', keepFocus);
    }, 0);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusin', keepFocus);
    };
  }, []);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked) onAccept();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      className="modal modal-like disclaimer-box"
      onKeyDown={(event) => {
        if (event.key === 'Escape') nudge(event.currentTarget);
      }}
      onClick={(event) => {
        // The dialog fills the screen: a click on it, not on its content, is a click outside the box.
        if (event.target === event.currentTarget) nudge(event.currentTarget);
      }}
    >
      <div className="modal-dialog modal-lg modal-dialog-scrollable modal-dialog-centered">
        <div className="modal-content">
          <div className="modal-header disclaimer-box__header">
            <h2 id={titleId} className="modal-title h4 mb-0">
              <i className="bi bi-shield-exclamation me-2 text-accent" aria-hidden="true" />
              {M.title}
            </h2>
          </div>
          <DisclaimerText titleId={titleId} />
          <div className="modal-footer disclaimer-box__footer justify-content-start">
            <p className="small text-body-secondary mb-2 w-100">
              {M.acceptHint} <Link to="/termsofservice">{MESSAGES.terms.title}</Link> {M.and}{' '}
              <Link to="/privacypolicy">{MESSAGES.privacy.title}</Link>.
            </p>
            <div className="form-check disclaimer-box__accept fs-5 mb-0">
              <input
                type="checkbox"
                id={`${titleId}-accept`}
                className="form-check-input"
                onChange={handleChange}
              />
              <label htmlFor={`${titleId}-accept`} className="form-check-label">
                {M.accept}
              </label>
            </div>
          </div>
        </div>
      </div>
    </dialog>
  );
}
