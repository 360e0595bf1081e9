import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { AuditLogAttributes } from '@app/domain';
import AuditLogPage, { diffValues } from './AuditLogPage.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';

const M = MESSAGES.auditLog;
const P = MESSAGES.adminPages.audit;

function entry(id: number, overrides: Partial<AuditLogAttributes> = {}) {
  return {
    id,
    attributes: {
      action: 'package.update',
      subject: 'package:2',
      details: null,
      ip: '203.0.113.9',
      before_value: { total_price: 100, name: 'Basic' },
      after_value: { total_price: 120, name: 'Basic' },
      createdAt: '2026-11-20T10:00:00.000Z',
      actor: { data: { id: 1, attributes: { username: 'staff', email: 'staff@example.com' } } },
      ...overrides,
    },
  };
}

function renderAudit(
  csv: () => Response = () => new Response('id,created_at\n', { headers: { 'Content-Type': 'text/csv' } }),
) {
  const calls = mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/audit-logs') {
      return jsonResponse(
        paged([
          entry(9),
          entry(8, {
            action: 'verification.documents-deleted',
            subject: 'user:4',
            actor: { data: null },
            ip: null,
            before_value: null,
            after_value: null,
            details: { files: 2 },
          }),
        ]),
      );
    }
    if (call.method === 'GET' && call.path === '/admin/audit-actions') {
      return jsonResponse({ data: ['package.update', 'user.block'] });
    }
    if (call.method === 'GET' && call.path === '/admin/users') {
      return jsonResponse(paged([{ id: 1, username: 'staff', role: 'admin' }]));
    }
    if (call.method === 'GET' && call.path === '/admin/audit-logs.csv') return csv();
    return undefined;
  });
  renderAdminPage(<AuditLogPage />, { path: '/admin/audit-log' });
  return calls;
}

describe('diffValues', () => {
  it('keeps the changed, added and removed fields only', () => {
    expect(diffValues({ a: 1, b: 2, c: 3 }, { a: 1, b: 5, d: 4 })).toEqual([
      { field: 'b', before: 2, after: 5 },
      { field: 'c', before: 3, after: undefined },
      { field: 'd', before: undefined, after: 4 },
    ]);
    expect(diffValues(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1 }]);
    expect(diffValues(null, null)).toEqual([]);
    expect(diffValues('x', 'y')).toEqual([{ field: 'value', before: 'x', after: 'y' }]);
  });
});

