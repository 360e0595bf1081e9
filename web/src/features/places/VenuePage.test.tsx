import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TVenueKind } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import VenuePage from './VenuePage.tsx';
import {
  answerPlaceLookups,
  buildPlace,
  buildReview,
  HOBBYIST,
  pageOf,
  PROVIDER_USER,
  renderPlacePage,
  TEST_PLACE_TYPES,
} from '../../test/testPlaces.tsx';

const V = MESSAGES.venues;
const R = MESSAGES.venueReviews;

const ROUTES = (['eroticbody', 'sextoy', 'stripclub'] as TVenueKind[]).flatMap((kind) => [
  { path: `/${kind}`, element: <VenuePage kind={kind} /> },
  { path: `/${kind}/:id`, element: <VenuePage kind={kind} /> },
]);

function venuesApi(
  answerList: (call: ApiCall) => Response = () => pageOf([]),
  user: object | null = null,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return mockApi((call) => {
    if (call.path === '/vendors' && call.method === 'GET') return answerList(call);
    return extra(call) ?? answerPlaceLookups(call, user);
  });
}

const lastList = (calls: ApiCall[]) => calls.filter((call) => call.path === '/vendors').at(-1);

describe('VenuePage: the listing', { timeout: 20_000 }, () => {
  it('heads the list with the real total, type and location, and shows each card', async () => {
    const calls = venuesApi(() =>
      pageOf(
        [
          buildPlace(5, { name: 'Calm Hands', rating: 4.5, review_count: 2, review: undefined }),
          buildPlace(4, { name: 'Fresh Start', image: { data: null }, review: undefined }),
        ],
        1,
        2,
        12,
      ),
    );
    renderPlacePage('/eroticbody?country=US&state=CA&city[0]=Reno&city[1]=San%20Jose', ROUTES, null);
    // Every chosen city is named (the header's chip shows the last one only).
    expect(
      await screen.findByRole('heading', { name: '12 Erotic Body Rubs in Reno and San Jose, CA' }),
    ).toBeTruthy();

    const calm = screen.getByRole('article', { name: 'Calm Hands' });
    expect(within(calm).getByRole('img', { name: `${V.rated} 4.5 ${V.outOf}` })).toBeTruthy();
    expect(within(calm).getByText(`2 ${V.reviews}`)).toBeTruthy();
    expect(within(calm).getByText('Erotic Body Rubs')).toBeTruthy();
    expect(within(calm).getByText('5550102030')).toBeTruthy();
    expect(within(calm).getByText('1 Main St, San Jose, CA, 95112, US')).toBeTruthy();
    expect(within(calm).getByRole('link', { name: 'Calm Hands' }).getAttribute('href')).toBe(
      '/eroticbody/5?country=US&state=CA&city[0]=Reno&city[1]=San%20Jose',
    );
    const fresh = screen.getByRole('article', { name: 'Fresh Start' });
    expect(within(fresh).getByText(V.noReviews)).toBeTruthy();
    expect(within(fresh).getByRole('img', { name: V.placeholderImage })).toBeTruthy();

    // Approved places of the kind in the chosen state and cities, ten a page, newest first.
    const list = lastList(calls)!.search;
    expect(list.get('filters[vendor_type][type][$eq]')).toBe('eroticbody');
    expect(list.get('filters[address][state][$eq]')).toBe('CA');
    expect(list.get('filters[address][city][$in][0]')).toBe('Reno');
    expect(list.get('filters[address][city][$in][1]')).toBe('San Jose');
    expect(list.get('pagination[pageSize]')).toBe('10');
    expect(list.get('pagination[page]')).toBe('1');
    expect(list.get('sort')).toBe('id:desc');

    // Prev / numbered / Next are links keeping the location.
    const pages = screen.getByRole('navigation', { name: V.pages });
    expect(
      within(pages).getByRole('link', { name: MESSAGES.pagination.next }).getAttribute('href'),
    ).toContain('state=CA&city[0]=Reno&city[1]=San%20Jose&page=2');
    // Services side list for body rubs, built of real links.
    const services = screen.getByRole('navigation', { name: V.services });
    expect(within(services).getByRole('link', { name: MESSAGES.nav.sexToy }).getAttribute('href')).toContain(
      '/sextoy?country=US&state=CA',
    );
  });

  it('says "in CA" without a city (the default location) and uses the type name, singular for one', async () => {
    venuesApi(() =>
      pageOf([buildPlace(5, { vendor_type: { data: TEST_PLACE_TYPES[1] as never } })], 1, 1, 1),
    );
    renderPlacePage('/sextoy', ROUTES, null);
    expect(await screen.findByRole('heading', { name: '1 Sex Toy Shop in CA' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: V.forums })).toBeTruthy();
  });

  it('sort links set ?sort= and change the request; the active one is marked; pages follow', async () => {
    const calls = venuesApi((call) => {
      const page = Number(call.search.get('pagination[page]'));
      return pageOf([buildPlace(50 - page, { name: `Club on page ${page}` })], page, 3, 25);
    });
    const { router } = renderPlacePage('/stripclub?state=NV', ROUTES, null);
    await screen.findByRole('article', { name: 'Club on page 1' });
    expect(screen.queryByRole('navigation', { name: V.services })).toBeNull();
    const sorts = screen.getByRole('navigation', { name: V.sortBy });
    for (const label of [V.sortRating, V.sortReviews, V.sortDate, V.sortVideos])
      expect(within(sorts).getByRole('link', { name: label }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(sorts).getByRole('link', { name: V.sortRating }));
    await waitFor(() => expect(lastList(calls)!.search.get('sort[0]')).toBe('rating:desc'));
    expect(router.state.location.search).toBe('?state=NV&sort=rating');
    expect(lastList(calls)!.search.get('sort[1]')).toBe('review_count:desc');
    expect(lastList(calls)!.search.get('filters[address][state][$eq]')).toBe('NV');
    expect(
      within(screen.getByRole('navigation', { name: V.sortBy }))
        .getByRole('link', { name: V.sortRating })
        .getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: V.sortDate }));
    await waitFor(() => expect(lastList(calls)!.search.get('sort[0]')).toBe('last_review_at:desc'));
    fireEvent.click(screen.getByRole('link', { name: V.sortVideos }));
    await waitFor(() => expect(lastList(calls)!.search.get('sort[0]')).toBe('has_video:desc'));
    fireEvent.click(screen.getByRole('link', { name: V.sortReviews }));
    await waitFor(() => expect(lastList(calls)!.search.get('sort[0]')).toBe('review_count:desc'));

    fireEvent.click(screen.getByRole('link', { name: MESSAGES.pagination.next }));
    expect(await screen.findByRole('article', { name: 'Club on page 2' })).toBeTruthy();
    expect(router.state.location.search).toBe('?state=NV&sort=reviews&page=2');
    expect(lastList(calls)!.search.get('sort[0]')).toBe('review_count:desc');
    fireEvent.click(screen.getByRole('link', { name: MESSAGES.pagination.prev }));
    expect(await screen.findByRole('article', { name: 'Club on page 1' })).toBeTruthy();
  });

  it.each([
    ['a visitor', null, '/login'],
    ['a provider', PROVIDER_USER, '/place/add'],
    ['a hobbyist', HOBBYIST, null],
  ])('shows Add Place to %s accordingly', async (_who, user, href) => {
    venuesApi(() => pageOf([]), user);
    renderPlacePage('/eroticbody', ROUTES, user);
    expect(await screen.findByText(V.empty)).toBeTruthy();
    const link = screen.queryByRole('link', { name: V.addPlace });
    if (href === null) expect(link).toBeNull();
    else expect(link?.getAttribute('href')).toBe(href);
  });

  it('a page past the last one says so and links to the last page', async () => {
    venuesApi((call) => pageOf([], Number(call.search.get('pagination[page]')), 2, 12));
    const { router } = renderPlacePage('/sextoy?state=CA&sort=rating&page=99', ROUTES, null);
    expect(await screen.findByText(V.pastLastPage)).toBeTruthy();
    expect(screen.queryByText(V.empty)).toBeNull();
    const last = screen.getByRole('link', { name: V.lastPage });
    expect(last.getAttribute('href')).toBe('/sextoy?state=CA&sort=rating&page=2');
    fireEvent.click(last);
    await waitFor(() => expect(router.state.location.search).toBe('?state=CA&sort=rating&page=2'));
  });

  it('falls back to the listing for a non-numeric id', async () => {
    venuesApi(() => pageOf([buildPlace(5, { name: 'Calm Hands' })], 1, 1, 1));
    renderPlacePage('/eroticbody/abc', ROUTES, null);
    expect(await screen.findByRole('heading', { name: '1 Erotic Body Rub in CA' })).toBeTruthy();
  });
});

