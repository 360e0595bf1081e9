import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiItem, ApiList } from '@app/domain';
import { apiGet, apiPost } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/client.ts';
import type { RelationOne } from '../api.ts';
import { cardKeys, providerFilter, useCardViewer } from './api.ts';
import { createBatchLoader } from './batch.ts';

/**
 * The calls of the card's panels and tip modal (docs/directory-contract.md "comments, messages, mail,
 * tips"), loaded with them. The first message lists of a page are fetched in one call.
 */

export interface AuthorAttributes {
  first_name?: string | null;
  last_name?: string | null;
}

export interface CommentAttributes {
  comment: string;
  createdAt: string;
  user?: RelationOne<AuthorAttributes>;
}

export interface MessageAttributes {
  text: string;
  createdAt: string;
  user?: RelationOne<AuthorAttributes>;
  provider?: RelationOne<unknown>;
}

export type CardComment = ApiItem<CommentAttributes>;
export type CardMessage = ApiItem<MessageAttributes>;

export interface PaymentInfo {
  address: string;
  /** A `data:image/png;base64,…` QR code of the address. */
  qr: string;
  /** The largest tip the server takes, in dollars (the operator's setting). */
  tip_max_amount?: number;
}

export interface TipInput {
  tip_amount: number;
  transaction_id: string;
}

/** "First Last" of a comment's or message's author; empty when the account is gone. */
export function authorName(user: RelationOne<AuthorAttributes> | undefined): string {
  const author = user?.data?.attributes;
  return [author?.first_name, author?.last_name].filter(Boolean).join(' ');
}

// ---- calls -------------------------------------------------------------------------------------

/** `GET /api/comments` of one provider, newest first, with the authors' names (spec 001 §7). */
export async function fetchComments(providerId: number, signal?: AbortSignal): Promise<CardComment[]> {
  const list = await apiGet<ApiList<CommentAttributes>>(
    '/comments',
    {
      filters: { provider: { id: { $eq: providerId } } },
      populate: { user: { fields: ['first_name', 'last_name'] } },
      sort: 'createdAt:desc',
    },
    { signal, auth: false },
  );
  return list.data;
}

function messagesQuery(providerIds: readonly number[]): QueryParams {
  return {
    filters: { provider: providerFilter(providerIds) },
    populate: { user: { fields: ['first_name', 'last_name'] }, provider: { fields: ['id'] } },
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

export function postComment(providerId: number, comment: string): Promise<unknown> {
  return apiPost('/comments', { data: { provider: providerId, comment } });
}

export function postMessage(providerId: number, text: string): Promise<unknown> {
  return apiPost('/messages', { data: { provider: providerId, text } });
}

/** The Mail panel: the server relays the message to the provider's account address. */
export function sendMail(providerId: number, message: string): Promise<unknown> {
  return apiPost(`/providers/${providerId}/mail`, { data: { message } });
}

export async function fetchPaymentInfo(signal?: AbortSignal): Promise<PaymentInfo> {
  const body = await apiGet<{ data: PaymentInfo }>('/payment-info', undefined, { signal, auth: false });
  return body.data;
}

export function postTip(providerId: number, tip: TipInput): Promise<unknown> {
  return apiPost('/tips', { data: { provider: providerId, ...tip } });
}

const loadMessages = createBatchLoader((ids: number[]) => fetchMessages(ids), [] as CardMessage[]);

// ---- hooks -------------------------------------------------------------------------------------

export function useComments(providerId: number) {
  return useQuery({
    queryKey: cardKeys.comments(providerId),
    queryFn: ({ signal }) => fetchComments(providerId, signal),
  });
}

/** Posts a comment; resolves once the list has reloaded. */
export function usePostComment(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => postComment(providerId, comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.comments(providerId) }),
  });
}

/** The messages this user may read on this card (signed in only), batched with the page's cards. */
export function useMessages(providerId: number) {
  const { isLoggedIn, userId } = useCardViewer();
  return useQuery({
    queryKey: cardKeys.messages(userId, providerId),
    queryFn: () => loadMessages(providerId),
    enabled: isLoggedIn,
  });
}

export function usePostMessage(providerId: number) {
  const queryClient = useQueryClient();
  const { userId } = useCardViewer();
  return useMutation({
    mutationFn: (text: string) => postMessage(providerId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.messages(userId, providerId) }),
  });
}

export function useSendMail(providerId: number) {
  return useMutation({ mutationFn: (message: string) => sendMail(providerId, message) });
}

export function usePaymentInfo(enabled = true) {
  return useQuery({
    queryKey: cardKeys.paymentInfo,
    queryFn: ({ signal }) => fetchPaymentInfo(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function usePostTip(providerId: number) {
  return useMutation({ mutationFn: (tip: TipInput) => postTip(providerId, tip) });
}
