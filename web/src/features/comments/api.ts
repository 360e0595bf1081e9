import { AUTHOR_POPULATE, COMMENT_LIMITS, formatCommentTime, MESSAGES } from '@app/domain';
import type { ApiList } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import type { Post, PostAttributes, PostKind } from './posts.ts';

/** A comment as the card lists it (docs/directory-contract.md "comments"). */
export type CommentAttributes = PostAttributes<'comment'>;
export type CardComment = Post<'comment'>;

/**
 * `GET /api/comments` of one provider, newest first, with the authors' usernames (spec 001 §7 shows
 * names; members are shown by username instead, docs/decisions/0016-members-shown-by-username.md).
 */
export async function fetchComments(providerId: number, signal?: AbortSignal): Promise<CardComment[]> {
  const list = await apiGet<ApiList<CommentAttributes>>(
    '/comments',
    {
      filters: { provider: { id: { $eq: providerId } } },
      populate: { user: AUTHOR_POPULATE },
      sort: 'createdAt:desc',
    },
    { signal, auth: false },
  );
  return list.data;
}

const M = MESSAGES.comments;

/** Comments: public, one list per card whoever looks, "N hours ago". */
export const commentPosts: PostKind<'comment'> = {
  path: '/comments',
  field: 'comment',
  listKey: (_userId, providerId) => ['card', 'comments', providerId],
  load: fetchComments,
  signedInOnly: false,
  texts: { title: M.title, empty: M.empty, placeholder: M.placeholder, submit: M.post },
  maxLength: COMMENT_LIMITS.comment,
  formatTime: formatCommentTime,
};

/** Fetches a card's comments into the cache, as its panel would (an ad page's route data). */
export function prefetchComments(queryClient: QueryClient, providerId: number): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: commentPosts.listKey(null, providerId),
    queryFn: ({ signal }) => commentPosts.load(providerId, signal),
  });
}
