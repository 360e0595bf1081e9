import { FacetParamError, parseFacetParams, type FacetFilter } from '@app/domain';
import { badRequest } from '../../../http/errors.ts';

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
    throw badRequest(err.message, {
      errors: [
        { path: err.path.split(/[[\]]+/).filter(Boolean), message: err.reason, name: 'ValidationError' },
      ],
    });
  }
}
