import { commentPosts } from './api.ts';
import { PostPanel } from './PostPanel.tsx';

/** The Comment panel (spec 001 §2, §4, §5): the provider's comments and, for hobbyists, the form. */
export default function CommentPanel({ providerId }: { providerId: number }) {
  return <PostPanel providerId={providerId} kind={commentPosts} />;
}
