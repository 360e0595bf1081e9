import { useId } from 'react';
import { Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

const C = MESSAGES.card;

interface VideoModalProps {
  show: boolean;
  onHide: () => void;
  url: string;
  providerName: string;
}

/** Play (spec 001 §2): the provider's video in a player, in a modal loaded on first use. */
export default function VideoModal({ show, onHide, url, providerName }: VideoModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={C.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          <i className="bi bi-play-circle me-2 text-accent" aria-hidden="true" />
          {C.videoTitle} · {providerName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black">
        {/* The player only exists while the modal is open, so closing it stops playback. */}
        {show && (
          <video className="provider-video d-block w-100" src={url} controls playsInline preload="metadata">
            {C.videoUnsupported}
          </video>
        )}
      </Modal.Body>
    </Modal>
  );
}
