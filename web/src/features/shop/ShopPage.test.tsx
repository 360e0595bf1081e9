import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import {
  buildProduct,
  callsTo,
  HOBBYIST,
  PROVIDER_USER,
  productPage,
  renderShop,
  shopApi,
  storeCart,
  storedCart,
  cartItem,
  VENDOR_USER,
} from './testShop.tsx';

const S = MESSAGES.shop;
const W = MESSAGES.wishlist;

const VENDORS = [
  { id: 43, username: 'vera', products: 2 },
  { id: 44, username: 'walt', products: 1 },
];

function answerShop(products = [buildProduct(2), buildProduct(1, { picture: { data: null } })]) {
  return (call: ApiCall) => {
    if (call.path === '/products' && call.method === 'GET') return productPage(products, 1, 3, 25);
    if (call.path === '/products/vendors') return jsonResponse({ data: VENDORS });
    return undefined;
  };
}

const lastList = (calls: ApiCall[]) => callsTo(calls, 'GET', '/products').at(-1)!.search;

describe('ShopPage: the grid', () => {
  it('shows the count, each product with its price in dollars, SIZE, Add to Cart and a placeholder', async () => {
    const calls = shopApi(
      answerShop([buildProduct(2, { price: 1234.5 }), buildProduct(1, { picture: { data: null } })]),
    );
    renderShop('/products');
    expect(screen.getByRole('heading', { level: 1, name: S.title })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect(screen.getByTestId('shop-count').textContent).toBe(`25${S.productsCount}`);

    expect(within(card).getByText('$1,234.50')).toBeTruthy();
    expect(within(card).getByText(S.size)).toBeTruthy();
    expect(within(card).getByRole('img', { hidden: true }).getAttribute('src')).toBe('/uploads/oil2.jpg');
    expect(within(card).getByRole('button', { name: S.addToCart })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Massage Oil 2' }).getAttribute('href')).toBe(
      '/productdetails/2',
    );

    const bare = screen.getByRole('article', { name: 'Massage Oil 1' });
    expect(within(bare).getByText('$11.00')).toBeTruthy();
    const placeholder = within(bare).getByRole('img', { hidden: true, name: S.placeholderAlt });
    expect(placeholder.getAttribute('data-placeholder')).toBe('true');
    expect(placeholder.getAttribute('src')).not.toMatch(/^https?:/);

    // The first picture (the page's largest paint on a phone) loads at once, ahead of the others.
    const first = within(card).getByRole('img', { hidden: true });
    expect(first.getAttribute('loading')).toBeNull();
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(placeholder.getAttribute('loading')).toBe('lazy');
    expect(placeholder.getAttribute('fetchpriority')).toBeNull();

    // Newest first, the picture and vendor populated, ten a page; pages are links.
    const list = lastList(calls);
    expect(list.get('sort')).toBe('id:desc');
    expect(list.get('populate')).toBe('*');
    expect(list.get('pagination[page]')).toBe('1');
    expect(list.get('pagination[pageSize]')).toBe('10');
    const pages = screen.getByRole('navigation', { name: S.pages });
    expect(within(pages).getByRole('link', { name: MESSAGES.pagination.next }).getAttribute('href')).toBe(
      '/products?page=2',
    );
  });

  it('shows the empty state when nothing matches, and when the list fails (spec 000 §8: silent)', async () => {
    shopApi((call) => (call.path === '/products' ? productPage([], 1, 0, 0) : undefined));
    const first = renderShop('/products');
    expect(await screen.findByText(S.empty)).toBeTruthy();
    first.unmount();

    shopApi((call) => (call.path === '/products' ? errorResponse(500, 'boom') : undefined));
    renderShop('/productsList');
    expect(await screen.findByText(S.empty)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows two products a row on a phone, three from md, four from lg', async () => {
    shopApi(answerShop());
    renderShop('/products');
    await screen.findByRole('article', { name: 'Massage Oil 2' });
    const grid = screen.getAllByRole('list').find((list) => list.classList.contains('shop-grid'))!;
    expect([...grid.classList]).toEqual(
      expect.arrayContaining(['row-cols-2', 'row-cols-md-3', 'row-cols-lg-4']),
    );
    expect(grid.className).not.toMatch(/row-cols-1\b/);
  });

  it('gives vendors and providers no cart control and no heart, and says why once', async () => {
    for (const user of [VENDOR_USER, PROVIDER_USER]) {
      const calls = shopApi(answerShop(), user);
      const view = renderShop('/products', user);
      const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
      expect(within(card).queryByRole('button', { name: S.addToCart })).toBeNull();
      expect(within(card).queryByRole('link', { name: S.addToCart })).toBeNull();
      expect(within(card).queryByRole('button', { name: S.plus })).toBeNull();
      expect(within(card).queryByRole('button', { name: S.minus })).toBeNull();
      expect(within(card).queryByRole('button', { name: W.add })).toBeNull();
      expect(screen.getAllByText(MESSAGES.shopErrors.cartHobbyistsOnly)).toHaveLength(1);
      expect(callsTo(calls, 'GET', '/wishlist/ids')).toHaveLength(0);
      view.unmount();
      window.localStorage.clear();
    }
  });

  it('says nothing of the kind to a hobbyist or a visitor', async () => {
    shopApi(answerShop(), HOBBYIST);
    renderShop('/products', HOBBYIST);
    await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect(screen.queryByText(MESSAGES.shopErrors.cartHobbyistsOnly)).toBeNull();
  });
});

describe('ShopPage: the cart control (one meaning: the quantity in the cart)', () => {
  const stepper = (card: HTMLElement) => within(card).queryByRole('group', { name: 'Massage Oil 2' });
  const count = (card: HTMLElement) =>
    within(card).getByRole('status', { name: `${S.inCart} Massage Oil 2` }).textContent;

  it('Add to Cart puts one in the cart and becomes minus, the quantity and plus; minus at 1 brings it back', async () => {
    shopApi(answerShop(), HOBBYIST);
    renderShop('/products', HOBBYIST);
    const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect(stepper(card)).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: S.addToCart }));
    expect(storedCart()).toEqual([
      {
        id: 2,
        attributes: {
          price: 12,
          quantiy: 1,
          product: { name: 'Massage Oil 2', picture: '/uploads/thumbnail_oil2.jpg' },
        },
      },
    ]);
    expect(within(card).queryByRole('button', { name: S.addToCart })).toBeNull();
    expect(count(card)).toBe('1');
    // Focus follows to plus, so a keyboard user's next press adds one more.
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: S.plus }));

    fireEvent.click(within(card).getByRole('button', { name: S.plus }));
    expect(storedCart()[0]!.attributes.quantiy).toBe(2);
    expect(count(card)).toBe('2');

    fireEvent.click(within(card).getByRole('button', { name: S.minus }));
    expect(storedCart()[0]!.attributes.quantiy).toBe(1);
    fireEvent.click(within(card).getByRole('button', { name: S.minus }));
    expect(storedCart()).toEqual([]);
    expect(stepper(card)).toBeNull();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: S.addToCart }));
    // The other card was never touched.
    const other = screen.getByRole('article', { name: 'Massage Oil 1' });
    expect(within(other).getByRole('button', { name: S.addToCart })).toBeTruthy();
  });

  it('shows what the cart already holds as the stepper, and plus stops at 99', async () => {
    storeCart([cartItem(2, 12, 3), cartItem(1, 11, 99)]);
    shopApi(answerShop(), HOBBYIST);
    renderShop('/products', HOBBYIST);
    const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect(count(card)).toBe('3');
    expect(within(card).queryByRole('button', { name: S.addToCart })).toBeNull();
    const full = screen.getByRole('article', { name: 'Massage Oil 1' });
    expect(within(full).getByRole('button', { name: S.plus }).hasAttribute('disabled')).toBe(true);
  });

  it('asks a visitor to log in on Add to Cart, remembering the page', async () => {
    shopApi(answerShop());
    const { router } = renderShop('/products?q=oil');
    const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
    fireEvent.click(within(card).getByRole('button', { name: S.addToCart }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/products?q=oil' });
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    expect(storedCart()).toEqual([]);
  });
});

