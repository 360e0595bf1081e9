import type { RefObject } from 'react';
import { Overlay, Tooltip } from 'react-bootstrap';

interface ActionTooltipProps {
  target: RefObject<HTMLElement | null>;
  show: boolean;
  id: string;
  label: string;
}

/**
 * React-Bootstrap's tooltip for one action button, in its own chunk: Popper and the overlay code
 * (about 12 KB gzipped) load on the first hover or focus, not with the listing.
 */
export default function ActionTooltip({ target, show, id, label }: ActionTooltipProps) {
  return (
    <Overlay target={target} show={show} placement="top">
      {(props) => (
        <Tooltip id={id} {...props}>
          {label}
        </Tooltip>
      )}
    </Overlay>
  );
}
