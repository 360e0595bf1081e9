import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function CartPage() {
  return <h1>{MESSAGES.cart.title}</h1>;
}
