import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { ListFilters, useFilteredList } from './filteredList.tsx';
import type { ListFilter } from './filteredList.tsx';
import { AdminTable } from './parts.tsx';
import { callsTo, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';

type Item = { id: number; name: string };

const FILTERS: readonly ListFilter<'kind' | 'state' | 'q'>[] = [
  { name: 'kind', label: 'Kind', options: [{ value: 'a', label: 'Kind A' }], allLabel: 'Every kind' },
  { name: 'state', label: 'State', options: [{ value: 'open', label: 'Open' }], includeAll: false },
  { name: 'q', label: 'Find', placeholder: 'Name…' },
];

/** A list page as the console writes one: the filters, then the paged table. */
function ListPage() {
  const { filters, setFilter, paging, query } = useFilteredList<Item, 'kind' | 'state' | 'q'>(
    '/admin/things',
    {
      kind: '',
      state: 'open',
      q: '',
    },
  );
  return (
    <>
      <ListFilters fields={FILTERS} filters={filters} onChange={setFilter} />
      <AdminTable
        query={query}
        paging={paging}
        headers={['Name']}
        row={(item) => (
          <tr key={item.id}>
            <td>{item.name}</td>
          </tr>
        )}
      />
    </>
  );
}

describe('useFilteredList and ListFilters', { timeout: 20_000 }, () => {
  it('sends the filters given, leaves the empty ones out, and goes back to page 1 on a change', async () => {
    const calls = mockAdminApi((call) =>
      call.method === 'GET' && call.path === '/admin/things'
        ? jsonResponse(
            paged([{ id: 1, name: 'First' }], {
              page: Number(call.search.get('pagination[page]')),
              total: 45,
            }),
          )
        : undefined,
    );
    renderAdminPage(<ListPage />, { path: '/admin/things' });
    await screen.findByText('First');
    const last = () => callsTo(calls, 'GET', '/admin/things').at(-1)!.search;
    expect(last().get('state')).toBe('open');
    expect(last().has('kind')).toBe(false);
    expect(last().has('q')).toBe(false);

    // The filters are labelled and grouped; a select without 'All' offers only its options.
    const group = screen.getByRole('group', { name: MESSAGES.adminConsole.filters.label });
    expect(group).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Every kind' })).toBeTruthy();
    expect((screen.getByLabelText('State') as HTMLSelectElement).options).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: `${MESSAGES.pagination.page} 2` }));
    await waitFor(() => expect(last().get('pagination[page]')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'a' } });
    await waitFor(() => {
      expect(last().get('kind')).toBe('a');
      expect(last().get('pagination[page]')).toBe('1');
    });

    fireEvent.click(screen.getByRole('button', { name: `${MESSAGES.pagination.page} 2` }));
    await waitFor(() => expect(last().get('pagination[page]')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Find'), { target: { value: '  ada ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminConsole.filters.search }));
    await waitFor(() => {
      expect(last().get('q')).toBe('ada');
      expect(last().get('kind')).toBe('a');
      expect(last().get('pagination[page]')).toBe('1');
    });
  });
});
