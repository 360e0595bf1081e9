import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function EditProductPage() {
  return <h1>{MESSAGES.productForm.editTitle}</h1>;
}
