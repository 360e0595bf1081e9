import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { FILTER_SECTIONS, MESSAGES, parseDirectoryQuery, toDirectorySearch } from '@app/domain';
import { AppProviders, createQueryClient } from '../../app/providers.tsx';
import { readServerState, SERVER_STATE_ELEMENT_ID } from '../../app/serverState.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { directoryKeys } from './api.ts';
import { DirectoryPage } from './DirectoryPage.tsx';
import { FIRST_CARDS } from './listing/ListingResults.tsx';
import { LocationPicker } from './location/LocationPicker.tsx';

// The card is another engineer's component with its own tests; here it only has to show which item it got.
vi.mock('./ProviderCard.tsx', () => ({
  ProviderCard: ({ provider }: { provider: { id: number; attributes: { title: string } } }) => (
    <article data-testid="card">{provider.attributes.title}</article>
  ),
}));

// jsdom has no matchMedia; the offcanvas asks it for the responsive breakpoint.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

const F = MESSAGES.filters;
const D = MESSAGES.directory;

const COUNTS = {
  language: { 1: 9, 2: 4 },
  race: { 5: 6 },
  call: { Incall: 12, Outcall: 8, 'Outcall/Incall': 3 },
  kissing: { yes: 14, no: 6 },
  kissing_types: { Light: 5, Moderate: 4, Heavy: 2 },
  fellatio: { yes: 10, no: 3 },
  fellatio_type: { CBJ: 4, BBJ: 2 },
  cunnilingus: { yes: 7, no: 2 },
  anilingus: { yes: 3, no: 9 },
  anilingus_act: { Give: 1, Receive: 2, Both: 1 },
  vaginal: { yes: 8, no: 1 },
  vaginal_type: { CFS: 3, BFS: 2 },
  anal: { yes: 2, no: 10 },
  anal_activity: { CAS: 1, BAS: 1 },
  cum_type: { Swallow: 2, Drool: 1, Spit: 3, CIP: 1, COF: 2, COT: 1, COB: 1, COA: 0, CIA: 0 },
  threesome: { yes: 4, no: 11 },
  massage: { yes: 13, no: 2 },
  personality: { Submissive: 3, Confident: 9, Dominant: 4 },
  grooming: { Natural: 5, Trimmed: 6, Bare: 7 },
};

function providerList(page: number, total: number) {
  const pageSize = 10;
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  return {
    data: Array.from({ length: count }, (_, i) => ({
      id: 1000 - (page - 1) * pageSize - i,
      attributes: { title: `Provider ${(page - 1) * pageSize + i + 1}`, name: 'Demo' },
    })),
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

interface Options {
  total?: number;
  failProviders?: boolean;
  /** The listing's total for a call's query, when it depends on the filters. */
  totalOf?: (search: URLSearchParams) => number;
}

// Every section but Call has an N/A option.
const NA_SECTIONS = FILTER_SECTIONS.filter((section) => section !== 'call');

function mockDirectoryApi({ total: fixedTotal = 23, failProviders = false, totalOf }: Options = {}) {
  return mockApi((call: ApiCall) => {
    const total = totalOf?.(call.search) ?? fixedTotal;
    switch (call.path) {
      case '/providers':
        if (failProviders) return errorResponse(500, 'Internal Server Error');
        return jsonResponse(providerList(Number(call.search.get('pagination[page]') ?? 1), total));
      case '/filterdata':
        // Without the kissing sub-types (the linked query for the Kissing radios) No counts 6, with them 0.
        return jsonResponse({
          data: {
            total,
            counts: call.search.has('filter[kissing_types][0]')
              ? { ...COUNTS, kissing: { yes: 5, no: 0 } }
              : COUNTS,
            na: { ...Object.fromEntries(NA_SECTIONS.map((section) => [section, total])), language: 21 },
            cum: { CIM: 7, Anywhere: 11 },
          },
        });
      case '/languages':
        return jsonResponse({
          data: [
            { id: 1, attributes: { lang_name: 'English', provider: 20 } },
            { id: 2, attributes: { lang_name: 'Spanish', provider: 5 } },
            { id: 0, attributes: { lang_name: 'N/A', provider: 1 } },
          ],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 3 } },
        });
      case '/races':
        return jsonResponse({
          data: [
            { id: 5, attributes: { race_name: 'Latina', provider: 6 } },
            { id: 0, attributes: { race_name: 'N/A', provider: 2 } },
          ],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
        });
      case '/provider-count-by-country':
        return jsonResponse({ data: [{ country_code: 'US', provider: 23 }] });
      case '/state-by-country':
        return jsonResponse({
          data: [
            { state_code: 'CA', state_name: 'California', provider: 15 },
            { state_code: 'TX', state_name: 'Texas', provider: 8 },
          ],
        });
      case '/cityByState':
        return jsonResponse({
          data:
            call.search.get('state_code') === 'TX'
              ? [
                  { city_name: 'Austin', state_code: 'TX', state_name: 'Texas', provider: 5 },
                  { city_name: 'Dallas', state_code: 'TX', state_name: 'Texas', provider: 3 },
                ]
              : [{ city_name: 'San Jose', state_code: 'CA', state_name: 'California', provider: 15 }],
        });
      default:
        return undefined;
    }
  });
}

