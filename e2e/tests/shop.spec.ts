import type { APIRequestContext, Page } from '@playwright/test';
import { fillTemplate, MESSAGES } from '@app/domain';
import { DISCLAIMER_ACCEPTED, DISCLAIMER_KEY, expect, test } from './fixtures.ts';
import { createAccount, signInAs, signInThroughApi, uniqueId, type TestAccount } from './support/accounts.ts';
import { ADMIN, apiAs, uploadImages } from './support/business.ts';
import { pngFile } from './support/png.ts';

/**
 * The online store: a vendor adds a product with a picture; a hobbyist puts two
 * products in the cart, changes quantities, checks out with the server's totals, sees the order in My
 * Orders and cancels another; the admin marks the first paid; the vendor sees the sale with the shipping
 * details and marks it shipped; the buyer reads 'Shipped'. The heart survives a reload.
 */

const S = MESSAGES.shop;
const D = MESSAGES.productDetails;
const C = MESSAGES.cart;
const K = MESSAGES.checkout;
const O = MESSAGES.orders;
const SA = MESSAGES.sales;
const F = MESSAGES.productForm;
const ST = MESSAGES.orderStatus;

const BILLING = {
  first_name: 'Robin',
  last_name: 'Lane',
  email_address: 'robin.lane@example.test',
  phone: '4085550123',
  country: 'United States',
  address: '1 Placeholder Street',
  town: 'San Jose',
  postcode: '95112',
};

/** Adds a product over the API as the vendor, with an uploaded picture; answers its id. */
async function addProduct(
  request: APIRequestContext,
  vendor: TestAccount,
  name: string,
  price: number,
): Promise<number> {
  const [picture] = await uploadImages(request, vendor, 1);
  const body = await apiAs(request, vendor, 'POST', '/api/products', {
    data: { name, description: 'A tame placeholder product.', price: String(price), picture },
  });
  return body.data.id;
}

