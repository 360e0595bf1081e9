import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function MySalesPage() {
  return <h1>{MESSAGES.sales.title}</h1>;
}
