import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function ShopPage() {
  return <h1>{MESSAGES.shop.title}</h1>;
}