/** The shop's card of a product. */
const card = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('[SHOP][JOURNEY]', () => {
  test('[SHOP][JOURNEY] a vendor lists a product, a hobbyist buys two and cancels another order, the admin verifies the payment, the vendor ships, the buyer reads Shipped', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const tag = uniqueId();
    const vendor = await createAccount(request, 'Vender');
    const buyer = await createAccount(request, 'Hobbyist');
    const first = `Candle ${tag}`;
    const second = `Lotion ${tag}`;
    const third = `Bath Salts ${tag}`;

    // The vendor adds a product with a picture through Add New Product.
    await signInAs(page, vendor);
    await page.goto('/products/add');
    const form = page.getByRole('form', { name: F.addTitle });
    await form.getByRole('button', { name: F.submit }).click();
    await expect(form.getByText(F.pictureRequired)).toBeVisible();
    const picture = pngFile('candle.png', 64, [210, 150, 90]);
    await form.getByLabel(F.image, { exact: true }).setInputFiles({
      name: picture.name,
      mimeType: picture.mimeType,
      buffer: picture.buffer,
    });
    await form.getByLabel(F.name).fill(first);
    await form.getByLabel(F.description).fill('A soy candle in a tin.');
    await form.getByLabel(F.price).fill('12.505');
    await form.getByRole('button', { name: F.submit }).click();
    await expect(form.getByText(F.priceInvalid)).toBeVisible();
    await form.getByLabel(F.price).fill('12');
    await form.getByRole('button', { name: F.submit }).click();
    await expect(page.getByText(F.added)).toBeVisible();
    await expect(page).toHaveURL(/\/products\/view$/);
    const listed = page.getByRole('row').filter({ hasText: first });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('$12.00');
    await addProduct(request, vendor, second, 7);
    const thirdId = await addProduct(request, vendor, third, 20);

    // The hobbyist finds them in the shop, adds the first from its details page and the second from the grid.
    const buyerContext = await browser.newContext();
    const shopper = await buyerContext.newPage();
    await shopper.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      DISCLAIMER_KEY,
      DISCLAIMER_ACCEPTED,
    ] as const);
    await signInAs(shopper, buyer);
    await shopper.goto('/');
    await shopper.getByRole('link', { name: MESSAGES.nav.onlineStore }).first().click();
    await expect(shopper).toHaveURL(/\/products/);
    await shopper.getByLabel(S.search).fill(tag);
    await shopper.getByRole('button', { name: S.searchButton }).click();
    await expect(shopper).toHaveURL(new RegExp(`q=${tag}`));
    await expect(card(shopper, first)).toBeVisible();
    await expect(card(shopper, first).getByText('$12.00')).toBeVisible();
    await expect(card(shopper, first).getByText(S.size)).toBeVisible();
    await expect(shopper.getByRole('article')).toHaveCount(3);

    await card(shopper, first).getByRole('link', { name: first }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await shopper.getByRole('button', { name: S.plus }).click();
    await shopper.getByRole('button', { name: D.addToCart }).click();
    await expect(shopper.getByText(D.added)).toBeVisible();
    await shopper.goBack();
    await card(shopper, second).getByRole('button', { name: S.addToCart }).click();
    await expect(shopper.getByTestId('cart-count')).toContainText('2');

    // The heart saves a product to the wishlist, and is still filled after a reload.
    const heart = card(shopper, third).getByRole('button', { name: MESSAGES.wishlist.add });
    await heart.click();
    await expect(
      card(shopper, third).getByRole('button', { name: MESSAGES.wishlist.remove }),
    ).toHaveAttribute('aria-pressed', 'true');
    await shopper.reload();
    await expect(
      card(shopper, third).getByRole('button', { name: MESSAGES.wishlist.remove }),
    ).toHaveAttribute('aria-pressed', 'true');

    // The cart: two items (not three units), quantities changed, the total from the prices.
    await shopper
      .getByRole('link', { name: new RegExp(MESSAGES.nav.cart) })
      .first()
      .click();
    await expect(shopper).toHaveURL(/\/Cart$/);
    await expect(shopper.getByTestId('cart-total')).toHaveText('$31.00'); // 2 × $12 + 1 × $7
    await shopper.getByRole('group', { name: second }).getByRole('button', { name: S.plus }).click();
    await shopper.getByRole('group', { name: first }).getByRole('button', { name: S.minus }).click();
    await expect(shopper.getByTestId('cart-total')).toHaveText('$26.00'); // 1 × $12 + 2 × $7
    await shopper
      .getByRole('link', { name: C.proceed })
      .or(shopper.getByRole('button', { name: C.proceed }))
      .click();

    // Checkout: the billing form's messages, the server's summary, the payment, the order.
    await expect(shopper).toHaveURL(/\/Checkout$/);
    const checkout = shopper.getByRole('form', { name: K.title });
    // Subtotal $26.00; the seeded costs: fee $2.50, tax 8 % ($2.08); shipping free.
    await expect(checkout.getByTestId('summary-total')).toHaveText('$30.58');
    await expect(checkout.getByText(K.free)).toBeVisible();
    await checkout.getByLabel(K.phone).fill('12ab');
    await checkout.getByRole('button', { name: K.placeOrder }).click();
    await expect(checkout.getByText(K.phoneInvalid)).toBeVisible();
    await expect(checkout.getByText(K.transactionIdRequired)).toBeVisible();
    await checkout.getByLabel(K.firstName).fill(BILLING.first_name);
    await checkout.getByLabel(K.lastName).fill(BILLING.last_name);
    await checkout.getByLabel(K.email).fill(BILLING.email_address);
    await checkout.getByLabel(K.phone).fill(BILLING.phone);
    await checkout.getByLabel(K.country).fill(BILLING.country);
    await checkout.getByLabel(K.address, { exact: true }).fill(BILLING.address);
    await checkout.getByLabel(K.town).fill(BILLING.town);
    await checkout.getByLabel(K.postcode).fill(BILLING.postcode);
    await checkout.getByLabel(K.transactionId).fill(`E2E-SHOP-${tag}`);
    await checkout.getByRole('button', { name: K.placeOrder }).click();
    await expect(shopper.getByText(K.placed)).toBeVisible();
    await expect(shopper).toHaveURL(/\/orders\/view$/);
    await expect(shopper.getByTestId('cart-count')).toContainText('0');

    const orders = await apiAs<{ data: { id: number; attributes: { amount: number; status: string } }[] }>(
      request,
      buyer,
      'GET',
      '/api/orders?sort=id:desc',
    );
    const placed = orders.data[0]!;
    expect(placed.attributes).toMatchObject({ amount: 30.58, status: ST.awaitingPayment });

    // A second order (over the API) is cancelled from My Orders; the first stays open.
    const other = await apiAs(request, buyer, 'POST', '/api/orders/checkout', {
      data: {
        items: [{ product: thirdId, quantity: 1 }],
        billing: BILLING,
        transaction_id: `E2E-SHOP2-${tag}`,
      },
    });
    await shopper.reload();
    const otherRow = shopper.getByRole('row').filter({ hasText: `#${other.data.id}` });
    await otherRow.getByRole('button', { name: O.cancel }).click();
    const dialog = shopper.getByRole('dialog');
    await expect(dialog).toContainText(O.cancelPrompt);
    await dialog.getByRole('button', { name: O.confirmCancel }).click();
    await expect(shopper.getByText(O.cancelled)).toBeVisible();
    await expect(otherRow).toContainText(ST.cancelled);
    await expect(otherRow.getByRole('button', { name: O.cancel })).toHaveCount(0);
    const placedRows = shopper.getByRole('row').filter({ hasText: `#${placed.id}` });
    await expect(placedRows).toHaveCount(2);
    await expect(placedRows.first()).toContainText(ST.awaitingPayment);

    // The vendor sees the unpaid sale without the address.
    await page.goto('/sales/view');
    const saleRows = page.getByTestId('sale-row').filter({ hasText: `#${placed.id}` });
    await expect(saleRows).toHaveCount(2);
    await expect(saleRows.first()).toContainText(SA.notPaidYet);
    await expect(page.getByText(BILLING.address)).toHaveCount(0);

    // The admin checks the transaction and marks the order paid in the console.
    await apiAs(request, ADMIN, 'PUT', `/api/orders/${placed.id}`, { data: { payment_status: 'verified' } });

    // Now the vendor sees where to ship, and ships both lines.
    await page.reload();
    await expect(saleRows.first()).toContainText(BILLING.address);
    await expect(saleRows.first()).toContainText(`${BILLING.first_name} ${BILLING.last_name}`);
    for (let i = 0; i < 2; i++) {
      await saleRows.getByRole('button', { name: SA.markShipped }).first().click();
      await expect(saleRows.getByRole('button', { name: SA.markShipped })).toHaveCount(1 - i);
    }
    await expect(saleRows.first()).toContainText(ST.shipped);

    // The buyer reads 'Shipped'.
    await shopper.reload();
    await expect(placedRows.first()).toContainText(ST.shipped);
    await expect(placedRows.first().getByRole('button', { name: O.markDelivered })).toBeVisible();

    // The wishlist lists the saved product.
    await shopper.goto('/wishlist');
    await expect(shopper.getByText(third)).toBeVisible();
    await buyerContext.close();
  });

  test('[SHOP][JOURNEY] signed out, the cart and the heart ask to log in and come back; a missing product is Not Found', async ({
    page,
    request,
  }) => {
    test.slow(); // two accounts, a product, four pages and a sign-in
    const vendor = await createAccount(request, 'Vender');
    const buyer = await createAccount(request, 'Hobbyist');
    const name = `Blindfold ${uniqueId()}`;
    const id = await addProduct(request, vendor, name, 15);

    // The heart on the grid asks to log in.
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await card(page, name).getByRole('button', { name: MESSAGES.wishlist.add }).click();
    await expect(page.getByText(MESSAGES.toast.needLogin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // A cart kept from an earlier visit: Proceed to checkout asks to log in too.
    await page.evaluate(
      ([productId, productName]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            {
              id: productId,
              attributes: { price: 15, quantiy: 1, product: { name: productName, picture: null } },
            },
          ]),
        ),
      [id, name] as const,
    );
    await page.goto('/Cart');
    await expect(page.getByTestId('cart-total')).toHaveText('$15.00');
    await page
      .getByRole('link', { name: C.proceed })
      .or(page.getByRole('button', { name: C.proceed }))
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await page.evaluate(() => localStorage.removeItem('cart'));

    // Add To Cart on the details page asks to log in, and after signing in the shopper is back.
    await page.goto(`/productdetails/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: D.addToCart }).click();
    await expect(page.getByText(MESSAGES.toast.needLogin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(MESSAGES.login.email).fill(buyer.email);
    await page.getByLabel(MESSAGES.login.password).fill(buyer.password);
    await page.getByRole('button', { name: MESSAGES.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/productdetails/${id}$`));
    await page.getByRole('button', { name: D.addToCart }).click();
    await expect(page.getByText(D.added)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toContainText('1');

    await page.goto('/productdetails/999999');
    await expect(page.getByText(D.notFound)).toBeVisible();
    await expect(page.getByText('150')).toHaveCount(0);
  });
});

