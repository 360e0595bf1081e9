import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiItem, ApiList, TReactionType } from '@app/domain';
import { REACTION_PATHS, REACTION_TYPES } from '@app/domain';
import { apiGet, apiPost } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/client.ts';
import { useSession } from '../../../app/session.tsx';
import type { RelationOne } from '../api.ts';
import { createBatchLoader } from './batch.ts';

/**
 * The provider card's calls (docs/directory-contract.md "Reactions, comments, messages, mail, tips"):
 * held reactions and the first message lists are batched across the cards of a page, so a page of ten
 * cards costs three reaction lookups and one message list, not thirty and ten.
 */

// ---- shapes ------------------------------------------------------------------------------------

/** The three counters a reaction changes, as `meta.counts` of a reaction POST answers them. */
export interface ReactionCounts {
  likes: number;
  dislikes: number;
  averages: number;
}

export type HeldReaction = TReactionType | null;

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
}

export interface TipInput {
  tip_amount: number;
  transaction_id: string;
}

interface ReactionAnswer {
  data: ApiItem<unknown>;
  meta: { counts: ReactionCounts };
}

/** "First Last" of a comment's or message's author; empty when the account is gone. */
export function authorName(user: RelationOne<AuthorAttributes> | undefined): string {
  const author = user?.data?.attributes;
  return [author?.first_name, author?.last_name].filter(Boolean).join(' ');
}

/** `filters[provider][id]`: `$eq` for one card, `$in` for a batch. */
function providerFilter(ids: readonly number[]): QueryParams {
  return { id: ids.length === 1 ? { $eq: ids[0] } : { $in: ids } };
}

// ---- calls -------------------------------------------------------------------------------------

/**
 * Which reaction `userId` holds on each of `providerIds`: one list call per kind (a user holds at
 * most one reaction per provider, so a page of up to 40 cards fits one page of 100).
 */
export async function fetchHeldReactions(
  userId: number,
  providerIds: readonly number[],
): Promise<Map<number, HeldReaction>> {
  const held = new Map<number, HeldReaction>(providerIds.map((id) => [id, null]));
  const lists = await Promise.all(
    REACTION_TYPES.map(async (kind) => {
      const list = await apiGet<ApiList<{ provider?: RelationOne<unknown> }>>(`/${REACTION_PATHS[kind]}`, {
        filters: { user: { id: { $eq: userId } }, provider: providerFilter(providerIds) },
        fields: ['id'],
        populate: { provider: { fields: ['id'] } },
        pagination: { pageSize: 100 },
      });
      return { kind, list };
    }),
  );
  for (const { kind, list } of lists) {
    for (const item of list.data) {
      const providerId = item.attributes.provider?.data?.id;
      if (providerId !== undefined) held.set(providerId, kind);
    }
  }
  return held;
}

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

const MESSAGES_PAGE_SIZE = 100;

function messagesQuery(providerIds: readonly number[]): QueryParams {
  return {
    filters: { provider: providerFilter(providerIds) },
    populate: { user: { fields: ['first_name', 'last_name'] }, provider: { fields: ['id'] } },
    sort: 'createdAt:desc',
    pagination: { pageSize: MESSAGES_PAGE_SIZE },
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

export function postReaction(kind: TReactionType, providerId: number): Promise<ReactionAnswer> {
  return apiPost<ReactionAnswer>(`/${REACTION_PATHS[kind]}`, { data: { provider: providerId } });
}

export function postComment(providerId: number, comment: string): Promise<unknown> {
  return apiPost('/comments', { data: { provider: providerId, comment } });
}

export function postMessage(providerId: number, text: string): Promise<unknown> {
  return apiPost('/messages', { data: { provider: providerId, text } });
}

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

// ---- batching ----------------------------------------------------------------------------------

const heldLoaders = new Map<number, (providerId: number) => Promise<HeldReaction>>();

function loadHeldReaction(userId: number, providerId: number): Promise<HeldReaction> {
  let load = heldLoaders.get(userId);
  if (!load) {
    load = createBatchLoader((ids: number[]) => fetchHeldReactions(userId, ids), null);
    heldLoaders.set(userId, load);
  }
  return load(providerId);
}

const loadMessages = createBatchLoader((ids: number[]) => fetchMessages(ids), [] as CardMessage[]);

// ---- hooks -------------------------------------------------------------------------------------

export const cardKeys = {
  held: (userId: number | null, providerId: number) => ['card', 'held', userId, providerId] as const,
  comments: (providerId: number) => ['card', 'comments', providerId] as const,
  messages: (userId: number | null, providerId: number) => ['card', 'messages', userId, providerId] as const,
  paymentInfo: ['card', 'payment-info'] as const,
};

/** The session's role flags as the card uses them (hints only: the server decides). */
export function useCardViewer() {
  const { isLoggedIn, userType, userId } = useSession();
  return { isLoggedIn, userId, isHobbyist: isLoggedIn && userType === 'Hobbyist' && userId !== null };
}

/** The reaction a signed-in hobbyist holds on this provider (batched with the page's other cards). */
export function useHeldReaction(providerId: number) {
  const { isHobbyist, userId } = useCardViewer();
  return useQuery({
    queryKey: cardKeys.held(userId, providerId),
    queryFn: () => loadHeldReaction(userId!, providerId),
    enabled: isHobbyist,
    staleTime: 5 * 60_000,
  });
}

/** Posts a reaction; the answer's counters replace the card's and the held reaction is the new one. */
export function useReact(providerId: number, onCounts: (counts: ReactionCounts) => void) {
  const queryClient = useQueryClient();
  const { userId } = useCardViewer();
  return useMutation({
    mutationFn: (kind: TReactionType) => postReaction(kind, providerId),
    onSuccess: (answer, kind) => {
      queryClient.setQueryData<HeldReaction>(cardKeys.held(userId, providerId), kind);
      onCounts(answer.meta.counts);
    },
  });
}

export function useComments(providerId: number) {
  return useQuery({
    queryKey: cardKeys.comments(providerId),
    queryFn: ({ signal }) => fetchComments(providerId, signal),
  });
}

export function usePostComment(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => postComment(providerId, comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.comments(providerId) }),
  });
}

/** The messages this user may read on this card (signed in only). */
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