describe('AuditLogPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the entries newest first with who, action, record and address, the change opened per entry', async () => {
    const calls = renderAudit();
    const first = (await screen.findByText('Package #2')).closest('tr') as HTMLElement;
    const list = callsTo(calls, 'GET', '/audit-logs')[0]!.search;
    expect(list.get('sort')).toBe('id:desc');
    expect(list.get('pagination[page]')).toBe('1');
    expect(list.get('populate[actor][fields][0]')).toBe('username');

    expect(within(first).getByRole('link', { name: 'staff' }).getAttribute('href')).toBe('/admin/users/1');
    expect(within(first).getByText('staff@example.com')).toBeTruthy();
    expect(within(first).getByText(M.actionLabels['package.update']!).getAttribute('title')).toBe(
      'package.update',
    );
    expect(within(first).getByText('Package #2').getAttribute('title')).toBe('package:2');
    expect(within(first).getByText('203.0.113.9')).toBeTruthy();
    const system = screen.getByText('Account #4').closest('tr') as HTMLElement;
    expect(within(system).getByText(M.system)).toBeTruthy();
    expect(within(system).getByText('{"files":2}')).toBeTruthy();
    expect(within(system).getByText(M.actionLabels['verification.documents-deleted']!)).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: M.showChange }));
    expect(await screen.findByText('total_price')).toBeTruthy();
    expect(screen.getByText('100').tagName).toBe('DEL');
    expect(screen.getByText('120').tagName).toBe('INS');
    expect(screen.queryByText('name')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: M.hideChange }));
    await waitFor(() => expect(screen.queryByText('total_price')).toBeNull());

    fireEvent.click(within(system).getByRole('button', { name: M.showChange }));
    expect(await screen.findByText(P.noChange)).toBeTruthy();
  });

  it('sends the admin, action and record filters as Strapi filters: the selects at once', async () => {
    const calls = renderAudit();
    await screen.findByText('Package #2');
    await screen.findByRole('option', { name: M.actionLabels['user.block']! });
    await screen.findByRole('option', { name: 'staff (#1)' });
    fireEvent.change(screen.getByLabelText(M.columns.actor), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(M.filterAction), { target: { value: 'user.block' } });
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/audit-logs').at(-1)!.search;
      expect(last.get('filters[action][$eq]')).toBe('user.block');
      expect(last.get('filters[actor][id][$eq]')).toBe('1');
    });
    fireEvent.change(screen.getByLabelText(M.filterSubject), { target: { value: 'provider' } });
    fireEvent.click(screen.getByRole('button', { name: M.apply }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/audit-logs').at(-1)!.search;
      expect(last.get('filters[action][$eq]')).toBe('user.block');
      expect(last.get('filters[actor][id][$eq]')).toBe('1');
      expect(last.get('filters[subject][$startsWith]')).toBe('provider:');
    });

    fireEvent.change(screen.getByLabelText(M.filterSubject), { target: { value: 'provider:12' } });
    fireEvent.click(screen.getByRole('button', { name: M.apply }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/audit-logs').at(-1)!.search.get('filters[subject][$eq]')).toBe(
        'provider:12',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: M.clear }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/audit-logs').at(-1)!.search;
      expect([...last.keys()].some((key) => key.startsWith('filters'))).toBe(false);
    });
  });

  it('exports the CSV with the same filters, the token in the header and not in the URL', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = renderAudit();
    await screen.findByText('Package #2');
    await screen.findByRole('option', { name: M.actionLabels['user.block']! });
    fireEvent.change(screen.getByLabelText(M.filterAction), { target: { value: 'user.block' } });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/audit-logs').at(-1)!.search.get('filters[action][$eq]')).toBe(
        'user.block',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: M.exportCsv }));

    const link = await screen.findByRole('link', { name: P.download });
    expect(link.getAttribute('href')).toBe('blob:audit');
    expect(link.getAttribute('download')).toBe('audit-log.csv');
    expect(click).toHaveBeenCalled();
    const csv = callsTo(calls, 'GET', '/admin/audit-logs.csv')[0]!;
    expect(csv.search.get('action')).toBe('user.block');
    expect(csv.search.has('actor')).toBe(false);
    expect(csv.authorization).toBe('Bearer admin-jwt');
    expect([...csv.search.values()].join()).not.toContain('admin-jwt');
  });

  it('reads the filters and the page from the URL, so a reload or a shared link keeps them', async () => {
    const calls = mockAdminApi((call) => {
      if (call.method === 'GET' && call.path === '/audit-logs') return jsonResponse(paged([entry(9)]));
      if (call.method === 'GET' && call.path === '/admin/audit-actions') return jsonResponse({ data: [] });
      if (call.method === 'GET' && call.path === '/admin/users') return jsonResponse(paged([]));
      return undefined;
    });
    renderAdminPage(<AuditLogPage />, {
      path: '/admin/audit-log?action=user.block&subject=provider:12&page=2',
    });
    await screen.findByText('Package #2');
    const first = callsTo(calls, 'GET', '/audit-logs')[0]!.search;
    expect(first.get('filters[action][$eq]')).toBe('user.block');
    expect(first.get('filters[subject][$eq]')).toBe('provider:12');
    expect(first.get('pagination[page]')).toBe('2');
    expect((screen.getByLabelText(M.filterSubject) as HTMLInputElement).value).toBe('provider:12');
  });

  it('says when the export failed', async () => {
    renderAudit(() => errorResponse(500, 'boom'));
    await screen.findByText('Package #2');
    fireEvent.click(screen.getByRole('button', { name: M.exportCsv }));
    expect(await screen.findByText(M.exportFailed)).toBeTruthy();
  });
});