function detailApi(user: object | null, options: { own?: boolean; conflict?: boolean } = {}) {
  const place = buildPlace(5, {
    name: 'Calm Hands',
    rating: 4,
    review_count: 1,
    video: { data: { id: 3, attributes: { url: '/uploads/clip.mp4' } } },
    review: undefined,
  });
  const others = [buildReview(1, 4, 'Clean and friendly.')];
  return venuesApi(
    () => pageOf([]),
    user,
    (call) => {
      if (call.path === '/vendors/5') return jsonResponse({ data: place });
      if (call.path === '/vendors/6') return errorResponse(404, 'Not Found');
      if (call.path === '/vendor-reviews' && call.method === 'GET') {
        if (call.search.get('filters[user][id][$eq]'))
          return pageOf(
            options.own ? [buildReview(2, 5, 'My own words.', { id: HOBBYIST.id, username: 'hal' })] : [],
          );
        return pageOf(others);
      }
      if (call.path === '/vendor-reviews' && call.method === 'POST')
        return options.conflict
          ? errorResponse(409, R.alreadyReviewed)
          : jsonResponse({ data: buildReview(3, 5, 'Great') });
      if (call.path === '/vendor-reviews/2' && call.method === 'DELETE')
        return jsonResponse({ data: buildReview(2, 5, 'x') });
      return undefined;
    },
  );
}

