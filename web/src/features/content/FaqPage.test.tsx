import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import { CONTENT_COPY, PRIVACY_SCREENING_ANCHOR } from './copy.ts';
import FaqPage from './FaqPage.tsx';

const Q = CONTENT_COPY.faq;

function render() {
  mockApi(() => undefined);
  return renderRoutes([{ path: '/faq', element: <FaqPage /> }], ['/faq']);
}

function open(question: string) {
  const button = screen.getByRole('button', { name: question });
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return button.closest('.accordion-item') as HTMLElement;
}

describe('FaqPage', () => {
  it('keeps the contact-administrator and legal-contact entries', () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.faq.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: Q.contactAdmin })).toBeTruthy();
    expect(screen.getByRole('button', { name: Q.legalContact })).toBeTruthy();
  });

  it('says what screening stores and who can see it', () => {
    render();
    const item = open(Q.screeningStores);
    expect(item.textContent).toMatch(/phone number \(as digits only\)/);
    expect(item.textContent).toMatch(/hobbyists, vendors and visitors\s+never can/);
    expect(within(item).getByRole('link', { name: MESSAGES.privacy.title }).getAttribute('href')).toBe(
      `/privacypolicy#${PRIVACY_SCREENING_ANCHOR}`,
    );
  });

  it('sends a request about an entry to the screening review page', () => {
    render();
    const item = open(Q.screeningReview);
    expect(item.textContent).toMatch(/never says whether a number has entries/);
    expect(
      within(item).getByRole('link', { name: MESSAGES.screeningReview.title }).getAttribute('href'),
    ).toBe('/screening-review');
  });
});
