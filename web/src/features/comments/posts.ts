import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ApiItem, AuthorAttributes, RelationOne } from '@app/domain';
import { apiPost } from '../../api/client.ts';
import { useCardViewer } from '../../app/viewer.ts';

/**
 * Author-owned text on a provider's card: comments (public, this feature) and messages (private,
 * messages/), which share everything but where they are read and how they are worded. One `PostKind`
 * describes each; `usePosts`, `usePostText` and `PostPanel` serve both.
 */

/** The field that holds a post's text, in requests and answers alike. */
export type PostField = 'comment' | 'text';

/** A post's attributes: its text, when, and by whom (populated). */
export type PostAttributes<F extends PostField> = Record<F, string> & {
  createdAt: string;
  user?: RelationOne<AuthorAttributes>;
  /** A message the ad's owner wrote in the conversation (`user` is then the hobbyist it went to). */
  fromProvider?: boolean;
};

export type Post<F extends PostField> = ApiItem<PostAttributes<F>>;

export interface PostKind<F extends PostField> {
  /** Where they are listed and posted: `/comments`, `/messages`. */
  path: string;
  field: F;
  /** The cache key of one card's list (with the viewer where the answer depends on who asks). */
  listKey: (userId: number | null, providerId: number) => QueryKey;
  /** Loads one card's list, newest first. */
  load: (providerId: number, signal: AbortSignal) => Promise<Post<F>[]>;
  /** Only signed-in users may read them (messages); else anyone (comments). */
  signedInOnly: boolean;
  /** The panel's words (title, empty list, placeholder, button) and the text's length (its rule: PostForm). */
  texts: { title: string; empty: string; placeholder: string; submit: string };
  maxLength: number;
  /** How an entry says when it was written. */
  formatTime: (createdAt: string, now: Date) => string;
  /** An action under an entry someone else wrote (messages: Report). */
  EntryAction?: ComponentType<{ postId: number }>;
}

/** One card's posts of a kind (loaded when its panel first opens). */
export function usePosts<F extends PostField>(kind: PostKind<F>, providerId: number) {
  const { isLoggedIn, userId } = useCardViewer();
  return useQuery({
    queryKey: kind.listKey(userId, providerId),
    queryFn: ({ signal }) => kind.load(providerId, signal),
    enabled: !kind.signedInOnly || isLoggedIn,
  });
}

/** Posts a text on the card; resolves once its list has reloaded. */
export function usePostText<F extends PostField>(kind: PostKind<F>, providerId: number) {
  const queryClient = useQueryClient();
  const { userId } = useCardViewer();
  return useMutation({
    mutationFn: (text: string) => apiPost(kind.path, { data: { provider: providerId, [kind.field]: text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kind.listKey(userId, providerId) }),
  });
}