describe('VenuePage: a place', { timeout: 20_000 }, () => {
  it('shows the facts, a map link, the video, the reviews and Report; visitors are asked to log in', async () => {
    detailApi(null);
    renderPlacePage('/eroticbody/5', ROUTES, null);
    expect(await screen.findByRole('heading', { name: 'Calm Hands' })).toBeTruthy();
    expect(screen.getByText('1 Main St, San Jose, CA, 95112, US')).toBeTruthy();
    expect(screen.getByRole('link', { name: V.map }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=1%20Main%20St%2C%20San%20Jose%2C%20CA%2C%2095112%2C%20US',
    );
    const website = screen.getByRole('link', { name: 'https://place.example.test' });
    expect(website.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/uploads/clip.mp4');
    expect(screen.getByRole('button', { name: MESSAGES.report.button })).toBeTruthy();
    expect(await screen.findByText('Clean and friendly.')).toBeTruthy();
    // The author by username: the API answers no member's real name to another.
    expect(screen.getByText('hugo77')).toBeTruthy();
    expect(screen.getByRole('link', { name: R.loginToReview }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('form', { name: R.write })).toBeNull();
  });

  it('lets a hobbyist write a review and shows the 409 of a second one', async () => {
    const calls = detailApi(HOBBYIST, { conflict: true });
    renderPlacePage('/eroticbody/5', ROUTES, HOBBYIST);
    const form = await screen.findByRole('form', { name: R.write });
    fireEvent.click(within(form).getByRole('button', { name: R.post }));
    expect(await within(form).findByText(R.ratingRequired)).toBeTruthy();
    expect(within(form).getByText(R.textRequired)).toBeTruthy();

    fireEvent.click(within(form).getByRole('radio', { name: `4 ${R.stars}` }));
    fireEvent.change(within(form).getByLabelText(R.text), { target: { value: '  Very calm place.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: R.post }));
    expect((await within(form).findAllByText(R.alreadyReviewed)).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { vendor: 5, rating: 4, review: 'Very calm place.' },
    });
  });

  it("shows the hobbyist's own review with Edit and Delete", async () => {
    const calls = detailApi(HOBBYIST, { own: true });
    renderPlacePage('/eroticbody/5', ROUTES, HOBBYIST);
    const own = await screen.findByRole('region', { name: R.yourReview });
    expect(within(own).getByText('My own words.')).toBeTruthy();
    fireEvent.click(within(own).getByRole('button', { name: R.edit }));
    const form = await screen.findByRole('form', { name: R.yourReview });
    expect((within(form).getByRole('radio', { name: `5 ${R.stars}` }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(form).getByRole('button', { name: R.cancel }));

    fireEvent.click(
      within(await screen.findByRole('region', { name: R.yourReview })).getByRole('button', {
        name: R.delete,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmDelete.title });
    fireEvent.click(within(dialog).getByRole('button', { name: R.delete }));
    expect(await screen.findByText(R.deleted)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/vendor-reviews/2')).toBe(true);
  });

  it("moves a place shown under another kind's path to its own kind, the query kept", async () => {
    detailApi(null);
    const { router } = renderPlacePage('/sextoy/5?state=CA&city[0]=San%20Jose', ROUTES, null);
    expect(await screen.findByRole('heading', { name: 'Calm Hands' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/eroticbody/5');
    expect(router.state.location.search).toBe('?state=CA&city[0]=San%20Jose');
    // The body-rub side list (Services), not the sex toy shops' Forums.
    expect(screen.getByRole('navigation', { name: V.services })).toBeTruthy();
  });

  it('says a missing place is not found', async () => {
    detailApi(null);
    renderPlacePage('/eroticbody/6', ROUTES, null);
    expect(await screen.findByText(V.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: V.backToList }).getAttribute('href')).toBe('/eroticbody');
  });
});
