import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import type { ProviderAttributes, TReactionType } from '@app/domain';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useNeedLogin } from '../../app/guards.tsx';
import { useCardViewer } from '../../app/viewer.ts';
import { useHeldReaction, useReact } from './api.ts';
import type { ReactionCounts } from './api.ts';

/**
 * Like, Avg. and Dislike of one card (spec 001 §4): exclusive and not undoable. A hobbyist's click
 * posts the reaction unless it is the one already held; the server's counters replace the card's.
 * A visitor reads 'Need to login' and goes to /login (coming back here after); another account type
 * is told why nothing happens. Nothing is sent for either.
 */
export function useReactions(providerId: number, attributes: ProviderAttributes) {
  const { isLoggedIn, isHobbyist } = useCardViewer();
  const [counts, setCounts] = useState<ReactionCounts | null>(null);
  const held = useHeldReaction(providerId);
  const reaction = useReact(providerId, setCounts);
  const heldKind = isHobbyist ? (held.data ?? null) : null;
  const needLogin = useNeedLogin();

  const react = (kind: TReactionType) => {
    if (!isLoggedIn) {
      needLogin();
      return;
    }
    if (!isHobbyist) {
      toast.info(MESSAGES.cardActions.hobbyistsOnly, { toastId: 'card-hobbyists-only' });
      return;
    }
    if (heldKind === kind || reaction.isPending) return;
    reaction.react(kind).catch((error: unknown) => toastApiFailure(error));
  };

  return {
    counts: counts ?? {
      likes: attributes.likes_count ?? 0,
      dislikes: attributes.dislikes_count ?? 0,
      averages: attributes.averages_count ?? 0,
    },
    held: heldKind,
    react,
  };
}
