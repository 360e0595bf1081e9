import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse } from '../../test/api.ts';
import { buildProduct, callsTo, HOBBYIST, productPage, renderShop, shopApi } from './testShop.tsx';

const W = MESSAGES.wishlist;
const S = MESSAGES.shop;

describe('WishlistPage', () => {
  it("says 'Your wishlist is empty.' with a link to the shop", async () => {
    const calls = shopApi(
      (call) => (call.path === '/wishlist' ? productPage([], 1, 0, 0) : undefined),
      HOBBYIST,
    );
    renderShop('/wishlist', HOBBYIST);
    expect(await screen.findByText(W.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: W.browse }).getAttribute('href')).toBe('/products');
    expect(callsTo(calls, 'GET', '/wishlist')[0]!.authorization).toBe('Bearer jwt');
  });

  it('lists the saved products with picture, name, price and a link; removes one', async () => {
    let saved = [buildProduct(5, { price: 7.5 }), buildProduct(3, { picture: { data: null } })];
    const calls = shopApi((call) => {
      if (call.path === '/wishlist' && call.method === 'GET') return productPage(saved, 1, 2, 12);
      if (call.path === '/wishlist/5' && call.method === 'DELETE') {
        saved = saved.filter((p) => p.id !== 5);
        return jsonResponse({ data: { product: 5, saved: false } });
      }
      return undefined;
    }, HOBBYIST);
    renderShop('/wishlist', HOBBYIST);

    const five = await screen.findByRole('article', { name: 'Massage Oil 5' });
    expect(within(five).getByText('$7.50')).toBeTruthy();
    expect(within(five).getByRole('link', { name: 'Massage Oil 5' }).getAttribute('href')).toBe(
      '/productdetails/5',
    );
    const three = screen.getByRole('article', { name: 'Massage Oil 3' });
    expect(within(three).getByRole('img', { hidden: true, name: S.placeholderAlt })).toBeTruthy();
    const first = callsTo(calls, 'GET', '/wishlist')[0]!.search;
    expect(first.get('pagination[page]')).toBe('1');
    expect(first.get('pagination[pageSize]')).toBe('10');

    fireEvent.click(within(five).getByRole('button', { name: W.remove }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Massage Oil 5' })).toBeNull());
    expect(callsTo(calls, 'DELETE', '/wishlist/5')).toHaveLength(1);

    // Pages and page size.
    fireEvent.click(
      within(screen.getByRole('navigation', { name: W.pages })).getByRole('button', {
        name: `${MESSAGES.pagination.page} 2`,
      }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/wishlist').at(-1)!.search.get('pagination[page]')).toBe('2'),
    );
    fireEvent.change(screen.getByLabelText(W.perPage), { target: { value: '20' } });
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/wishlist').at(-1)!.search;
      expect([last.get('pagination[page]'), last.get('pagination[pageSize]')]).toEqual(['1', '20']);
    });
  });

  it('offers a retry when the wishlist cannot be loaded', async () => {
    let fail = true;
    shopApi((call) => {
      if (call.path !== '/wishlist') return undefined;
      return fail ? errorResponse(500, 'boom') : productPage([buildProduct(5)]);
    }, HOBBYIST);
    renderShop('/wishlist', HOBBYIST);
    expect(await screen.findByText(W.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: W.retry }));
    expect(await screen.findByRole('article', { name: 'Massage Oil 5' })).toBeTruthy();
  });
});
