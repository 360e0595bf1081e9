import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import MyProductsPage from './MyProductsPage.tsx';
import { answerVendorLookups, buildProduct, pageOf, renderVendorPage, VENDOR_USER } from './testProducts.tsx';

const M = MESSAGES.myProducts;
const F = MESSAGES.productForm;

function myProductsApi(
  answerList: (call: ApiCall) => Response = () => pageOf([]),
  answerDelete: (call: ApiCall) => Response = (call) =>
    jsonResponse({ data: buildProduct(Number(call.path.split('/')[2])) }),
) {
  return mockApi((call) => {
    if (call.path === '/products' && call.method === 'GET') return answerList(call);
    if (call.path.startsWith('/products/') && call.method === 'DELETE') return answerDelete(call);
    return answerVendorLookups(call);
  });
}

const renderMyProducts = () =>
  renderVendorPage('/products/view', [{ path: '/products/view', element: <MyProductsPage /> }]);
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/products' && call.method === 'GET');

describe('MyProductsPage', { timeout: 20_000 }, () => {
  it("shows the vendor's products in the table #, image, Name, Description, Price with $, Action", async () => {
    const calls = myProductsApi(() =>
      pageOf([
        buildProduct(8, { name: 'Massage Oil — Lavender', description: 'Calming', price: 1234.5 }),
        buildProduct(7, { name: 'Candle', description: 'Warm light', price: 9, picture: { data: null } }),
      ]),
    );
    renderMyProducts();
    await screen.findByRole('rowheader', { name: 'Massage Oil — Lavender' });

    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'image',
      'Name',
      'Description',
      'Price',
      'Action',
    ]);
    const lavender = within(row('Massage Oil — Lavender'));
    expect(lavender.getAllByRole('cell').map((td) => td.textContent)).toEqual([
      '1',
      '',
      'Calming',
      '$1,234.50',
      `${M.edit}${M.delete}`,
    ]);
    expect(lavender.getByRole('img').getAttribute('src')).toBe('/uploads/thumbnail_oil8.jpg');
    expect(
      lavender.getByRole('link', { name: `${M.edit} Massage Oil — Lavender` }).getAttribute('href'),
    ).toBe('/products/edit/8');
    // The number never wraps ("10" stays on one line).
    expect(lavender.getAllByRole('cell')[0]?.className).toContain('my-products__number');
    const candle = within(row('Candle'));
    expect(candle.getAllByRole('cell')[0]?.textContent).toBe('2');
    expect(candle.getByText('$9.00')).toBeTruthy();
    expect(candle.getByRole('img', { name: MESSAGES.shop.placeholderAlt })).toBeTruthy();
    expect(screen.getByRole('link', { name: M.newProduct }).getAttribute('href')).toBe('/products/add');

    const list = listCalls(calls)[0];
    expect(list?.search.get('filters[user][id][$eq]')).toBe(String(VENDOR_USER.id));
    expect(list?.search.get('populate')).toBe('*');
    expect(list?.search.get('sort')).toBe('id:desc');
    expect(list?.search.get('pagination[page]')).toBe('1');
    expect(list?.search.get('pagination[pageSize]')).toBe('10');
  });

  it("asks 'Delete this Product?': Close keeps it, Delete deletes it and says so", async () => {
    const calls = myProductsApi(() => pageOf([buildProduct(7, { name: 'Candle' })]));
    renderMyProducts();
    await screen.findByRole('rowheader', { name: 'Candle' });

    fireEvent.click(within(row('Candle')).getByRole('button', { name: `${M.delete} Candle` }));
    let dialog = await screen.findByRole('dialog', { name: M.deleteTitle });
    expect(M.deleteTitle).toBe('Confirm deletion');
    expect(within(dialog).getByText('Delete this Product?')).toBeTruthy();
    const close = within(dialog)
      .getAllByRole('button', { name: M.close })
      .find((b) => b.textContent === M.close);
    fireEvent.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row('Candle')).getByRole('button', { name: `${M.delete} Candle` }));
    dialog = await screen.findByRole('dialog', { name: M.deleteTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.delete }));
    expect(await screen.findByText('Your Product are successfully deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/products/7',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
  });

  it("says 'Network response was not ok' when the delete fails and keeps the dialog open", async () => {
    myProductsApi(
      () => pageOf([buildProduct(7, { name: 'Candle' })]),
      () => errorResponse(500, 'Internal Server Error'),
    );
    renderMyProducts();
    await screen.findByRole('rowheader', { name: 'Candle' });
    fireEvent.click(within(row('Candle')).getByRole('button', { name: `${M.delete} Candle` }));
    const dialog = await screen.findByRole('dialog', { name: M.deleteTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.delete }));
    expect(await screen.findByText('Network response was not ok')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: M.deleteTitle })).toBeTruthy();
    expect(screen.queryByText(F.deleted)).toBeNull();
  });

  it('changes the page size (10 to 40) in the query and numbers rows across pages', async () => {
    const calls = myProductsApi((call) => {
      const pageNo = Number(call.search.get('pagination[page]'));
      return pageOf([buildProduct(100 - pageNo, { name: `Product on page ${pageNo}` })], pageNo, 3, 25);
    });
    renderMyProducts();
    await screen.findByRole('rowheader', { name: 'Product on page 1' });
    expect(
      within(screen.getByLabelText(M.perPage))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40']);

    fireEvent.click(
      within(screen.getByRole('navigation', { name: M.pages })).getByRole('button', {
        name: MESSAGES.pagination.next,
      }),
    );
    await screen.findByRole('rowheader', { name: 'Product on page 2' });
    expect(within(row('Product on page 2')).getAllByRole('cell')[0]?.textContent).toBe('11');

    fireEvent.change(screen.getByLabelText(M.perPage), { target: { value: '30' } });
    await screen.findByRole('rowheader', { name: 'Product on page 1' });
    const last = listCalls(calls).at(-1);
    expect(last?.search.get('pagination[pageSize]')).toBe('30');
    expect(last?.search.get('pagination[page]')).toBe('1');
  });

  it("says 'Network response was not ok' when the list fails, shows the error and retries", async () => {
    let fail = true;
    const calls = myProductsApi(() =>
      fail ? errorResponse(500, 'Internal Server Error') : pageOf([buildProduct(5, { name: 'Soap' })]),
    );
    renderMyProducts();
    expect(await screen.findByText('Network response was not ok')).toBeTruthy();
    expect(screen.getByText(M.loadFailed)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: M.retry }));
    expect(await screen.findByRole('rowheader', { name: 'Soap' })).toBeTruthy();
    expect(listCalls(calls).length).toBe(2);
  });

  it('says when the vendor has no products yet', async () => {
    myProductsApi();
    renderMyProducts();
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
