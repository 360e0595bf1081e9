import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTHOR_POPULATE, MESSAGE_LIMITS, MESSAGES } from '@app/domain';
import type { TMessageReport } from '@app/domain';
import type { ApiItem, ApiList, AuthorAttributes, RelationOne } from '@app/domain';
import { createBatchLoader, providerFilter } from '../../api/batch.ts';
import { apiGet, apiPost } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';
import type { Post, PostAttributes, PostKind } from '../comments/index.ts';
import { formatMoment } from '../../lib/dates.ts';
import { ReportMessageButton } from './ReportMessageButton.tsx';

/**
 * Messages to providers (docs/directory-contract.md "messages, mail"): the card's Message panel (the
 * messages this user may read: a hobbyist's own, a provider's received), the Mail panel's relay,
 * and a provider's Review Mail.
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

/** The Mail panel: the server relays the message to the provider's account address. */
export function sendMail(providerId: number, message: string): Promise<unknown> {
  return apiPost(`/providers/${providerId}/mail`, { data: { message } });
}

export function useSendMail(providerId: number) {
  return useMutation({ mutationFn: (message: string) => sendMail(providerId, message) });
}

// ---- Review Mail ------------------------------------------------------------------------------

export const REVIEW_MAIL_PAGE_SIZE = 25;

export interface ReviewMessage {
  text: string;
  /** The provider's answer, once sent (one per message). */
  reply?: string | null;
  repliedAt?: string | null;
  createdAt: string;
  user?: RelationOne<AuthorAttributes>;
  provider?: RelationOne<{ title?: string | null }>;
}

/** `GET /api/messages`: for a provider the server answers only messages to the ads they own. */
function fetchReviewMail(page: number, signal: AbortSignal) {
  return apiGet<ApiList<ReviewMessage>>(
    '/messages',
    {
      populate: { user: AUTHOR_POPULATE, provider: { fields: ['title'] } },
      sort: 'createdAt:desc',
      pagination: { page, pageSize: REVIEW_MAIL_PAGE_SIZE },
    },
    { signal },
  );
}

/** One page of the messages hobbyists sent to the signed-in provider's ads, newest first. */
export function useReviewMail(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reviewMail', page],
    queryFn: ({ signal }) => fetchReviewMail(page, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/messages/:id/reply`: the provider's answer, relayed by the server to the hobbyist by mail
 * from the site's address (neither side sees the other's). Review Mail's pages are read again after.
 */
export function useReplyToMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      apiPost<{ data: ApiItem<ReviewMessage> }>(`/messages/${id}/reply`, { data: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reviewMail'] }),
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
