import { startTransition, useEffect, useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import type { useProviders } from '../api.ts';
import { firstPagePath } from '../filterUrl.ts';
import { ProviderCard } from '../ProviderCard.tsx';
import { ListingPagination } from './ListingPagination.tsx';

const T = MESSAGES.directory;

/**
 * How many cards of the page are built so far. The first page's cards are the page's biggest piece of
 * work (about a hundred elements each): built in one go they held a phone's main thread for most of a
 * second before the first photo could paint. So the first cards come with the data and the rest follow
 * a few at a time, each batch its own interruptible render (a transition) after the previous one has
 * painted. Once all are built, later pages come whole.
 */
export const FIRST_CARDS = 2;
const CARDS_PER_STEP = 2;

function useBuiltCards(count: number): number {
  const [built, setBuilt] = useState(FIRST_CARDS);
  useEffect(() => {
    if (built >= count) return;
    const next = setTimeout(() => startTransition(() => setBuilt(built + CARDS_PER_STEP)), 0);
    return () => clearTimeout(next);
  }, [built, count]);
  return built;
}

/**
 * The listing's centre: a spinner while the first page loads, the failure with Retry, the empty
 * listing (with a link back to page 1 past the end), else the cards and the page links.
 */
export function ListingResults({
  providers,
  page,
  search,
}: {
  providers: ReturnType<typeof useProviders>;
  page: number;
  search: string;
}) {
  const items = providers.data?.data;
  const pageCount = providers.data?.meta.pagination.pageCount ?? 0;
  const builtCards = useBuiltCards(items?.length ?? 0);
  // The same elements while the page of cards is the same, so a render of the page keeps them.
  const cards = useMemo(
    () =>
      items?.slice(0, builtCards).map((item, index) => (
        <li key={item.id} className="listing-cards__item">
          <ProviderCard provider={item} priority={index === 0} />
        </li>
      )),
    [items, builtCards],
  );

  if (providers.isPending) return <PageSpinner />;
  if (providers.isError && !providers.data) {
    return (
      <Alert variant="light" className="listing-empty text-center border">
        <p className="fw-semibold mb-2">{T.failed}</p>
        <Button variant="outline-secondary" size="sm" onClick={() => void providers.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Alert variant="light" className="listing-empty text-center border">
        <p className="fw-semibold mb-1">{T.empty}</p>
        {page > 1 && pageCount > 0 ? (
          <Link to={firstPagePath(search)}>{T.firstPage}</Link>
        ) : (
          <p className="text-body-secondary mb-0">{T.emptyHint}</p>
        )}
      </Alert>
    );
  }
  return (
    <>
      <ul className="listing-cards list-unstyled" aria-label={T.listLabel} aria-busy={providers.isFetching}>
        {cards}
      </ul>
      <ListingPagination page={page} pageCount={pageCount} search={search} />
    </>
  );
}
