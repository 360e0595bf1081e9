import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, VERIFICATION_REASON, fillTemplate } from '@app/domain';
import type { TVerificationItem } from '@app/domain';
import VerificationsPage from './VerificationsPage.tsx';
import { ageOf } from './verifications/ProviderItem.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';
import type { ApiCall } from './testAdmin.tsx';

const U = MESSAGES.adminUsers;
const V = MESSAGES.adminConsole.verificationsPage;

function provider(id: number, overrides: Partial<TVerificationItem> = {}): TVerificationItem {
  return {
    id,
    username: `pro${id}`,
    email: `pro${id}@example.test`,
    first_name: 'Pia',
    last_name: `Pro${id}`,
    dob: '1990-05-01',
    age: 36,
    phone_number: '555-0100',
    city: 'San Jose',
    createdAt: '2026-11-01T00:00:00.000Z',
    verification: 'pending',
    verification_reason: null,
    verified_at: null,
    documents: [
      { id: 501, name: 'licence.jpg', mime: 'image/jpeg', size: 2048, createdAt: '2026-11-01T00:00:00.000Z' },
      {
        id: 502,
        name: 'passport.pdf',
        mime: 'application/pdf',
        size: 4096,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ],
    documents_deleted_at: null,
    documents_hold_until: null,
    decisions: [],
    ...overrides,
  };
}

function mockVerifications(
  items: TVerificationItem[],
  put: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/verifications') return jsonResponse(paged(items));
    if (call.method === 'GET' && call.path.startsWith('/upload/files/')) {
      const pdf = call.path.includes('502');
      return new Response(new Blob(['%bytes'], { type: pdf ? 'application/pdf' : 'image/jpeg' }), {
        status: 200,
        headers: { 'Content-Type': pdf ? 'application/pdf' : 'image/jpeg' },
      });
    }
    if (call.method === 'PUT') return put(call) ?? jsonResponse({ id: 1 });
    if (call.method === 'POST' && call.path.endsWith('/ask-again'))
      return put(call) ?? jsonResponse({ data: { verification: 'pending' } });
    return undefined;
  });
}

const article = (name: string) => screen.findByRole('article', { name });

