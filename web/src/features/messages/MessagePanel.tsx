import { PostPanel } from '../comments/index.ts';
import { messagePosts } from './api.ts';

/**
 * The Message panel for a signed-in user (spec 001 §2, §4, §6): the messages they may read on this
 * card (a hobbyist's own, a provider's received) and, for hobbyists, the form.
 */
export default function MessagePanel({ providerId }: { providerId: number }) {
  return <PostPanel providerId={providerId} kind={messagePosts} />;
}