test.describe('[SHOP][PHONE]', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[SHOP][PHONE] two products a row; the card and the product page set the quantity in the cart; vendors are told they cannot', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two accounts, four products, the shop, a product page and the cart
    const tag = uniqueId();
    const vendor = await createAccount(request, 'Vender');
    const buyer = await createAccount(request, 'Hobbyist');
    const names = ['Amber', 'Birch', 'Cedar', 'Dune'].map((word) => `${word} oil ${tag}`);
    const ids: number[] = [];
    for (const [index, name] of names.entries())
      ids.push(await addProduct(request, vendor, name, 10 + index));

    await signInAs(page, buyer);
    await page.goto(`/products?q=${tag}`);
    await expect(page.getByRole('article')).toHaveCount(4);
    const fit = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.innerWidth);
    // Two a row: the first two side by side, the third under the first; each a little under half the width.
    const boxes = await Promise.all([0, 1, 2].map((i) => page.getByRole('article').nth(i).boundingBox()));
    const [one, two, three] = boxes.map((box) => box!);
    expect(Math.abs(one!.y - two!.y)).toBeLessThan(1);
    expect(two!.x).toBeGreaterThan(one!.x + one!.width);
    expect(three!.y).toBeGreaterThan(one!.y + one!.height);
    expect(Math.abs(three!.x - one!.x)).toBeLessThan(1);
    expect(one!.width).toBeLessThan(195);
    expect(two!.x + two!.width).toBeLessThanOrEqual(390);

    // The newest product (Dune) comes first. Add to Cart puts one in the cart, then the card counts it.
    const first = card(page, names[3]!);
    await expect(first.locator('img')).toBeInViewport();
    await first.getByRole('button', { name: S.addToCart }).click();
    const inCart = first.getByRole('status', { name: `${S.inCart} ${names[3]}` });
    await expect(inCart).toHaveText('1');
    await expect(first.getByRole('button', { name: S.addToCart })).toHaveCount(0);
    await first.getByRole('button', { name: S.plus }).click();
    await expect(inCart).toHaveText('2');
    await expect(page.getByTestId('cart-count')).toContainText('1');

    // The product page says so, and its counter sets the cart's quantity instead of adding to it.
    await first.getByRole('link', { name: names[3] }).click();
    await expect(page.getByRole('heading', { level: 1, name: names[3] })).toBeVisible();
    await expect(page.getByTestId('in-cart')).toHaveText(fillTemplate(D.inYourCart, { count: 2 }));
    await expect(page.getByLabel(D.quantity)).toHaveValue('2');
    await page.getByRole('button', { name: S.plus }).click();
    await page.getByRole('button', { name: D.updateCart }).click();
    await expect(page.getByText(D.updated)).toBeVisible();
    await expect(page.getByTestId('in-cart')).toHaveText(fillTemplate(D.inYourCart, { count: 3 }));
    const productFit = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(productFit).toBe(true);
    await page.goto('/Cart');
    await expect(page.getByRole('group', { name: names[3] }).getByRole('status')).toHaveText('3');
    await expect(page.getByTestId('cart-total')).toHaveText('$39.00'); // 3 × $13

    // A vendor sees the shop and the product without a cart control, and reads why; the server refuses too.
    const vendorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const seller = await vendorContext.newPage();
    await seller.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      DISCLAIMER_KEY,
      DISCLAIMER_ACCEPTED,
    ] as const);
    await signInAs(seller, vendor);
    await seller.goto(`/products?q=${tag}`);
    await expect(seller.getByRole('article')).toHaveCount(4);
    await expect(seller.getByText(MESSAGES.shopErrors.cartHobbyistsOnly)).toBeVisible();
    await expect(seller.getByRole('button', { name: S.addToCart })).toHaveCount(0);
    await expect(seller.getByRole('button', { name: S.plus })).toHaveCount(0);
    // Their own product's page says they cannot buy it; another vendor's says why there is no cart.
    await seller.goto(`/productdetails/${ids[0]}`);
    await expect(seller.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
    await expect(seller.getByText(MESSAGES.shopErrors.ownProduct)).toBeVisible();
    await expect(seller.getByRole('button', { name: D.addToCart })).toHaveCount(0);
    const otherVendor = await createAccount(request, 'Vender');
    const otherName = `Elm oil ${tag}`;
    await seller.goto(`/productdetails/${await addProduct(request, otherVendor, otherName, 15)}`);
    await expect(seller.getByRole('heading', { level: 1, name: otherName })).toBeVisible();
    await expect(seller.getByText(MESSAGES.shopErrors.cartHobbyistsOnly)).toBeVisible();
    await expect(seller.getByRole('button', { name: D.addToCart })).toHaveCount(0);
    const { jwt } = await signInThroughApi(request, vendor);
    const refused = await request.post('/api/carts', {
      headers: { authorization: `Bearer ${jwt}` },
      data: { data: { product: ids[0], quantity: 1 } },
    });
    expect(refused.status()).toBe(403);
    await vendorContext.close();
  });
});
