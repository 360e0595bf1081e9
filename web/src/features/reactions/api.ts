import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiItem, ApiList, RelationOne, TReactionType } from '@app/domain';
import { REACTION_PATHS, REACTION_TYPES } from '@app/domain';
import { createBatchLoader, providerFilter } from '../../api/batch.ts';
import { apiGet, apiPost } from '../../api/client.ts';
import { useCardViewer } from '../../app/viewer.ts';

/**
 * A provider card's reactions (docs/directory-contract.md "Reactions"). Held reactions are batched
 * across the cards of a page, so ten cards cost three lookups, not thirty. The card is in the home
 * page's first load: these calls are kept small.
 */

/** The three counters a reaction changes, as `meta.counts` of a reaction POST answers them. */
export interface ReactionCounts {
  likes: number;
  dislikes: number;
  averages: number;
}

export type HeldReaction = TReactionType | null;

interface ReactionAnswer {
  data: ApiItem<unknown>;
  meta: { counts: ReactionCounts };
}

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

export function postReaction(kind: TReactionType, providerId: number): Promise<ReactionAnswer> {
  return apiPost<ReactionAnswer>(`/${REACTION_PATHS[kind]}`, { data: { provider: providerId } });
}

const heldLoaders = new Map<number, (providerId: number) => Promise<HeldReaction>>();

function loadHeldReaction(userId: number, providerId: number): Promise<HeldReaction> {
  let load = heldLoaders.get(userId);
  if (!load) {
    load = createBatchLoader((ids: number[]) => fetchHeldReactions(userId, ids), null);
    heldLoaders.set(userId, load);
  }
  return load(providerId);
}

export const reactionKeys = {
  held: (userId: number | null, providerId: number) => ['card', 'held', userId, providerId] as const,
};

/** The reaction a signed-in hobbyist holds on this provider (batched with the page's other cards). */
export function useHeldReaction(providerId: number) {
  const { isHobbyist, userId } = useCardViewer();
  return useQuery({
    queryKey: reactionKeys.held(userId, providerId),
    queryFn: () => loadHeldReaction(userId!, providerId),
    enabled: isHobbyist,
    staleTime: 5 * 60_000,
  });
}

/**
 * Posts a reaction; the answer's counters replace the card's and the held reaction is the new one.
 * A plain hook rather than `useMutation`: the card is in the home page's first load, which has no
 * other mutation, and this saves that code there (about 2 KB gzipped).
 */
export function useReact(providerId: number, onCounts: (counts: ReactionCounts) => void) {
  const queryClient = useQueryClient();
  const { userId } = useCardViewer();
  const [isPending, setPending] = useState(false);
  // A second click before the re-render must not post twice.
  const pending = useRef(false);
  const react = useCallback(
    async (kind: TReactionType) => {
      if (pending.current) return;
      pending.current = true;
      setPending(true);
      try {
        const answer = await postReaction(kind, providerId);
        const held = reactionKeys.held(userId, providerId);
        // A read of the held reaction still on its way (the session's first, right after a server-rendered
        // page hydrates) would answer what was held before this click: it must not replace this answer.
        await queryClient.cancelQueries({ queryKey: held });
        queryClient.setQueryData<HeldReaction>(held, kind);
        onCounts(answer.meta.counts);
      } finally {
        pending.current = false;
        setPending(false);
      }
    },
    [queryClient, userId, providerId, onCounts],
  );
  return { react, isPending };
}
