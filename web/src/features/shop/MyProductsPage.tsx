import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function MyProductsPage() {
  return <h1>{MESSAGES.myProducts.title}</h1>;
}
