import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import {
  AUTHOR_POPULATE,
  HOBBYIST_RATING_PATHS,
  phoneDigits,
  SCREENING_LIMITS,
  type ApiItem,
  type ApiList,
  type AuthorAttributes,
  type CustomerHobbyistAttributes,
  type RelationOne,
  type THobbyistRatingKind,
} from '@app/domain';
import { apiDelete, apiGet, apiPost } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';

/**
 * The screening calls (spec 001 §7 "Screening"): the hobbyist records, a
 * provider's exclusive rating of one, and the comments on one. Provider accounts and the admin only.
 */

export type HobbyistRecord = ApiItem<CustomerHobbyistAttributes>;

export interface HobbyistCommentAttributes {
  hobbyist_comment: string;
  createdAt: string;
  updatedAt?: string;
  user_provider?: RelationOne<AuthorAttributes>;
}
export type HobbyistComment = ApiItem<HobbyistCommentAttributes>;

/** `POST /api/customer-hobbyists` answers the record; `meta.existing` when the number was there already. */
export interface AddHobbyistAnswer {
  data: HobbyistRecord;
  meta?: { existing?: boolean };
}

export const screeningKeys = {
  all: ['screening'] as const,
  lists: ['screening', 'records'] as const,
  /** With the viewer: `my_rating` is the caller's own. */
  records: (userId: number | null, digits: string, page: number) =>
    ['screening', 'records', userId, digits, page] as const,
  comments: (recordId: number) => ['screening', 'comments', recordId] as const,
};

// ---- calls -------------------------------------------------------------------------------------

/** A page of records, newest first; `digits` narrows to numbers holding them anywhere (`$contains`). */
export function fetchHobbyists(digits: string, page: number, signal?: AbortSignal) {
  return apiGet<ApiList<CustomerHobbyistAttributes>>(
    '/customer-hobbyists',
    {
      filters: digits ? { phone_number: { $contains: digits } } : undefined,
      pagination: { page, pageSize: SCREENING_LIMITS.pageSize },
      sort: 'id:desc',
    },
    { signal },
  );
}

export function addHobbyist(phoneNumber: string) {
  return apiPost<AddHobbyistAnswer>('/customer-hobbyists', { data: { phone_number: phoneNumber } });
}

/** Creates the caller's rating of this kind; the server removes the caller's other kind. */
export function rateHobbyist(recordId: number, kind: THobbyistRatingKind) {
  return apiPost<{ data: ApiItem<{ createdAt: string }> }>(`/${HOBBYIST_RATING_PATHS[kind]}`, {
    data: { customer_hobbyist: recordId },
  });
}

/** The comments on one record, newest first, with their authors' usernames. */
export async function fetchComments(recordId: number, signal?: AbortSignal) {
  const body = await apiGet<ApiList<HobbyistCommentAttributes>>(
    '/hobbyist-comments',
    {
      filters: { customer_hobbyist: { id: { $eq: recordId } } },
      populate: { user_provider: AUTHOR_POPULATE },
      sort: 'createdAt:desc',
    },
    { signal },
  );
  return body.data;
}

export function postComment(recordId: number, text: string) {
  return apiPost<{ data: HobbyistComment }>('/hobbyist-comments', {
    data: { customer_hobbyist: recordId, hobbyist_comment: text },
  });
}

export function deleteComment(commentId: number) {
  return apiDelete<{ data: HobbyistComment }>(`/hobbyist-comments/${commentId}`);
}

export function flagComment(commentId: number) {
  return apiPost<{ data: { id: number; attributes: { status: string } } }>(
    `/hobbyist-comments/${commentId}/flag`,
    { data: {} },
  );
}

// ---- rules -------------------------------------------------------------------------------------

const COUNTER: Record<THobbyistRatingKind, 'likes_count' | 'averages_count' | 'dislikes_count'> = {
  like: 'likes_count',
  average: 'averages_count',
  dislike: 'dislikes_count',
};

/** The counter field of a rating kind. */
export function counterOf(kind: THobbyistRatingKind) {
  return COUNTER[kind];
}

/**
 * The record as it reads after the caller chooses `kind` (spec 001 §4 "Rating a hobbyist"): its
 * counter goes up by one, the previously chosen kind's down by one; choosing the held kind changes nothing.
 */
export function applyRating(record: CustomerHobbyistAttributes, kind: THobbyistRatingKind) {
  if (record.my_rating === kind) return record;
  const next = { ...record, my_rating: kind, [COUNTER[kind]]: record[COUNTER[kind]] + 1 };
  if (record.my_rating) {
    const previous = COUNTER[record.my_rating];
    next[previous] = Math.max(0, record[previous] - 1);
  }
  return next;
}

// ---- hooks -------------------------------------------------------------------------------------

/** A search that holds text but no digit: it finds no phone number, so nothing is asked for. */
export function searchesNothing(search: string): boolean {
  return search.trim() !== '' && phoneDigits(search) === '';
}

export function useHobbyists(search: string, page: number) {
  const { userId } = useSession();
  const digits = phoneDigits(search);
  return useQuery({
    queryKey: screeningKeys.records(userId, digits, page),
    queryFn: ({ signal }) => fetchHobbyists(digits, page, signal),
    enabled: !searchesNothing(search),
    placeholderData: keepPreviousData,
  });
}

export function useAddHobbyist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHobbyist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screeningKeys.lists }),
  });
}

type RecordPages = [QueryKey, ApiList<CustomerHobbyistAttributes> | undefined][];

/**
 * Rates a record: the counters move at once in every cached page that holds it, and the pages are
 * reloaded afterwards, so the server's counters (others may rate at the same time) win.
 */
export function useRateHobbyist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, kind }: { recordId: number; kind: THobbyistRatingKind }) =>
      rateHobbyist(recordId, kind),
    onMutate: async ({ recordId, kind }) => {
      await queryClient.cancelQueries({ queryKey: screeningKeys.lists });
      const before: RecordPages = queryClient.getQueriesData<ApiList<CustomerHobbyistAttributes>>({
        queryKey: screeningKeys.lists,
      });
      queryClient.setQueriesData<ApiList<CustomerHobbyistAttributes>>(
        { queryKey: screeningKeys.lists },
        (list) =>
          list && {
            ...list,
            data: list.data.map((item) =>
              item.id === recordId ? { ...item, attributes: applyRating(item.attributes, kind) } : item,
            ),
          },
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: screeningKeys.lists }),
  });
}

export function useComments(recordId: number | null) {
  return useQuery({
    queryKey: screeningKeys.comments(recordId ?? 0),
    queryFn: ({ signal }) => fetchComments(recordId!, signal),
    enabled: recordId !== null,
  });
}

/** After a comment is posted or deleted: its list and the records' comment counters are stale. */
function useInvalidateComments() {
  const queryClient = useQueryClient();
  return (recordId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: screeningKeys.comments(recordId) }),
      queryClient.invalidateQueries({ queryKey: screeningKeys.lists }),
    ]);
}

export function usePostComment(recordId: number) {
  const invalidate = useInvalidateComments();
  return useMutation({
    mutationFn: (text: string) => postComment(recordId, text),
    onSuccess: () => invalidate(recordId),
  });
}

export function useDeleteComment(recordId: number) {
  const invalidate = useInvalidateComments();
  return useMutation({ mutationFn: deleteComment, onSuccess: () => invalidate(recordId) });
}

export function useFlagComment() {
  return useMutation({ mutationFn: flagComment });
}
