import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function ProductDetailsPage() {
  return <h1>{MESSAGES.productDetails.addToCart}</h1>;
}