describe('VerificationsPage', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:doc-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists pending providers with their age, red when under 18 or missing', async () => {
    const calls = mockVerifications([
      provider(1),
      provider(2, { dob: '2010-01-01', age: 16 }),
      provider(3, { dob: null, age: null }),
    ]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });

    const adult = await article('Pia Pro1');
    expect(within(adult).getByText('pro1@example.test')).toBeTruthy();
    expect(within(adult).getByText(new RegExp(fillTemplate(V.yearsOld, { age: 36 })))).toBeTruthy();
    expect(within(adult).queryByText(new RegExp(U.underAge))).toBeNull();
    expect(within(adult).getByRole('link', { name: 'pro1' }).getAttribute('href')).toBe('/admin/users/1');

    const minor = await article('Pia Pro2');
    const age = within(minor).getByText(new RegExp(U.underAge));
    expect(age.className).toContain('text-danger');

    const none = await article('Pia Pro3');
    expect(within(none).getByText(U.noDob).className).toContain('text-danger');

    const asked = callsTo(calls, 'GET', '/admin/verifications')[0];
    expect(asked?.search.get('state')).toBe('pending');
    expect(asked?.search.has('q')).toBe(false);
  });

  it('opens a document through the API with the token and shows it from an object URL', async () => {
    const calls = mockVerifications([provider(1)]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const item = await article('Pia Pro1');

    fireEvent.click(within(item).getByRole('button', { name: `${U.viewDocument}: licence.jpg` }));
    const dialog = await screen.findByRole('dialog');
    const image = await within(dialog).findByRole('img', { name: 'licence.jpg' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const fetched = callsTo(calls, 'GET', '/upload/files/501/content');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.authorization).toBe('Bearer admin-jwt');

    fireEvent.click(within(dialog).getAllByRole('button', { name: MESSAGES.adminConsole.dialog.close })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(item).getByRole('button', { name: `${U.viewDocument}: passport.pdf` }));
    const pdf = await screen.findByTitle('passport.pdf');
    expect(pdf.tagName).toBe('IFRAME');
    expect(pdf.getAttribute('src')).toMatch(/^blob:/);
  });

  it('says when a document cannot be opened', async () => {
    mockAdminApi((call) => {
      if (call.path === '/admin/verifications') return jsonResponse(paged([provider(1)]));
      if (call.path.startsWith('/upload/files/')) return errorResponse(404, 'Not Found');
      return undefined;
    });
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const item = await article('Pia Pro1');
    fireEvent.click(within(item).getByRole('button', { name: `${U.viewDocument}: licence.jpg` }));
    expect(await screen.findByText(V.documentFailed)).toBeTruthy();
  });

  it('marks a provider verified after the confirmation', async () => {
    const calls = mockVerifications([provider(1)]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const item = await article('Pia Pro1');

    fireEvent.click(within(item).getByRole('button', { name: U.markVerified }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.confirmVerify)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: U.markVerified }));

    expect(await screen.findByText(U.verifiedToast)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/1')[0]?.body).toEqual({ verification: 'verified' });
    // The list is read afresh.
    await waitFor(() => expect(callsTo(calls, 'GET', '/admin/verifications').length).toBeGreaterThan(1));
  });

  it('rejects only with a reason of 3 to 500 characters (the shared ZVerificationDecision)', async () => {
    const calls = mockVerifications([provider(1)]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const item = await article('Pia Pro1');

    fireEvent.click(within(item).getByRole('button', { name: U.reject }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(U.reasonLabel);
    fireEvent.change(reason, { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.reject }));
    expect(await within(dialog).findByText(MESSAGES.verification.reasonRequired)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/1')).toHaveLength(0);
    expect(VERIFICATION_REASON.min).toBe(3);
    fireEvent.change(reason, { target: { value: 'x'.repeat(VERIFICATION_REASON.max + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.reject }));
    expect(await within(dialog).findByText(MESSAGES.verification.reasonTooLong)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/1')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  The photo is unreadable.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.reject }));
    expect(await screen.findByText(U.rejectedToast)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/1')[0]?.body).toEqual({
      verification: 'rejected',
      verification_reason: 'The photo is unreadable.',
    });
  });

  it('asks a decided provider for the ID again, with an optional note; not one still pending', async () => {
    const calls = mockVerifications([
      provider(1, { verification: 'verified', verified_at: '2026-10-02T00:00:00.000Z' }),
      provider(2, { verification: 'rejected', verification_reason: 'Blurry' }),
      provider(3),
    ]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const verified = await article('Pia Pro1');
    expect(within(await article('Pia Pro2')).getByRole('button', { name: U.askAgain })).toBeTruthy();
    expect(within(await article('Pia Pro3')).queryByRole('button', { name: U.askAgain })).toBeNull();

    fireEvent.click(within(verified).getByRole('button', { name: U.askAgain }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.confirmAskAgain)).toBeTruthy();
    const note = within(dialog).getByLabelText(U.askAgainNoteLabel);
    fireEvent.change(note, { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.askAgain }));
    expect(await within(dialog).findByText(MESSAGES.verification.reasonRequired)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/admin/verifications/1/ask-again')).toHaveLength(0);

    fireEvent.change(note, { target: { value: ' The licence has expired. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.askAgain }));
    expect(await screen.findByText(U.askedAgainToast)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/admin/verifications/1/ask-again')[0]?.body).toEqual({
      verification_reason: 'The licence has expired.',
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/admin/verifications').length).toBeGreaterThan(1));

    // Without a note the body is empty.
    fireEvent.click(within(await article('Pia Pro2')).getByRole('button', { name: U.askAgain }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: U.askAgain }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/admin/verifications/2/ask-again')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/admin/verifications/2/ask-again')[0]?.body).toEqual({});
  });

  it('says when the documents are on a legal hold', async () => {
    mockVerifications([provider(1, { documents_hold_until: '2030-06-15' }), provider(2)]);
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const held = await article('Pia Pro1');
    expect(within(held).getByText(fillTemplate(U.onHoldUntil, { date: 'Jun 15, 2030' }))).toBeTruthy();
    const other = await article('Pia Pro2');
    expect(within(other).queryByText(/2030/)).toBeNull();
  });

  it("shows the server's message when a decision is refused", async () => {
    mockVerifications([provider(1)], () => errorResponse(400, MESSAGES.verification.notProvider));
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    const item = await article('Pia Pro1');
    fireEvent.click(within(item).getByRole('button', { name: U.markVerified }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: U.markVerified }));
    expect(await screen.findByText(MESSAGES.verification.notProvider)).toBeTruthy();
  });

  it('filters by state and searches; shows past decisions and deleted documents', async () => {
    const decided = provider(4, {
      verification: 'verified',
      verified_at: '2026-10-02T00:00:00.000Z',
      documents: [],
      documents_deleted_at: '2026-11-01T00:00:00.000Z',
      decisions: [
        {
          decision: 'verified',
          reason: null,
          document_kinds: '2 × image/jpeg',
          decided_at: '2026-10-02T00:00:00.000Z',
          decided_by: { id: 1, username: 'staff' },
          documents_deleted_at: '2026-11-01T00:00:00.000Z',
        },
      ],
    });
    const calls = mockAdminApi((call) => {
      if (call.path !== '/admin/verifications') return undefined;
      return jsonResponse(paged(call.search.get('state') === 'verified' ? [decided] : [provider(1)]));
    });
    renderAdminPage(<VerificationsPage />, { path: '/admin/verifications' });
    await article('Pia Pro1');

    fireEvent.change(screen.getByLabelText(U.verificationState), { target: { value: 'verified' } });
    const item = await article('Pia Pro4');
    expect(within(item).getByText(/2 × image\/jpeg/)).toBeTruthy();
    expect(within(item).getByText('staff')).toBeTruthy();
    expect(within(item).getByText(new RegExp(V.documentsDeletedOn.replace('{date}', '')))).toBeTruthy();
    expect(within(item).queryByRole('button', { name: U.markVerified })).toBeNull();
    expect(within(item).getByRole('button', { name: U.reject })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(U.search), { target: { value: ' pia ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminConsole.filters.search }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/admin/verifications').some((c) => c.search.get('q') === 'pia')).toBe(
        true,
      ),
    );
    const last = callsTo(calls, 'GET', '/admin/verifications').at(-1);
    expect(last?.search.get('state')).toBe('verified');
  });

  it('computes the age from the date of birth when the server gives none', () => {
    expect(ageOf({ age: null, dob: '2000-01-01' })).toBeGreaterThanOrEqual(26);
    expect(ageOf({ age: 30, dob: '2000-01-01' })).toBe(30);
    expect(ageOf({ age: null, dob: null })).toBeNull();
  });
});
