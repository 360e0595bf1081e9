import { lazy, Suspense, useState } from 'react';
import { MESSAGES } from '@app/domain';

// Every modal loads on first use: the base card stays small because it is part of the home page's
// first load.
const TipModal = lazy(() =>
  import('../../billing/index.ts').then((module) => ({ default: module.TipModal })),
);
const VideoModal = lazy(() => import('./VideoModal.tsx'));
const ReportDialog = lazy(() =>
  import('../../content/index.ts').then((module) => ({ default: module.ReportDialog })),
);

export type CardModal = 'tip' | 'video' | 'report';

/** Which of the card's modals is open; a modal stays mounted once opened, to play its closing animation. */
export function useCardModals() {
  const [modal, setModal] = useState<CardModal | null>(null);
  const [mounted, setMounted] = useState<Partial<Record<CardModal, true>>>({});
  const openModal = (next: CardModal) => {
    setMounted((current) => ({ ...current, [next]: true }));
    setModal(next);
  };
  return { modal, mounted, openModal, closeModal: () => setModal(null) };
}

/** The card's modals opened so far: TIP $ (hobbyists), the video and the report. */
export function CardModals({
  modals: { modal, mounted, closeModal },
  providerId,
  providerName,
  video,
  canTip,
}: {
  modals: ReturnType<typeof useCardModals>;
  providerId: number;
  providerName: string;
  video: string | null;
  canTip: boolean;
}) {
  return (
    <Suspense fallback={null}>
      {mounted.tip && canTip && (
        <TipModal
          show={modal === 'tip'}
          onHide={closeModal}
          providerId={providerId}
          providerName={providerName}
        />
      )}
      {mounted.video && video && (
        <VideoModal show={modal === 'video'} onHide={closeModal} url={video} providerName={providerName} />
      )}
      {mounted.report && (
        <ReportDialog
          show={modal === 'report'}
          onHide={closeModal}
          listing={`${MESSAGES.card.reportListing} #${providerId}: ${providerName}`.slice(0, 200)}
        />
      )}
    </Suspense>
  );
}
