import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, REPORT_REASONS, TRAFFICKING_HOTLINE } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { ReportButton } from './ReportDialog.tsx';
import ReportTraffickingPage from './ReportTraffickingPage.tsx';

const M = MESSAGES.report;

function renderPage() {
  renderRoutes([{ path: '/reporttrafficking', element: <ReportTraffickingPage /> }], ['/reporttrafficking']);
}

describe('Report Trafficking page', () => {
  it('gives the hotline with call and text links', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: M.call }).getAttribute('href')).toBe('tel:+1-888-373-7888');
    expect(screen.getByRole('link', { name: M.text }).getAttribute('href')).toBe('sms:233733');
    expect(screen.getAllByText(TRAFFICKING_HOTLINE.phone).length).toBeGreaterThan(0);
    expect(screen.getByText(M.emergency)).toBeTruthy();
  });

  it('needs a reason, then posts the report without empty fields and confirms it', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: { id: 4, attributes: {} }, meta: {} }, 201));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(M.reasonRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(M.reason), { target: { value: REPORT_REASONS[0] } });
    fireEvent.change(screen.getByLabelText(M.details), { target: { value: 'Ad mentions a minor.' } });
    fireEvent.click(screen.getByRole('button', { name: M.submit }));

    expect(await screen.findByText(M.sent)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports');
    expect(JSON.parse(init.body as string)).toEqual({
      data: { reason: REPORT_REASONS[0], details: 'Ad mentions a minor.' },
    });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    await waitFor(() => expect((screen.getByLabelText(M.reason) as HTMLSelectElement).value).toBe(''));
  });

  it('rejects a malformed optional e-mail', async () => {
    renderPage();
    const email = screen.getByLabelText(M.email);
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    expect(await screen.findByText(MESSAGES.validation.emailInvalid)).toBeTruthy();
  });

  it('says clearly when the report could not be sent and keeps the input', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText(M.reason), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: M.submit }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(M.failed)).toBeTruthy();
    expect(within(alert).getByText(MESSAGES.toast.networkError)).toBeTruthy();
    expect((screen.getByLabelText(M.reason) as HTMLSelectElement).value).toBe('Other');
  });
});

describe('ReportButton', () => {
  it('opens the report form in a dialog with the listing filled in', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ data: { id: 5, attributes: {} }, meta: {} }, 201));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <ReportButton listing="/ad/1#42" /> }]);

    fireEvent.click(screen.getByRole('button', { name: M.button }));
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitle });
    // The form loads with the dialog.
    expect(((await within(dialog).findByLabelText(M.listing)) as HTMLInputElement).value).toBe('/ad/1#42');

    fireEvent.change(within(dialog).getByLabelText(M.reason), { target: { value: 'Spam or scam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.submit }));
    expect(await within(dialog).findByText(M.sent)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      data: { reason: 'Spam or scam', listing: '/ad/1#42' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: M.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
