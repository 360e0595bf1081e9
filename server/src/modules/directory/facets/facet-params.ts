import { FacetParamError, parseFacetParams, type FacetFilter } from '@app/domain';
import { fieldError } from '../../../http/errors.ts';

/**
 * The facet parameters of a request's query (`@app/domain`'s contract), or a 400 naming the parameter
 * the contract refuses. `stateParams`: where the filter state may come from (`filter`, and for
 * `/api/filterdata` also `populate`).
 */
export function readFacetParams(
  query: Record<string, unknown>,
  stateParams: readonly string[] = ['filter'],
): FacetFilter {
  try {
    return parseFacetParams(query, stateParams);
  } catch (err) {
    if (!(err instanceof FacetParamError)) throw err;
    throw fieldError(err.path.split(/[[\]]+/).filter(Boolean), err.reason, { title: err.message });
  }
}
