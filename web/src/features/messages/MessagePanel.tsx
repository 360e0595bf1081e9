import { PostPanel } from '../comments/index.ts';
import { messagePosts } from './api.ts';
import { MessageRetentionNote } from './MessageRetentionNote.tsx';

/**
 * The Message panel for a signed-in user (spec 001 §2, §4, §6): the messages they may read on this
 * card (a hobbyist's own, a provider's received) and, for hobbyists, the form; below, how long they are kept.
 */
export default function MessagePanel({ providerId }: { providerId: number }) {
  return (
    <>
      <PostPanel providerId={providerId} kind={messagePosts} />
      <MessageRetentionNote className="small text-body-secondary mt-2 mb-0" />
    </>
  );
}
