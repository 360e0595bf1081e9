import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { PagedList } from './PagedList.tsx';
import type { ListPage } from './PagedList.tsx';

function Failing({ own }: { own: boolean }) {
  const query = useQuery<ListPage>({
    queryKey: ['failing', own],
    queryFn: () => Promise.reject(new Error('down')),
    retry: false,
  });
  const common = { query, paging: { page: 1, setPage: () => {} }, empty: 'Nothing.', pagesLabel: 'Pages' };
  const rows = () => <p>rows</p>;
  return own ? (
    <PagedList {...common} failed={<p>Told elsewhere.</p>}>
      {rows}
    </PagedList>
  ) : (
    <PagedList {...common} loadFailed="Could not load." retry="Retry">
      {rows}
    </PagedList>
  );
}

describe('PagedList', () => {
  it('shows the warning with Retry when the list could not be loaded', async () => {
    renderRoutes([{ path: '/', element: <Failing own={false} /> }]);
    expect(await screen.findByText('Could not load.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the page’s own failed state instead of the warning when given', async () => {
    renderRoutes([{ path: '/', element: <Failing own /> }]);
    expect(await screen.findByText('Told elsewhere.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
