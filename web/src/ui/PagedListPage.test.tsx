import { fireEvent, screen, waitFor } from '@testing-library/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { renderRoutes } from '../test/render.tsx';
import { PagedListPage, usePaging } from './PagedListPage.tsx';
import type { ListPage } from './PagedListPage.tsx';

interface NamesPage extends ListPage {
  data: string[];
}

/** What the harness's "server" answers for a page and a size (or throws). */
type Answer = (page: number, pageSize: number) => NamesPage;

const pageOf = (data: string[], pageCount = 1): NamesPage => ({ data, meta: { pagination: { pageCount } } });

function Harness({ answer, toastId, empty }: { answer: Answer; toastId?: string; empty?: React.ReactNode }) {
  const paging = usePaging();
  const query = useQuery({
    queryKey: ['names', paging.page, paging.pageSize],
    queryFn: () => Promise.resolve().then(() => answer(paging.page, paging.pageSize)),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedListPage
      titleId="names-title"
      title="Names"
      headerExtras={<a href="/add">Add name</a>}
      perPageLabel="Names per page"
      paging={paging}
      query={query}
      toastId={toastId}
      loadFailed="The names could not be loaded."
      retry="Try again"
      empty={empty ?? 'No names yet.'}
      pagesLabel="Name pages"
    >
      {({ data }) => (
        <ul>
          {data.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedListPage>
  );
}

const renderHarness = (props: Parameters<typeof Harness>[0]) =>
  renderRoutes([{ path: '/', element: <Harness {...props} /> }]);
const pageButton = (n: number) => screen.getByRole('button', { name: `${MESSAGES.pagination.page} ${n}` });

describe('PagedListPage', () => {
  it('titles the list, shows a spinner, then the rows and the pages; a new size goes back to page 1', async () => {
    const asked: string[] = [];
    renderHarness({
      answer: (page, size) => {
        asked.push(`${page}/${size}`);
        return pageOf([`name ${page}.${size}`], 3);
      },
    });
    expect(screen.getByRole('region', { name: 'Names' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add name' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('name 1.10')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.click(pageButton(2));
    expect(await screen.findByText('name 2.10')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Names per page'), { target: { value: '30' } });
    expect(await screen.findByText('name 1.30')).toBeTruthy();
    expect(asked).toEqual(['1/10', '2/10', '1/30']);
    expect(screen.getByRole('navigation', { name: 'Name pages' })).toBeTruthy();
  });

  it("on a failed load warns with Try again and toasts 'Network response was not ok' once", async () => {
    let fail = true;
    let asked = 0;
    renderHarness({
      toastId: 'names-failed',
      answer: () => {
        asked += 1;
        if (fail) throw new Error('boom');
        return pageOf(['Ada']);
      },
    });
    expect(await screen.findByText('The names could not be loaded.')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.toast.networkError)).toBeTruthy();
    // Failing again while the toast is shown adds none.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.toast.networkError)).toHaveLength(1);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada')).toBeTruthy();
    expect(screen.queryByText('The names could not be loaded.')).toBeNull();
  });

  it('toasts nothing without a toast id', async () => {
    renderHarness({
      answer: () => {
        throw new Error('boom');
      },
    });
    expect(await screen.findByText('The names could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.toast.networkError)).toBeNull();
  });

  it('says a text when the list is empty, or shows the page’s own empty state; no pages', async () => {
    const first = renderHarness({ answer: () => pageOf([], 0) });
    const text = await screen.findByText('No names yet.');
    expect(text.className).toContain('text-body-secondary');
    expect(screen.queryByRole('navigation')).toBeNull();
    first.unmount();

    renderHarness({ answer: () => pageOf([], 0), empty: <a href="/shop">Find names</a> });
    expect(await screen.findByRole('link', { name: 'Find names' })).toBeTruthy();
  });

  it('goes to the last page when its page is past the end (rows gone meanwhile)', async () => {
    let pageCount = 3;
    const { queryClient } = renderHarness({
      answer: (page) => (page > pageCount ? pageOf([], pageCount) : pageOf([`name ${page}`], pageCount)),
    });
    await screen.findByText('name 1');
    fireEvent.click(pageButton(3));
    expect(await screen.findByText('name 3')).toBeTruthy();

    pageCount = 2;
    void queryClient.invalidateQueries();
    expect(await screen.findByText('name 2')).toBeTruthy();
    const current = screen.getByRole('navigation', { name: 'Name pages' }).querySelector('[aria-current]');
    expect(current?.textContent).toBe(`${MESSAGES.pagination.page} 2`);
    expect(screen.queryByText('No names yet.')).toBeNull();
  });
});
