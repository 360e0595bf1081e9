import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function MyOrdersPage() {
  return <h1>{MESSAGES.orders.title}</h1>;
}
