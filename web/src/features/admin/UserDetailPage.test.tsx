import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TAdminUserDetail } from '@app/domain';
import { subscriptionPeriod } from './userDetail/subscriptions.tsx';
import UserDetailPage from './UserDetailPage.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, renderAdminPage } from './testAdmin.tsx';
import type { ApiCall } from './testAdmin.tsx';

const U = MESSAGES.adminUsers;
const P = MESSAGES.adminPages.users;

function detail(overrides: Partial<TAdminUserDetail['user']> = {}): TAdminUserDetail {
  return {
    user: {
      id: 42,
      username: 'pia',
      email: 'pia@example.test',
      deleted_at: null,
      first_name: 'Pia',
      last_name: 'Pro',
      phone_number: '555-010-2030',
      user_type: 'Provider',
      role: 'authenticated',
      is_active: true,
      verification: 'verified',
      two_factor_enabled: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      dob: '1990-05-04',
      city: 'San Jose',
      verification_reason: null,
      verified_at: '2026-11-02T10:00:00.000Z',
      documents_hold_until: null,
      ...overrides,
    },
    ads: [
      {
        id: 12,
        name: 'Aria',
        city: 'San Jose',
        review: 'approved',
        isShowed: true,
        createdAt: '2026-11-03T10:00:00.000Z',
      },
    ],
    places: [],
    products: [{ id: 7, name: 'Massage Oil', price: 19.99, archived: false }],
    orders: [
      {
        id: 9,
        status: 'Awaiting Payment',
        payment_status: 'pending',
        total: 28.79,
        createdAt: '2026-11-04T10:00:00.000Z',
      },
    ],
    payments: [
      {
        kind: 'subscription',
        id: 4,
        createdAt: '2026-11-05T10:00:00.000Z',
        amount: 110.5,
        transaction_id: 'TX-778899',
        status: 'pending',
        description: 'Basic package',
      },
    ],
    reports: [
      {
        id: 5,
        createdAt: '2026-11-06T10:00:00.000Z',
        status: 'open',
        reason: 'Spam',
        details: 'Same text everywhere',
        staff_note: null,
        subject: 'provider:12',
        listing: null,
      },
    ],
    subscriptions: [
      {
        id: 4,
        package: 'Basic',
        start_date: '2026-11-05',
        end_date: '2026-12-05',
        payment_status: 'pending',
        extra_ads: 1,
      },
    ],
    audit: [
      {
        id: 70,
        createdAt: '2026-11-02T10:00:00.000Z',
        action: 'user.verify',
        subject: 'user:42',
        actor: { id: 1, username: 'staff' },
        details: null,
      },
    ],
  };
}

function renderDetail(
  answer: () => TAdminUserDetail | Response,
  extra?: (call: ApiCall) => Response | undefined,
) {
  const calls = mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/users/42') {
      const data = answer();
      return data instanceof Response ? data : jsonResponse({ data });
    }
    return extra?.(call);
  });
  renderAdminPage(<UserDetailPage />, { path: '/admin/users/42', routePath: '/admin/users/:id' });
  return calls;
}

const sectionOf = (title: string) =>
  screen.getByRole('heading', { name: new RegExp(`^${title}`) }).closest('section') as HTMLElement;

