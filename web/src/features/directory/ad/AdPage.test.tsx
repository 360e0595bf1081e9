import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adItemUrl, MESSAGES } from '@app/domain';
import { mockApi } from '../../../test/api.ts';
import type { ApiCall } from '../../../test/api.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { buildProvider, emptyList } from '../../../test/testCard.tsx';
import AdPage from './AdPage.tsx';

const P = MESSAGES.adPage;

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderAd(path: string) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Routes>
              <Route path="/ads/:id" element={<AdPage />} />
              <Route path="/ads/:id/:slug" element={<AdPage />} />
            </Routes>
            <Where />
          </>
        ),
      },
    ],
    [path],
  );
}

const ava = buildProvider(7, { name: 'Ava', city: 'San Jose' });
const related = {
  verified: true,
  sameProvider: [buildProvider(5, { name: 'Ava', title: 'Mornings', city: 'Fresno' })],
  sameCity: [buildProvider(3, { name: 'Bea', city: 'San Jose', images: { data: [] } })],
};

function answerAd(call: ApiCall) {
  if (call.path === '/providers/7') return jsonResponse({ data: ava, meta: {} });
  if (call.path === '/providers/7/related') return jsonResponse({ data: related, meta: {} });
  if (call.path.startsWith('/comments')) return emptyList();
  return undefined;
}

describe('AdPage', () => {
  it("shows the stage name, the place, ID verified, the card with its comments, and the provider's and city's other ads", async () => {
    const calls = mockApi(answerAd);
    document.title = 'Ava in San Jose, CA | Live the Fantasy!';
    const view = renderAd('/ads/7/ava-san-jose');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(await screen.findByText(P.idVerified)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: ava.attributes.title })).toBeTruthy();
    // The card's title is not a link on the ad's own page.
    expect(screen.queryByRole('link', { name: ava.attributes.title })).toBeNull();
    const breadcrumb = screen.getByRole('navigation', { name: P.breadcrumb });
    expect(within(breadcrumb).getByRole('link', { name: 'San Jose' }).getAttribute('href')).toBe(
      '/?country=US&state=CA&city[0]=San%20Jose',
    );
    const more = screen.getByRole('region', { name: P.moreFromProvider });
    expect(within(more).getByRole('link', { name: 'Open the ad of Ava' }).getAttribute('href')).toBe(
      '/ads/5/ava-fresno',
    );
    const city = screen.getByRole('region', { name: 'More providers in San Jose' });
    expect(within(city).getByRole('link', { name: 'Open the ad of Bea' }).getAttribute('href')).toBe(
      '/ads/3/bea-san-jose',
    );
    expect(document.title).toBe('Ava in San Jose, CA | Live the Fantasy!');
    // Leaving the page gives the site's own title back, even when the page was loaded with the ad's.
    view.unmount();
    expect(document.title).toBe(MESSAGES.site.slogan);
    const adCall = calls.find((c) => c.path === '/providers/7')!;
    expect(`/api${adCall.path}?${decodeURIComponent(adCall.search.toString())}`).toBe(
      decodeURIComponent(adItemUrl(7)),
    );
  });

  it('moves a wrong or missing slug to the right one', async () => {
    mockApi(answerAd);
    renderAd('/ads/7');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/ads/7/ava-san-jose'));
  });

  it('shows Not Found for an ad it cannot read and for an id that cannot be one', async () => {
    mockApi(() => undefined);
    const first = renderAd('/ads/8/someone');
    expect(await screen.findByRole('heading', { name: P.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: P.backToListing }).getAttribute('href')).toBe('/');
    first.unmount();
    const calls = mockApi(() => undefined);
    renderAd('/ads/abc');
    expect(await screen.findByRole('heading', { name: P.notFound })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says nothing of ID verification when the owner is not verified', async () => {
    mockApi((call) =>
      call.path === '/providers/7/related'
        ? jsonResponse({ data: { ...related, verified: false }, meta: {} })
        : answerAd(call),
    );
    renderAd('/ads/7/ava-san-jose');
    expect(await screen.findByRole('region', { name: P.moreFromProvider })).toBeTruthy();
    expect(screen.queryByText(P.idVerified)).toBeNull();
  });
});
