import { MESSAGES } from '@app/domain';
import { LocationSelects } from './LocationSelects.tsx';
import type { AdFieldsProps } from './adFieldParts.tsx';

/** Where the ad is: the country, then the state and the city from their lists. */
export function AdLocationFields({ form, id }: AdFieldsProps) {
  return <LocationSelects form={form} id={id} texts={MESSAGES.adForm} />;
}