describe('ShopPage: the heart', () => {
  it('sends a visitor to /login with "Need to login"', async () => {
    const calls = shopApi(answerShop());
    const { router } = renderShop('/products?page=2');
    const card = await screen.findByRole('article', { name: 'Massage Oil 2' });
    fireEvent.click(within(card).getByRole('button', { name: W.add }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/products?page=2' });
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/wishlist')).toHaveLength(0);
    expect(callsTo(calls, 'GET', '/wishlist/ids')).toHaveLength(0);
  });

  it('fills from the saved ids and toggles with POST and DELETE /api/wishlist', async () => {
    let saved = [1];
    const calls = shopApi((call) => {
      if (call.path === '/wishlist/ids') return jsonResponse({ data: saved });
      if (call.path === '/wishlist' && call.method === 'POST') {
        const product = (call.body as { data: { product: number } }).data.product;
        saved = [...saved, product];
        return jsonResponse({ data: { product, saved: true } });
      }
      if (call.path.startsWith('/wishlist/') && call.method === 'DELETE') {
        const product = Number(call.path.split('/')[2]);
        saved = saved.filter((id) => id !== product);
        return jsonResponse({ data: { product, saved: false } });
      }
      return answerShop()(call);
    }, HOBBYIST);
    renderShop('/products', HOBBYIST);

    const one = await screen.findByRole('article', { name: 'Massage Oil 1' });
    const savedHeart = await within(one).findByRole('button', { name: W.remove });
    expect(savedHeart.getAttribute('aria-pressed')).toBe('true');
    expect(savedHeart.querySelector('.bi-heart-fill')).not.toBeNull();

    const two = screen.getByRole('article', { name: 'Massage Oil 2' });
    const heart = within(two).getByRole('button', { name: W.add });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    const filled = await within(two).findByRole('button', { name: W.remove });
    expect(filled.getAttribute('aria-pressed')).toBe('true');
    expect(callsTo(calls, 'POST', '/wishlist')[0]!.body).toEqual({ data: { product: 2 } });
    expect(callsTo(calls, 'POST', '/wishlist')[0]!.authorization).toBe('Bearer jwt');

    await waitFor(() => expect(filled.hasAttribute('disabled')).toBe(false));
    fireEvent.click(filled);
    expect(await within(two).findByRole('button', { name: W.add })).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/wishlist/2')).toHaveLength(1);
  });

  it('goes back to empty when the server refuses', async () => {
    shopApi((call) => {
      if (call.path === '/wishlist/ids') return jsonResponse({ data: [] });
      if (call.path === '/wishlist' && call.method === 'POST') return errorResponse(404, 'Product not found');
      return answerShop()(call);
    }, HOBBYIST);
    renderShop('/products', HOBBYIST);
    const two = await screen.findByRole('article', { name: 'Massage Oil 2' });
    fireEvent.click(within(two).getByRole('button', { name: W.add }));
    await waitFor(() =>
      expect(within(two).getByRole('button', { name: W.add }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(two).getByRole('button', { name: W.add }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('ShopPage: search, vendor and page size', () => {
  it('puts the search and the vendor in the URL and in the query, back to page 1', async () => {
    const calls = shopApi(answerShop());
    const { router } = renderShop('/products?page=3');
    await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect(lastList(calls).get('pagination[page]')).toBe('3');

    fireEvent.change(screen.getByLabelText(S.search), { target: { value: '  lavender ' } });
    fireEvent.click(screen.getByRole('button', { name: S.searchButton }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lavender'));
    await waitFor(() => expect(lastList(calls).get('filters[$or][0][name][$containsi]')).toBe('lavender'));
    expect(lastList(calls).get('filters[$or][1][description][$containsi]')).toBe('lavender');
    expect(lastList(calls).get('pagination[page]')).toBe('1');

    const vendor = screen.getByLabelText(S.vendor);
    expect(within(vendor).getByRole('option', { name: S.allVendors })).toBeTruthy();
    await within(vendor).findByRole('option', { name: 'walt' });
    fireEvent.change(vendor, { target: { value: '44' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=lavender&vendor=44'));
    await waitFor(() => expect(lastList(calls).get('filters[user][id][$eq]')).toBe('44'));
    expect(lastList(calls).get('filters[$or][0][name][$containsi]')).toBe('lavender');

    fireEvent.change(screen.getByLabelText(S.perPage), { target: { value: '30' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=lavender&vendor=44&pageSize=30'));
    await waitFor(() => expect(lastList(calls).get('pagination[pageSize]')).toBe('30'));

    // Back to all vendors drops the filter.
    fireEvent.change(screen.getByLabelText(S.vendor), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=lavender&pageSize=30'));
    await waitFor(() => expect(lastList(calls).get('filters[user][id][$eq]')).toBeNull());
  });

  it('reads the state from the URL and ignores odd values', async () => {
    const calls = shopApi(answerShop());
    renderShop('/products?q=rose&vendor=43&page=2&pageSize=40');
    await screen.findByRole('article', { name: 'Massage Oil 2' });
    expect((screen.getByLabelText(S.search) as HTMLInputElement).value).toBe('rose');
    const list = lastList(calls);
    expect(list.get('filters[user][id][$eq]')).toBe('43');
    expect(list.get('pagination[page]')).toBe('2');
    expect(list.get('pagination[pageSize]')).toBe('40');
    await waitFor(() => expect((screen.getByLabelText(S.vendor) as HTMLSelectElement).value).toBe('43'));
  });

  it('goes from a page past the end to the last page (the URL replaced), or to page 1 when nothing matches', async () => {
    const calls = shopApi((call) => {
      if (call.path !== '/products' || call.method !== 'GET') return undefined;
      const page = Number(call.search.get('pagination[page]'));
      if (call.search.get('filters[$or][0][name][$containsi]')) return productPage([], page, 0, 0);
      return page > 3 ? productPage([], page, 3, 25) : productPage([buildProduct(page)], page, 3, 25);
    });
    const { router } = renderShop('/products?page=99');
    expect(await screen.findByRole('article', { name: 'Massage Oil 3' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText(S.empty)).toBeNull();
    expect(callsTo(calls, 'GET', '/products').map((call) => call.search.get('pagination[page]'))).toEqual([
      '99',
      '3',
    ]);

    await router.navigate('/products?q=nothing&page=4');
    expect(await screen.findByText(S.empty)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=nothing');
  });

  it('falls back to the defaults for a bad page, page size or vendor', async () => {
    const calls = shopApi(answerShop());
    renderShop('/products?vendor=abc&page=-1&pageSize=7');
    await screen.findByRole('article', { name: 'Massage Oil 2' });
    const list = lastList(calls);
    expect(list.get('filters[user][id][$eq]')).toBeNull();
    expect(list.get('pagination[page]')).toBe('1');
    expect(list.get('pagination[pageSize]')).toBe('10');
  });
});
