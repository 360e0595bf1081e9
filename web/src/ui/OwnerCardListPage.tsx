import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Col, Row } from 'react-bootstrap';
import { PagedListPage } from './PagedListPage.tsx';
import type { ListPage, Paging } from './PagedListPage.tsx';
import { OwnListDeleteDialog } from './useOwnListDelete.tsx';
import type { useOwnListDelete } from './useOwnListDelete.tsx';

/** The texts of an owner's card list, as My Ads and My Places name them. */
export interface OwnerCardListTexts {
  title: string;
  pageSize: string;
  loadFailed: string;
  retry: string;
  empty: string;
  pages: string;
}

/**
 * An owner's records as a paged list of cards (My Ads, My Places): the title with the page's header
 * items, the page size, one to three cards a row as the screen allows, the pages, and the 'Confirm
 * deletion' dialog of `removal`.
 */
export function OwnerCardListPage<T extends { id: number }>({
  titleId,
  texts,
  headerExtras,
  toolbar,
  notice,
  paging,
  query,
  removal,
  children,
}: {
  titleId: string;
  texts: OwnerCardListTexts;
  headerExtras?: ReactNode;
  toolbar?: ReactNode;
  notice?: ReactNode;
  paging: Paging;
  query: UseQueryResult<{ data: T[]; meta: ListPage['meta'] }>;
  removal: Pick<ReturnType<typeof useOwnListDelete>, 'deleting' | 'busy' | 'confirm' | 'cancel'>;
  /** One record's card. */
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedListPage
      titleId={titleId}
      title={texts.title}
      headerExtras={headerExtras}
      perPageLabel={texts.pageSize}
      toolbar={toolbar}
      notice={notice}
      paging={paging}
      query={query}
      loadFailed={texts.loadFailed}
      retry={texts.retry}
      empty={texts.empty}
      pagesLabel={texts.pages}
      after={<OwnListDeleteDialog removal={removal} />}
    >
      {({ data }) => (
        <Row xs={1} sm={2} lg={3} className="g-3 mb-3" aria-busy={query.isFetching}>
          {data.map((item) => (
            <Col key={item.id}>{children(item)}</Col>
          ))}
        </Row>
      )}
    </PagedListPage>
  );
}