function renderDirectory(initial = '/') {
  const page = (
    <>
      <LocationPicker />
      <DirectoryPage />
    </>
  );
  return renderRoutes(
    [
      { path: '/', element: page },
      { path: '/ad/:page', element: page },
    ],
    [initial],
  );
}

const group = (name: string) => within(screen.getByRole('group', { name }));
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;

/** Makes `matchMedia` answer width queries as a screen `width` pixels wide would; returns the undo. */
function mockScreenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { ...original(query), media: query, matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

/**
 * A click as the browser delivers it, outside act(): React renders the router's navigation later, as
 * a transition, so what the box shows right after the click is what the visitor sees in that frame.
 */
function clickNow(element: HTMLElement) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    element.click();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/** The filter state and location the router's URL holds now. */
function currentQuery(router: ReturnType<typeof renderDirectory>['router']) {
  return parseDirectoryQuery(router.state.location.search);
}

// Many clicks, each a navigation and two fetches: generous on a busy machine.
describe('DirectoryPage', { timeout: 20_000 }, () => {
  it('shows a spinner, then the disclaimer, the total, the cards and option counts', async () => {
    mockDirectoryApi();
    renderDirectory();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('23 providers')).toBeTruthy();
    expect(screen.getByText(D.rolePlay)).toBeTruthy();
    // The first cards come with the data, the others follow in batches, in the listing's order.
    expect(screen.getAllByTestId('card').length).toBeGreaterThanOrEqual(FIRST_CARDS);
    await waitFor(() => expect(screen.getAllByTestId('card')).toHaveLength(10));
    expect(screen.getAllByTestId('card').map((card) => card.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Provider ${i + 1}`),
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByLabelText('Incall (12)')).toBeTruthy();
    expect(screen.getByLabelText('Outcall (8)')).toBeTruthy();
    // Both stands for Incall ∪ Outcall: 12 + 8 − 3 providers offering both.
    expect(screen.getByLabelText('Both (17)')).toBeTruthy();
    expect(await screen.findByLabelText('English (9)')).toBeTruthy();
    // N/A counts what clearing the section lists (from the counts, not the lookup's own N/A entry).
    expect(group(F.language).getByLabelText('N/A (21)')).toBeTruthy();
    expect(group(F.race).getByLabelText('N/A (23)')).toBeTruthy();
    expect(group(F.kissing).getByLabelText('N/A (23)')).toBeTruthy();
    expect(group(F.age).getByLabelText(`${F.rangeNa} (23)`)).toBeTruthy();
    expect(group(F.cum).getByLabelText(`${F.cim} (7)`)).toBeTruthy();
    expect(group(F.cum).getByLabelText(`${F.cumAnywhere} (11)`)).toBeTruthy();
    expect(group(F.kissing).getByLabelText('Yes (14)')).toBeTruthy();
    expect(screen.getByLabelText('Give to provider (1)')).toBeTruthy();
    for (const section of [F.age, F.donation, F.cum, F.threesome, F.massage, F.personality, F.grooming]) {
      expect(screen.getByRole('button', { name: section })).toBeTruthy();
    }
  });

  it('starts from the answers of the server’s render: its cards on the first render, no call', async () => {
    const calls = mockDirectoryApi();
    const home = { filters: {}, location: { country: 'US', state: 'CA' } };
    // As the server's render leaves them in the page (entry-server.tsx) and main.tsx takes them.
    const rendered = new QueryClient();
    rendered.setQueryData(directoryKeys.providers(toDirectorySearch(home), 1), providerList(1, 42));
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SERVER_STATE_ELEMENT_ID;
    element.textContent = JSON.stringify(dehydrate(rendered));
    document.body.append(element);
    const queryClient = createQueryClient();
    hydrate(queryClient, readServerState()!);
    render(
      <AppProviders queryClient={queryClient} hydrating>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <DirectoryPage /> }])} />
      </AppProviders>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('42 providers')).toBeTruthy();
    expect(screen.getAllByTestId('card')[0]!.textContent).toBe('Provider 1');
    await waitFor(() => expect(screen.getAllByTestId('card')).toHaveLength(10));
    expect(calls.filter((c) => c.path === '/providers')).toEqual([]);
    // Taken once.
    expect(document.getElementById(SERVER_STATE_ELEMENT_ID)).toBeNull();
  });

  it('shows the default location, US and CA, when the URL has none', async () => {
    const calls = mockDirectoryApi();
    renderDirectory();
    await screen.findByText('23 providers');
    const listing = calls.find((c) => c.path === '/providers')!;
    expect(listing.search.get('country')).toBe('US');
    expect(listing.search.get('state')).toBe('CA');
    expect(screen.getByTestId('location-picker').textContent).toContain('US > CA');
  });

  it('requests the listing with the relations, page size, sort and the URL’s facet parameters', async () => {
    const calls = mockDirectoryApi();
    renderDirectory('/ad/2?filter[kissing]=yes&state=CA&city[0]=San%20Jose&country=US');
    await screen.findByText('23 providers');
    const listing = calls.find((c) => c.path === '/providers')!;
    expect(listing.search.get('pagination[page]')).toBe('2');
    expect(listing.search.get('pagination[pageSize]')).toBe('10');
    expect(listing.search.get('sort')).toBe('id:desc');
    expect([0, 1, 2, 3, 4].map((i) => listing.search.get(`populate[${i}]`))).toEqual([
      'images',
      'language',
      'race',
      'user',
      'video',
    ]);
    expect(listing.search.get('filter[kissing]')).toBe('yes');
    expect(listing.search.get('city[0]')).toBe('San Jose');
    const counts = calls.find((c) => c.path === '/filterdata')!;
    expect(counts.search.toString()).toBe(
      new URLSearchParams('filter[kissing]=yes&country=US&state=CA&city[0]=San Jose').toString(),
    );
    expect(listing.authorization).toBeNull();
  });

  it('Call: Both selects all three, Incall and Outcall exclude each other', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    fireEvent.click(await screen.findByLabelText('Both (17)'));
    await waitFor(() =>
      expect(currentQuery(router).filters.call).toEqual(['Incall', 'Outcall', 'Outcall/Incall']),
    );
    expect(isChecked(screen.getByLabelText(/^Incall/))).toBe(true);
    expect(isChecked(screen.getByLabelText(/^Outcall/))).toBe(true);
    fireEvent.click(group(F.call).getByLabelText(/^Both/));
    await waitFor(() => expect(currentQuery(router).filters.call).toBeUndefined());
    fireEvent.click(screen.getByLabelText(/^Incall/));
    await waitFor(() => expect(currentQuery(router).filters.call).toEqual(['Incall']));
    fireEvent.click(screen.getByLabelText(/^Outcall/));
    await waitFor(() => expect(currentQuery(router).filters.call).toEqual(['Outcall']));
    expect(isChecked(screen.getByLabelText(/^Incall/))).toBe(false);
  });

  it('sub-types set the parent to yes and clear with it; No or N/A clear them', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    fireEvent.click(await screen.findByLabelText('Light (5)'));
    await waitFor(() =>
      expect(currentQuery(router).filters).toEqual({ kissing: 'yes', kissing_types: ['Light'] }),
    );
    expect(isChecked(group(F.kissing).getByLabelText(/^Yes/))).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Light/));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({}));
    expect(isChecked(group(F.kissing).getByLabelText(/^N\/A/))).toBe(true);

    fireEvent.click(screen.getByLabelText('CBJ (4)'));
    fireEvent.click(await screen.findByLabelText('Moderate (4)'));
    await waitFor(() => expect(currentQuery(router).filters.kissing_types).toEqual(['Moderate']));
    fireEvent.click(group(F.fellatio).getByLabelText(/^No/));
    await waitFor(() =>
      expect(currentQuery(router).filters).toEqual({
        kissing: 'yes',
        kissing_types: ['Moderate'],
        fellatio: 'no',
      }),
    );
    expect(isChecked(screen.getByLabelText(/^CBJ/))).toBe(false);
    fireEvent.click(group(F.kissing).getByLabelText(/^N\/A/));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({ fellatio: 'no' }));

    fireEvent.click(screen.getByLabelText('Give to provider (1)'));
    fireEvent.click(await screen.findByLabelText('CAS (1)'));
    await waitFor(() =>
      expect(currentQuery(router).filters).toMatchObject({
        anilingus: 'yes',
        anilingus_act: ['Give'],
        anal: 'yes',
        anal_activity: ['CAS'],
      }),
    );
  });

  it('counts a parent’s Yes/No as the click filters: without the sub-types it clears', async () => {
    const calls = mockDirectoryApi();
    renderDirectory('/?filter[kissing]=yes&filter[kissing_types][0]=Light');
    expect(await group(F.kissing).findByLabelText('No (6)')).toBeTruthy();
    expect(group(F.kissing).getByLabelText('Yes (14)')).toBeTruthy();
    const linked = calls.filter((c) => c.path === '/filterdata' && !c.search.has('filter[kissing_types][0]'));
    expect(linked.map((c) => c.search.get('filter[kissing]'))).toContain('yes');
    expect(screen.getByLabelText('Light (5)')).toBeTruthy();
  });

  it('Cum: CIM selects the mouth options, Anywhere the finishing places, N/A clears all', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    const cum = () => group(F.cum);
    fireEvent.click(await screen.findByLabelText(/^CIM/));
    await waitFor(() => expect(currentQuery(router).filters.cum_type).toEqual(['Swallow', 'Drool', 'Spit']));
    expect(isChecked(cum().getByLabelText('Drool (1)'))).toBe(true);
    fireEvent.click(cum().getByLabelText(new RegExp(`^${F.cumAnywhere}`)));
    await waitFor(() =>
      expect(currentQuery(router).filters.cum_type).toEqual([
        'Swallow',
        'Drool',
        'Spit',
        'CIP',
        'COF',
        'COT',
        'COB',
        'COA',
        'CIA',
      ]),
    );
    fireEvent.click(cum().getByLabelText('Spit (3)'));
    await waitFor(() => expect(currentQuery(router).filters.cum_type).not.toContain('Spit'));
    expect(isChecked(cum().getByLabelText(/^CIM/))).toBe(false);
    fireEvent.click(cum().getByLabelText(/^N\/A/));
    await waitFor(() => expect(currentQuery(router).filters.cum_type).toBeUndefined());
  });

  it('checkbox groups: options add up, N/A clears; radio groups keep their value', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    fireEvent.click(await screen.findByLabelText('English (9)'));
    fireEvent.click(await screen.findByLabelText('Spanish (4)'));
    fireEvent.click(screen.getByLabelText('Confident (9)'));
    fireEvent.click(group(F.massage).getByLabelText('Yes (13)'));
    await waitFor(() =>
      expect(currentQuery(router).filters).toEqual({
        language: [1, 2],
        personality: ['Confident'],
        massage: 'yes',
      }),
    );
    fireEvent.click(group(F.language).getByLabelText('N/A (21)'));
    fireEvent.click(group(F.personality).getByLabelText(/^N\/A/));
    fireEvent.click(group(F.massage).getByLabelText(/^N\/A/));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({}));
  });

  it('a filter change goes back to page 1 and keeps the location', async () => {
    const calls = mockDirectoryApi();
    const { router } = renderDirectory('/ad/3?state=TX&country=US');
    fireEvent.click(await screen.findByLabelText('Latina (6)'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(currentQuery(router)).toEqual({
      filters: { race: [5] },
      location: { country: 'US', state: 'TX' },
    });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/filterdata')
          .at(-1)
          ?.search.get('filter[race][0]'),
      ).toBe('5'),
    );
  });

  it('age slider: commits after the pause; N/A removes the range', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    await screen.findByText('23 providers');
    const min = screen.getByLabelText(new RegExp(`^${F.ageMin}`));
    expect(isChecked(group(F.age).getByLabelText(`${F.rangeNa} (23)`))).toBe(true);
    fireEvent.change(min, { target: { value: '25' } });
    expect(currentQuery(router).filters.age).toBeUndefined();
    await waitFor(() => expect(currentQuery(router).filters.age).toEqual([25, 100]), { timeout: 2000 });
    await waitFor(() => expect(isChecked(group(F.age).getByLabelText(`${F.rangeNa} (23)`))).toBe(false));
    // The maximum never goes below the minimum.
    fireEvent.change(screen.getByLabelText(new RegExp(`^${F.ageMax}`)), { target: { value: '20' } });
    await waitFor(() => expect(currentQuery(router).filters.age).toEqual([25, 25]), { timeout: 2000 });
    fireEvent.click(group(F.age).getByLabelText(`${F.rangeNa} (23)`));
    await waitFor(() => expect(currentQuery(router).filters.age).toBeUndefined());
  });

  it('pagination: Prev, a window of pages and Next keep the query; the ends are disabled', async () => {
    mockDirectoryApi({ total: 95 });
    const { router } = renderDirectory('/ad/1?state=CA');
    const nav = await screen.findByRole('navigation', { name: MESSAGES.pagination.label });
    expect(within(nav).queryByRole('link', { name: MESSAGES.pagination.prev })).toBeNull();
    expect(within(nav).getByText('1').closest('[aria-current="page"]')).toBeTruthy();
    const next = within(nav).getByRole('link', { name: MESSAGES.pagination.next });
    expect(next.getAttribute('href')).toBe('/ad/2?state=CA');
    expect(within(nav).getByRole('link', { name: 'Page 10' }).getAttribute('href')).toBe('/ad/10?state=CA');
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ad/2'));
    expect(await screen.findByText('Provider 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Page 10' }));
    expect(await screen.findByText('Provider 91')).toBeTruthy();
    const last = screen.getByRole('navigation', { name: MESSAGES.pagination.label });
    expect(within(last).queryByRole('link', { name: MESSAGES.pagination.next })).toBeNull();
    expect(within(last).getByRole('link', { name: MESSAGES.pagination.prev }).getAttribute('href')).toBe(
      '/ad/9?state=CA',
    );
  });

  it('a failed load stops the spinner and shows the empty state', async () => {
    mockDirectoryApi({ failProviders: true });
    renderDirectory();
    expect(await screen.findByText(D.failed)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('listing-total')).toBeNull();
  });

  it('shows the empty state when nothing matches', async () => {
    mockDirectoryApi({ total: 0 });
    renderDirectory('/?filter[anal]=yes');
    expect(await screen.findByText(D.empty)).toBeTruthy();
    expect(screen.getByText('0 providers')).toBeTruthy();
    // Clearing the filters keeps the location (here the default one).
    expect(screen.getByRole('link', { name: D.clearFilters }).getAttribute('href')).toBe(
      '/?country=US&state=CA',
    );
  });

  it('the Categories heading is a button that hides and shows the whole filter panel', async () => {
    mockDirectoryApi();
    renderDirectory();
    await screen.findByLabelText('Incall (12)');
    const toggle = screen.getByRole('button', { name: F.title });
    expect(toggle.closest('h2')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(panel.contains(screen.getByLabelText('Incall (12)'))).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole('group', { name: F.language })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('group', { name: F.language })).toBeTruthy();
  });

  // The page, then the sheet's own panel, then a tick and its answers: the longest here.
  it(
    'on a narrow screen the panel is a sheet: folded sections but those chosen, and Show N results',
    { timeout: 40_000 },
    async () => {
      const restore = mockScreenWidth(390);
      try {
        mockDirectoryApi({ totalOf: (search) => (search.has('filter[language][0]') ? 9 : 23) });
        const { router } = renderDirectory('/?filter[massage]=yes');
        await screen.findByText('23 providers');
        const toggle = screen.getByRole('button', { name: F.title });
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByRole('dialog')).toBeNull();

        // As a click on it does in a browser (the sheet gives focus back to it when it closes).
        toggle.focus();
        fireEvent.click(toggle);
        const sheet = await screen.findByRole('dialog', { name: F.title });
        expect(toggle.getAttribute('aria-expanded')).toBe('true');
        expect(within(sheet).getByRole('button', { name: F.closeSheet })).toBeTruthy();
        // Only the section with a choice is open.
        const sectionButton = (name: string) => within(sheet).getByRole('button', { name });
        expect(sectionButton(F.massage).getAttribute('aria-expanded')).toBe('true');
        for (const section of [F.language, F.race, F.call, F.age, F.kissing, F.grooming]) {
          expect(sectionButton(section).getAttribute('aria-expanded')).toBe('false');
        }
        expect(within(sheet).getByRole('button', { name: 'Show 23 results' })).toBeTruthy();

        fireEvent.click(sectionButton(F.language));
        expect(sectionButton(F.language).getAttribute('aria-expanded')).toBe('true');
        fireEvent.click(await within(sheet).findByLabelText('English (9)'));
        await waitFor(() => expect(currentQuery(router).filters).toEqual({ language: [1], massage: 'yes' }));
        // The count follows the filters; the sheet stays open.
        const show = await within(sheet).findByRole('button', { name: 'Show 9 results' }, { timeout: 5000 });
        expect(screen.getByRole('dialog', { name: F.title })).toBe(sheet);

        fireEvent.click(show);
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        // Focus goes to the listing's heading, above the chips of the chosen filters.
        await waitFor(() =>
          expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: D.title })),
        );
        const chips = screen.getByRole('list', { name: F.chosenLabel });
        expect(within(chips).getByRole('button', { name: `Remove ${F.language}: English` })).toBeTruthy();
        expect(within(chips).getByRole('button', { name: `Remove ${F.massage}: ${F.yes}` })).toBeTruthy();
      } finally {
        restore();
      }
    },
  );

  it('the sheet’s close button closes it and gives focus back to the Categories button', async () => {
    const restore = mockScreenWidth(390);
    try {
      mockDirectoryApi();
      renderDirectory();
      await screen.findByText('23 providers');
      const toggle = screen.getByRole('button', { name: F.title });
      // As a click on it does in a browser (the sheet gives focus back to it when it closes).
      toggle.focus();
      fireEvent.click(toggle);
      const sheet = await screen.findByRole('dialog', { name: F.title });
      // Nothing chosen: every section starts folded.
      for (const section of [F.language, F.massage, F.grooming]) {
        expect(within(sheet).getByRole('button', { name: section }).getAttribute('aria-expanded')).toBe(
          'false',
        );
      }
      fireEvent.click(within(sheet).getByRole('button', { name: F.closeSheet }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(toggle));
      expect(screen.queryByRole('list', { name: F.chosenLabel })).toBeNull();
    } finally {
      restore();
    }
  });

  it('chosen filters are chips that remove their filter; focus moves to the next chip, then the heading', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory(
      '/?filter[call][0]=Incall&filter[age][0]=25&filter[age][1]=40&filter[kissing]=yes&filter[kissing_types][0]=Light',
    );
    const chips = await screen.findByRole('list', { name: F.chosenLabel });
    const names = () =>
      within(chips)
        .queryAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label'));
    expect(names()).toEqual([
      `Remove ${F.call}: ${F.incall}`,
      `Remove ${F.age}: 25–40`,
      `Remove ${F.kissing}: Light`,
    ]);
    // The chip's text is in its name.
    expect(within(chips).getByRole('button', { name: `Remove ${F.age}: 25–40` }).textContent).toBe(
      `${F.age}: 25–40`,
    );

    fireEvent.click(within(chips).getByRole('button', { name: `Remove ${F.kissing}: Light` }));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({ call: ['Incall'], age: [25, 40] }));
    expect(names()).toEqual([`Remove ${F.call}: ${F.incall}`, `Remove ${F.age}: 25–40`]);
    // The last chip went: focus on the one before it.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`Remove ${F.age}: 25–40`);
    // The panel shows the change too.
    expect(isChecked(group(F.kissing).getByLabelText(/^N\/A/))).toBe(true);

    fireEvent.click(within(chips).getByRole('button', { name: `Remove ${F.call}: ${F.incall}` }));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({ age: [25, 40] }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`Remove ${F.age}: 25–40`);

    fireEvent.click(within(chips).getByRole('button', { name: `Remove ${F.age}: 25–40` }));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({}));
    expect(screen.queryByRole('list', { name: F.chosenLabel })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: D.title }));
  });

  it('Clear all filters beside the chips keeps the location', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory('/?filter[massage]=yes&filter[grooming][0]=Bare&state=TX&country=US');
    await screen.findByRole('list', { name: F.chosenLabel });
    fireEvent.click(screen.getByRole('link', { name: D.clearFilters }));
    await waitFor(() => expect(currentQuery(router).filters).toEqual({}));
    expect(currentQuery(router).location).toEqual({ country: 'US', state: 'TX' });
    await waitFor(() => expect(screen.queryByRole('list', { name: F.chosenLabel })).toBeNull());
  });

  it('a filter change brings the listing’s heading into view when the visitor scrolled past it', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      mockDirectoryApi();
      renderDirectory();
      const heading = await screen.findByRole('heading', { level: 1, name: D.title });
      // In view: nothing moves.
      fireEvent.click(await screen.findByLabelText('Incall (12)'));
      await screen.findByRole('list', { name: F.chosenLabel });
      expect(scrolled).toEqual([]);
      // Scrolled down the panel: the heading is above the window.
      heading.getBoundingClientRect = () => ({ top: -2000, bottom: -1970 }) as DOMRect;
      fireEvent.click(screen.getByLabelText(/^Bare/));
      expect(scrolled).toEqual([heading]);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('a tick shows at once, while the URL and the counts are still on their way', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory();
    // As a visitor would: first a location from the header, then a filter.
    fireEvent.click(await screen.findByTestId('location-picker'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByLabelText('Texas (8)'));
    fireEvent.click(await within(dialog).findByLabelText('Austin (5)'));
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.location.find }));
    await waitFor(() => expect(currentQuery(router).location.state).toBe('TX'));
    await screen.findByText('23 providers');

    clickNow(await screen.findByLabelText('Incall (12)'));
    expect(isChecked(screen.getByLabelText(/^Incall/))).toBe(true);
    // Two quick ticks both count, the second does not undo the first.
    clickNow(screen.getByLabelText(/^Submissive/));
    clickNow(screen.getByLabelText(/^Confident/));
    expect(isChecked(screen.getByLabelText(/^Submissive/))).toBe(true);
    expect(isChecked(screen.getByLabelText(/^Confident/))).toBe(true);
    expect(isChecked(group(F.personality).getByLabelText(/^N\/A/))).toBe(false);
    await waitFor(() =>
      expect(currentQuery(router)).toEqual({
        filters: { call: ['Incall'], personality: ['Submissive', 'Confident'] },
        location: { country: 'US', state: 'TX', city: ['Austin'] },
      }),
    );
    expect(isChecked(screen.getByLabelText(/^Incall/))).toBe(true);
    expect(isChecked(screen.getByLabelText(/^Confident/))).toBe(true);
    // And an untick shows at once too.
    clickNow(screen.getByLabelText(/^Incall/));
    expect(isChecked(screen.getByLabelText(/^Incall/))).toBe(false);
    await waitFor(() => expect(currentQuery(router).filters.call).toBeUndefined());
  });

  it('the location picker applies country, state and cities and keeps the other filters', async () => {
    mockDirectoryApi();
    const { router } = renderDirectory('/ad/2?filter[massage]=yes');
    const button = await screen.findByTestId('location-picker');
    expect(button.textContent).toContain('US > CA');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('United States (23)')).toBeTruthy();
    expect(isChecked(await within(dialog).findByLabelText('California (15)'))).toBe(true);
    fireEvent.click(await within(dialog).findByLabelText('San Jose (15)'));
    fireEvent.click(within(dialog).getByLabelText('Texas (8)'));
    // Choosing a state clears the cities.
    fireEvent.click(await within(dialog).findByLabelText('Dallas (3)'));
    fireEvent.click(within(dialog).getByLabelText('Austin (5)'));
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.location.find }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(currentQuery(router)).toEqual({
      filters: { massage: 'yes' },
      location: { country: 'US', state: 'TX', city: ['Dallas', 'Austin'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location-picker').textContent).toContain('US > TX > Austin');
  });
});
