import { Badge, Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { adPath, fillTemplate, MESSAGES, SAVED_PAGING } from '@app/domain';
import type { TSavedProvider, TSavedState } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { formatDay } from '../../lib/dates.ts';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { useSavedProviders, useToggleSaved } from './api.ts';

const S = MESSAGES.savedProviders;

const STATE_BADGE: Record<TSavedState, { bg: string; text?: 'dark' }> = {
  shown: { bg: 'success' },
  hidden: { bg: 'warning', text: 'dark' },
  gone: { bg: 'secondary' },
};

/** One saved provider: the name (a link to the ad's page while it is shown), the city, the state, Remove. */
function SavedItem({
  saved,
  onRemove,
  removing,
}: {
  saved: TSavedProvider;
  onRemove: () => void;
  removing: boolean;
}) {
  const badge = STATE_BADGE[saved.state];
  return (
    <Card as="article" className="shadow-sm" aria-label={saved.name}>
      <Card.Body className="d-flex flex-wrap align-items-center gap-2">
        <div className="flex-grow-1 min-w-0">
          <h2 className="h6 mb-1 text-break">
            {saved.provider !== null && saved.state === 'shown' ? (
              <Link to={adPath(saved.provider, { name: saved.name, city: saved.city })}>{saved.name}</Link>
            ) : (
              saved.name
            )}
          </h2>
          <p className="small text-body-secondary mb-0">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {saved.city} · {formatDay(saved.savedAt)}
          </p>
        </div>
        <Badge bg={badge.bg} text={badge.text}>
          {S.states[saved.state]}
        </Badge>
        {saved.provider !== null && (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={removing}
            aria-label={fillTemplate(S.removeLabel, { name: saved.name })}
            onClick={onRemove}
          >
            <i className="bi bi-heartbreak me-1" aria-hidden="true" />
            {S.remove}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * `/saved`, Saved providers: the ads a hobbyist saved with the heart, newest first, each with its state
 * now (shown, hidden for now, no longer listed), a link to its page while it is shown, and Remove while it
 * exists; paged.
 */
export default function SavedProvidersPage() {
  const { userId } = useSession();
  const paging = usePaging(SAVED_PAGING.defaultPageSize);
  const { page, setPage } = paging;
  const saved = useSavedProviders(userId, page, paging.pageSize);
  const { toggle, isPending } = useToggleSaved(userId);

  const remove = async (entry: TSavedProvider) => {
    const lastOnPage = saved.data?.data.length === 1 && page > 1;
    try {
      await toggle(entry.provider!, false);
      if (lastOnPage) setPage(page - 1);
    } catch (error) {
      toastApiFailure(error, { otherwise: S.failed });
    }
  };

  return (
    <PagedListPage
      titleId="saved-title"
      title={S.title}
      sizeInHeader
      smallLabel
      perPageLabel={S.perPage}
      paging={paging}
      query={saved}
      loadFailed={S.loadFailed}
      retry={S.retry}
      notice={<p className="text-body-secondary">{S.intro}</p>}
      empty={
        <div className="text-center border rounded py-5 px-3">
          <i className="bi bi-heart display-6 text-body-secondary" aria-hidden="true" />
          <p className="mt-2 mb-1">{S.empty}</p>
          <p className="text-body-secondary">{S.emptyHint}</p>
          <Link to="/" className="btn btn-accent">
            {S.browse}
          </Link>
        </div>
      }
      pagesLabel={S.pages}
    >
      {({ data: items }) => (
        <ul className="list-unstyled d-grid gap-2 mb-3" aria-busy={saved.isFetching}>
          {items.map((entry, index) => (
            <li key={`${entry.provider ?? 'gone'}-${index}`}>
              <SavedItem saved={entry} removing={isPending} onRemove={() => void remove(entry)} />
            </li>
          ))}
        </ul>
      )}
    </PagedListPage>
  );
}
