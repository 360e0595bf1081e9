import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillTemplate, MESSAGES } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import ScreeningReviewPage from './ScreeningReviewPage.tsx';

const R = MESSAGES.screeningReview;

function renderPage() {
  renderRoutes([{ path: '/screening-review', element: <ScreeningReviewPage /> }], ['/screening-review']);
  return {
    phone: screen.getByLabelText(R.phone) as HTMLInputElement,
    dispute: screen.getByLabelText(R.dispute) as HTMLTextAreaElement,
    email: screen.getByLabelText(R.email) as HTMLInputElement,
    submit: screen.getByRole('button', { name: R.submit }),
  };
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

function fillValid(fields: ReturnType<typeof renderPage>) {
  type(fields.phone, '(555) 020-3001');
  type(fields.dispute, 'These entries are not about me.');
  type(fields.email, 'asker@example.com');
}

describe('ScreeningReviewPage', () => {
  it('says what the page does and links to the privacy policy', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: R.title })).toBeTruthy();
    expect(screen.getByText(R.privacyNote)).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.privacy.title }).getAttribute('href')).toBe(
      '/privacypolicy#privacy-screening',
    );
  });

  it('checks each field and sends nothing while one is wrong', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const fields = renderPage();
    fireEvent.click(fields.submit);
    expect(await screen.findByText(MESSAGES.screening.phoneRequired)).toBeTruthy();
    expect(screen.getByText(R.disputeRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.validation.emailRequired)).toBeTruthy();
    type(fields.phone, 'call me');
    expect(await screen.findByText(MESSAGES.screening.phoneInvalid)).toBeTruthy();
    type(fields.dispute, 'wrong');
    expect(await screen.findByText(R.disputeTooShort)).toBeTruthy();
    expect(fields.phone.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the number, the dispute and the address, then shows the request number', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: { id: 42 }, meta: {} }));
    vi.stubGlobal('fetch', fetchMock);
    const fields = renderPage();
    fillValid(fields);
    fireEvent.click(fields.submit);
    expect(await screen.findByText(fillTemplate(R.sent, { id: 42 }))).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/screening-reviews');
    // The form's schema reads the number as its digits, as the server stores it.
    expect(JSON.parse(init.body as string)).toEqual({
      data: {
        phone_number: '5550203001',
        dispute: 'These entries are not about me.',
        email: 'asker@example.com',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: R.another }));
    await waitFor(() => expect((screen.getByLabelText(R.phone) as HTMLInputElement).value).toBe(''));
  });

  it.each([
    [429, R.tooMany],
    [500, MESSAGES.toast.genericWarning],
  ])('answers a %i with "%s" and keeps what was typed', async (status, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { data: null, error: { status, name: 'Error', message: 'server words', details: {} } },
          status,
        ),
      ),
    );
    const fields = renderPage();
    fillValid(fields);
    fireEvent.click(fields.submit);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fields.phone.value).toBe('(555) 020-3001');
  });
});
