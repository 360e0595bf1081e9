import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { AUTHOR_POPULATE, MESSAGE_LIMITS, MESSAGES } from '@app/domain';
import type { TMessageReport } from '@app/domain';
import type { ApiList, ConversationSummary, RelationOne, ThreadMessage } from '@app/domain';
import { createBatchLoader, providerFilter } from '../../api/batch.ts';
import { apiDelete, apiGet, apiPost } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';
import type { Post, PostAttributes, PostKind } from '../comments/index.ts';
import { formatMoment } from '../../lib/dates.ts';
import { ReportMessageButton } from './ReportMessageButton.tsx';

/**
 * Messages (docs/directory-contract.md "messages, mail"): the card's Message panel (the messages of this
 * user's conversations with the ad), the Mail panel, and the conversations: a hobbyist's Messages, a
 * provider's Review Mail, one thread.
 */

export type MessageAttributes = PostAttributes<'text'> & { provider?: RelationOne<unknown> };
export type CardMessage = Post<'text'>;

function messagesQuery(providerIds: readonly number[]): QueryParams {
  return {
    filters: { provider: providerFilter(providerIds) },
    populate: { user: AUTHOR_POPULATE, provider: { fields: ['id'] } },
    sort: 'createdAt:desc',
    pagination: { pageSize: 100 },
  };
}

/**
 * `GET /api/messages` for several cards at once (the server answers only what this user may read:
 * a hobbyist's own, a provider's received). When one page does not hold them all, each card asks
 * for its own.
 */
export async function fetchMessages(providerIds: readonly number[]): Promise<Map<number, CardMessage[]>> {
  const byProvider = new Map<number, CardMessage[]>(providerIds.map((id) => [id, []]));
  const list = await apiGet<ApiList<MessageAttributes>>('/messages', messagesQuery(providerIds));
  if (providerIds.length > 1 && list.meta.pagination.total > list.data.length) {
    const singles = await Promise.all(providerIds.map((id) => fetchMessages([id])));
    for (const single of singles) for (const [id, messages] of single) byProvider.set(id, messages);
    return byProvider;
  }
  for (const message of list.data) {
    const id =
      message.attributes.provider?.data?.id ?? (providerIds.length === 1 ? providerIds[0] : undefined);
    if (id !== undefined) byProvider.get(id)?.push(message);
  }
  return byProvider;
}

/** The first message lists of a page's cards are fetched in one call. */
const loadMessages = createBatchLoader((ids: number[]) => fetchMessages(ids), [] as CardMessage[]);

const M = MESSAGES.cardMessages;

/** Messages: signed-in users only, each viewer their own list, with date and time. */
export const messagePosts: PostKind<'text'> = {
  path: '/messages',
  field: 'text',
  listKey: (userId, providerId) => ['card', 'messages', userId, providerId],
  load: (providerId) => loadMessages(providerId),
  signedInOnly: true,
  texts: { title: M.title, empty: M.empty, placeholder: M.placeholder, submit: M.send },
  maxLength: MESSAGE_LIMITS.message,
  formatTime: (createdAt) => formatMoment(createdAt),
  EntryAction: ReportMessageButton,
};

/** The Mail panel: the message starts the hobbyist's conversation with the ad, or adds to it. */
export function sendMail(providerId: number, message: string) {
  return apiPost<{ data: { sent: true; conversation: number } }>(`/providers/${providerId}/mail`, {
    data: { message },
  });
}

export function useSendMail(providerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendMail(providerId, message),
    onSuccess: () => client.invalidateQueries({ queryKey: ['conversations'] }),
  });
}

// ---- Conversations -----------------------------------------------------------------------------

export const CONVERSATIONS_PAGE_SIZE = 25;

/** The caller's conversations, newest first (a hobbyist's Messages, a provider's Review Mail). */
export function useConversations(page: number, enabled = true) {
  return useQuery({
    queryKey: ['conversations', 'list', page],
    queryFn: ({ signal }) =>
      apiGet<{ data: ConversationSummary[]; meta: ApiList<unknown>['meta'] }>(
        '/conversations',
        { pagination: { page, pageSize: CONVERSATIONS_PAGE_SIZE } },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One conversation as its list shows it. */
export function useConversation(id: number | null) {
  return useQuery({
    queryKey: ['conversations', 'one', id],
    queryFn: ({ signal }) =>
      apiGet<{ data: ConversationSummary }>(`/conversations/${id}`, undefined, { signal }).then(
        (b) => b.data,
      ),
    enabled: id !== null,
    retry: false,
  });
}

/** A conversation's messages, newest first, a page at a time (`before` pages back). */
export function useThread(id: number) {
  return useInfiniteQuery({
    queryKey: ['conversations', 'thread', id],
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ data: ThreadMessage[]; meta: { hasMore: boolean } }>(
        `/conversations/${id}/messages`,
        pageParam ? { before: pageParam } : undefined,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.hasMore ? last.data.at(-1)?.id : undefined),
    retry: false,
    // New messages from the other side show while the page is open (as the header's count does).
    refetchInterval: 30_000,
  });
}

/**
 * Writes in a conversation; its messages, its list entry and the unread count are read again after, and
 * after a refusal too (a block that came meanwhile shows).
 */
export function useWriteMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiPost<{ data: ThreadMessage }>(`/conversations/${id}/messages`, { data: { text } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['conversations'] }),
  });
}

/** The caller has read the conversation up to the message shown last: the badge and the lists are read again. */
export function useMarkRead(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      apiPost<{ data: { unread: number } }>(`/conversations/${id}/read`, { data: { upTo } }),
    onSuccess: (body) => {
      client.setQueryData(['conversations', 'unread'], body.data.unread);
      void client.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
  });
}

/** Blocks the other side of a conversation, or lifts the caller's block. */
export function useBlock(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      (blocked ? apiPost : apiDelete)<{ data: ConversationSummary }>(`/conversations/${id}/block`, {}),
    onSuccess: (body) => {
      client.setQueryData(['conversations', 'one', id], body.data);
      void client.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
  });
}

/** How many days messages are kept (the operator's setting), for the panels to say so. */
export function useMessageRetention(enabled = true) {
  return useQuery({
    queryKey: ['messages', 'retention'],
    queryFn: ({ signal }) =>
      apiGet<{ data: { days: number } }>('/messages/retention', undefined, { signal }).then(
        (b) => b.data.days,
      ),
    enabled,
    staleTime: 60 * 60_000,
  });
}

/** Sends a message to the staff's reports queue (its sender, or the provider it was sent to). */
export function useReportMessage() {
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TMessageReport }) =>
      apiPost(`/messages/${id}/report`, { data }),
  });
}
