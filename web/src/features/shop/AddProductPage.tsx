import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function AddProductPage() {
  return <h1>{MESSAGES.productForm.addTitle}</h1>;
}
