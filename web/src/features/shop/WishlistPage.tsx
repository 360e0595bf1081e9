import { MESSAGES } from '@app/domain';

/** Issue 13: being built. */
export default function WishlistPage() {
  return <h1>{MESSAGES.wishlist.title}</h1>;
}
