import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREENING_REVIEW_RETENTION_DAYS, MESSAGES, RETENTION_DEFAULT_DAYS } from '@app/domain';
import { renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import { CONTENT_COPY, PRIVACY_SCREENING_ANCHOR } from './copy.ts';
import PrivacyPage from './PrivacyPage.tsx';

function render() {
  mockApi(() => undefined);
  return renderRoutes([{ path: '/privacypolicy', element: <PrivacyPage /> }], ['/privacypolicy']);
}

describe('PrivacyPage', () => {
  it('keeps its ten numbered sections', () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.privacy.title })).toBeTruthy();
    const headings = within(screen.getByRole('article')).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(
      CONTENT_COPY.privacy.map((heading, index) => `${index + 1}. ${heading}`),
    );
  });

  it('says what is deleted automatically, and after how long by default', () => {
    render();
    const text = screen.getByRole('article').textContent!;
    expect(text).toContain(`our decision on them (${RETENTION_DEFAULT_DAYS.documents} unless`);
    expect(text).toContain(`provider’s ad), ${RETENTION_DEFAULT_DAYS.messages} days after they are sent`);
    expect(text).toContain('never completed, after 24 hours');
  });

  it('says what screening stores, who sees it, and how to have an entry reviewed', () => {
    render();
    const part = screen.getByRole('heading', { level: 3, name: CONTENT_COPY.privacyParts.screening });
    expect(part.id).toBe(PRIVACY_SCREENING_ANCHOR);
    // Inside section 2, "Information you give us".
    expect(part.closest('section')?.id).toBe('privacy-2');
    const text = part.closest('section')!.textContent!;
    expect(text).toMatch(/phone number, kept as its digits only/);
    expect(text).toMatch(/ratings .* comments/);
    expect(text).toMatch(/its date and the provider account/);
    expect(text).toMatch(/only to signed-in provider accounts and to our staff/);
    expect(text).toMatch(/never shown\s+to hobbyists, vendors or visitors/);
    const review = within(part.closest('section')!).getByRole('link', {
      name: MESSAGES.screeningReview.title,
    });
    expect(review.getAttribute('href')).toBe('/screening-review');
    expect(text).toMatch(/never\s+says whether a number has entries/);
    expect(text).toMatch(new RegExp(`${SCREENING_REVIEW_RETENTION_DAYS} days after the outcome`));
    // Section 10 points to it too.
    const choices = document.getElementById('privacy-10')!;
    expect(
      within(choices).getByRole('link', { name: CONTENT_COPY.privacyParts.screening }).getAttribute('href'),
    ).toBe(`#${PRIVACY_SCREENING_ANCHOR}`);
  });
});