describe('UserDetailPage', { timeout: 20_000 }, () => {
  it("shows the account's details and every list about it", async () => {
    renderDetail(() => detail());
    await screen.findByText('pia@example.test');
    expect(screen.getByText(MESSAGES.verification.states.verified)).toBeTruthy();
    expect(screen.getByText(U.twoFactorOn)).toBeTruthy();
    expect(screen.getByText('San Jose', { selector: 'dd' })).toBeTruthy();

    expect(within(sectionOf(U.ads)).getByText('Aria')).toBeTruthy();
    expect(within(sectionOf(U.places)).getByText(U.noPlaces)).toBeTruthy();
    expect(
      within(sectionOf(U.products)).getByRole('link', { name: 'Massage Oil' }).getAttribute('href'),
    ).toBe('/productdetails/7');
    expect(within(sectionOf(U.products)).getByText('$19.99')).toBeTruthy();
    expect(within(sectionOf(U.orders)).getByText('$28.79')).toBeTruthy();
    expect(within(sectionOf(U.payments)).getByText('TX-778899')).toBeTruthy();
    expect(within(sectionOf(U.reports)).getByText('Spam')).toBeTruthy();
    expect(within(sectionOf(U.audit)).getByText('user.verify')).toBeTruthy();
    expect(within(sectionOf(U.audit)).getByRole('link', { name: 'staff' }).getAttribute('href')).toBe(
      '/admin/users/1',
    );
  });

  it('blocks the account after a confirmation saying its content disappears and its sessions end', async () => {
    let active = true;
    const calls = renderDetail(
      () => detail({ is_active: active }),
      (call) => {
        if (call.method === 'PUT' && call.path === '/users/42') {
          active = false;
          return jsonResponse({ id: 42, is_active: false });
        }
        return undefined;
      },
    );
    await screen.findByText('pia@example.test');
    fireEvent.click(screen.getByRole('button', { name: U.block }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.confirmBlock)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: U.block }));

    expect(await screen.findByText(U.blockedToast)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')[0]!.body).toEqual({ is_active: false });
    expect(await screen.findByRole('button', { name: U.unblock })).toBeTruthy();
  });

  it("shows a blocked account's ads as hidden, and an active one's by their own flag", async () => {
    renderDetail(() => detail({ is_active: false }));
    await screen.findByText('pia@example.test');
    const row = within(sectionOf(U.ads)).getByText('Aria').closest('tr') as HTMLElement;
    expect(within(row).getByText(P.hiddenBlocked)).toBeTruthy();
    expect(within(row).queryByText(P.yes)).toBeNull();
  });

  it('labels subscriptions Current / Upcoming / Ended and lists the current one first', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const base = detail();
    const sub = base.subscriptions[0]!;
    renderDetail(() => ({
      ...base,
      subscriptions: [
        { ...sub, id: 1, package: 'Old', start_date: day(-60), end_date: day(-30) },
        { ...sub, id: 2, package: 'Next', start_date: day(10), end_date: day(40) },
        { ...sub, id: 3, package: 'Now', start_date: day(-5), end_date: day(25) },
      ],
    }));
    await screen.findByText('pia@example.test');
    const rows = within(sectionOf(U.subscriptions)).getAllByTestId(
      'subscription-row',
    ) as HTMLTableRowElement[];
    expect(rows.map((r) => [r.cells[0]!.textContent, r.cells[1]!.textContent])).toEqual([
      [P.periods.current, 'Now'],
      [P.periods.upcoming, 'Next'],
      [P.periods.ended, 'Old'],
    ]);
  });

  it('subscriptionPeriod counts the whole last day as current', () => {
    const now = Date.parse('2026-11-24T15:00:00.000Z');
    expect(subscriptionPeriod({ start_date: '2026-11-01', end_date: '2026-11-24' }, now)).toBe('current');
    expect(subscriptionPeriod({ start_date: '2026-10-01', end_date: '2026-11-23' }, now)).toBe('ended');
    expect(subscriptionPeriod({ start_date: '2026-11-25', end_date: '2026-12-25' }, now)).toBe('upcoming');
  });

  it('unblocks with the flat body', async () => {
    const calls = renderDetail(
      () => detail({ is_active: false }),
      (call) => (call.method === 'PUT' ? jsonResponse({ id: 42, is_active: true }) : undefined),
    );
    fireEvent.click(await screen.findByRole('button', { name: U.unblock }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.confirmUnblock)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: U.unblock }));
    expect(await screen.findByText(U.unblockedToast)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')[0]!.body).toEqual({ is_active: true });
  });

  it('signs the account out everywhere after a confirmation', async () => {
    const calls = renderDetail(
      () => detail(),
      (call) =>
        call.method === 'POST' && call.path === '/users/42/logout-all'
          ? jsonResponse({ ok: true })
          : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: U.logoutAll }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.confirmLogoutAll)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: U.logoutAll }));
    expect(await screen.findByText(U.loggedOutToast)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/users/42/logout-all')).toHaveLength(1);
  });

  it('deletes the account after a confirmation; a deleted account offers no action', async () => {
    const D = MESSAGES.accountDeletion;
    let deleted = false;
    const calls = renderDetail(
      () => detail(deleted ? { deleted_at: '2026-11-30T00:00:00.000Z', is_active: false } : {}),
      (call) => {
        if (call.method !== 'DELETE' || call.path !== '/admin/users/42') return undefined;
        deleted = true;
        return jsonResponse({ data: { deleted: true }, meta: {} });
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: D.adminAction }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(D.adminConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: D.adminAction }));
    expect(await screen.findByText(D.adminDeleted)).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/admin/users/42')).toHaveLength(1);
    expect(await screen.findByText(D.deletedAccount)).toBeTruthy();
    expect(screen.queryByRole('button', { name: U.block })).toBeNull();
  });

  it("edits a provider's extra-ads allowance (PUT /subscriptions/:id under data)", async () => {
    const calls = renderDetail(
      () => detail(),
      (call) =>
        call.method === 'PUT' && call.path === '/subscriptions/4'
          ? jsonResponse({ data: { id: 4 } })
          : undefined,
    );
    const field = await screen.findByLabelText(U.extraAds);
    fireEvent.change(field, { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: U.saveExtraAds }));
    expect(await screen.findByText(P.extraAdsInvalid)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/subscriptions/4')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: U.saveExtraAds }));
    expect(await screen.findByText(U.extraAdsSaved)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/subscriptions/4')[0]!.body).toEqual({ data: { extra_ads: 3 } });
  });

  it('shows the allowance as a number for other accounts, and no documents hold', async () => {
    renderDetail(() => detail({ user_type: 'Hobbyist', verification: null }));
    await screen.findByText('pia@example.test');
    expect(screen.queryByLabelText(U.extraAds)).toBeNull();
    expect(screen.queryByLabelText(U.documentsHold)).toBeNull();
  });

  it("holds a provider's ID documents until a day (flat PUT /users/:id), refusing a past day", async () => {
    const calls = renderDetail(
      () => detail(),
      (call) => (call.method === 'PUT' && call.path === '/users/42' ? jsonResponse({ id: 42 }) : undefined),
    );
    const field = await screen.findByLabelText(U.documentsHold);
    expect((screen.getByRole('button', { name: U.clearHold }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: U.saveHold }));
    expect(await screen.findByText(MESSAGES.verification.holdInvalid)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')).toHaveLength(0);

    const day = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    fireEvent.change(field, { target: { value: day } });
    fireEvent.click(screen.getByRole('button', { name: U.saveHold }));
    expect(await screen.findByText(U.holdSaved)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')[0]!.body).toEqual({ documents_hold_until: day });
  });

  it('clears a hold', async () => {
    const calls = renderDetail(
      () => detail({ documents_hold_until: '2030-06-15' }),
      (call) => (call.method === 'PUT' && call.path === '/users/42' ? jsonResponse({ id: 42 }) : undefined),
    );
    const field = (await screen.findByLabelText(U.documentsHold)) as HTMLInputElement;
    expect(field.value).toBe('2030-06-15');
    fireEvent.click(screen.getByRole('button', { name: U.clearHold }));
    expect(await screen.findByText(U.holdCleared)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/users/42')[0]!.body).toEqual({ documents_hold_until: null });
  });

  it('says when the account does not exist', async () => {
    renderDetail(() => errorResponse(404, 'Not Found'));
    expect(await screen.findByText(P.notFound)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: P.back }).getAttribute('href')).toBe('/admin/users'),
    );
  });
});
