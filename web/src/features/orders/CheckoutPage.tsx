import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function CheckoutPage() {
  return <h1>{MESSAGES.checkout.title}</h1>;
}
