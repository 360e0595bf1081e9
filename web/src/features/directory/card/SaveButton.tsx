import { fillTemplate, MESSAGES } from '@app/domain';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';
import { useCardViewer } from '../../../app/viewer.ts';
import { useSavedIds, useToggleSaved } from '../../saved/index.ts';
import { ActionButton } from './ActionButton.tsx';

const S = MESSAGES.savedProviders;

/** The card's heart, for a hobbyist: saves the ad to Saved providers, or removes it; pressed while saved. */
export function SaveButton({ providerId, name }: { providerId: number; name: string }) {
  const { userId, isHobbyist } = useCardViewer();
  const ids = useSavedIds(userId, isHobbyist);
  const { toggle, isPending } = useToggleSaved(userId);
  const saved = ids.data?.includes(providerId) ?? false;
  const onClick = () => {
    if (isPending) return;
    toggle(providerId, !saved).catch((error: unknown) => toastApiFailure(error, { otherwise: S.failed }));
  };
  return (
    <ActionButton
      label={fillTemplate(saved ? S.savedLabel : S.saveLabel, { name })}
      icon={saved ? 'bi-heart-fill' : 'bi-heart'}
      pressed={saved}
      className="provider-card__save"
      onClick={onClick}
    />
  );
}
