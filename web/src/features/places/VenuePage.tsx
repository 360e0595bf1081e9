import { useParams } from 'react-router';
import type { TVenueKind } from '@app/domain';
import { routeId } from '../../lib/ids.ts';
import { VenueDetail } from './VenueDetail.tsx';
import { VenueListing } from './VenueListing.tsx';
import './places.css';

/**
 * `/eroticbody`, `/sextoy`, `/stripclub` and `/<kind>/:id` (spec 000 §2 "Vendor venues"): a numeric id
 * shows the place, anything else falls back to the listing.
 */
export default function VenuePage({ kind }: { kind: TVenueKind }) {
  const id = routeId(useParams().id);
  if (id !== null) return <VenueDetail key={id} kind={kind} id={id} />;
  return <VenueListing kind={kind} />;
}
