import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../../test/render.tsx';
import { mockApi } from '../../../test/api.ts';
import type { ApiCall } from '../../../test/api.ts';
import MyAdsPage from './MyAdsPage.tsx';
import type { OwnAd } from './api.ts';
import {
  answerLookups,
  buildOwnAd,
  currentAnswer,
  PROVIDER_USER,
  renderAdPage,
} from '../../../test/testAds.tsx';

const M = MESSAGES.myAds;
const A = MESSAGES.ads;
const C = MESSAGES.confirmDelete;
const V = MESSAGES.revisions;

function page(ads: OwnAd[], pageNo = 1, pageCount = 1) {
  return jsonResponse({
    data: ads,
    meta: { pagination: { page: pageNo, pageSize: 10, pageCount, total: ads.length } },
  });
}

function myAdsApi(
  quota: { allowed: number; posted: number; remaining: number } | null,
  answerList: (call: ApiCall) => Response = () => page([]),
) {
  return mockApi((call) => {
    if (call.path === '/subscriptions/current') return currentAnswer(quota);
    if (call.path === '/providers' && call.method === 'GET') return answerList(call);
    if (call.path.startsWith('/providers/') && call.method === 'DELETE')
      return jsonResponse({ data: buildOwnAd(Number(call.path.split('/')[2])) });
    return answerLookups(call);
  });
}

const renderMyAds = () => renderAdPage('/ads/view', [{ path: '/ads/view', element: <MyAdsPage /> }]);
const adCard = (title: string) => screen.getByRole('article', { name: title });

describe('MyAdsPage', { timeout: 20_000 }, () => {
  it('shows the quota badges, Post Ads and a card per ad with its review state and expiry', async () => {
    const calls = myAdsApi({ allowed: 5, posted: 2, remaining: 3 }, () =>
      page([
        buildOwnAd(8, { title: 'New one', city: 'Reno', review: 'pending' }),
        buildOwnAd(7, { title: 'Old one', review: 'rejected', review_reason: 'Blurry photos' }),
        buildOwnAd(6, { title: 'Live one', review: 'approved' }),
      ]),
    );
    renderMyAds();

    expect(await screen.findByText(`${M.posted} 2 / 5`)).toBeTruthy();
    expect(screen.getByText(`${M.remaining} 3`)).toBeTruthy();
    expect(screen.getByRole('link', { name: M.postAds }).getAttribute('href')).toBe('/ads/submit');
    expect(screen.queryByText(MESSAGES.subscription.refill)).toBeNull();

    await screen.findByRole('article', { name: 'New one' });
    const fresh = adCard('New one');
    expect(within(fresh).getByText('Reno')).toBeTruthy();
    expect(within(fresh).getByText(MESSAGES.review.pending)).toBeTruthy();
    expect(within(fresh).getByText(`${M.expires}: Feb 1, 2027`)).toBeTruthy();
    expect(
      within(fresh)
        .getByRole('img', { name: `${M.photoOf} New one` })
        .getAttribute('src'),
    ).toBe('/uploads/small_a.jpg');
    expect(within(fresh).getByRole('link', { name: M.edit }).getAttribute('href')).toBe('/ads/edit/8');
    expect(within(adCard('Old one')).getByText(MESSAGES.review.rejected)).toBeTruthy();
    expect(within(adCard('Old one')).getByText(`${M.reason}: Blurry photos`)).toBeTruthy();
    expect(within(adCard('Live one')).getByText(MESSAGES.review.approved)).toBeTruthy();

    // The owner's ads, newest first, ten a page.
    const list = calls.find((call) => call.path === '/providers');
    expect(list?.search.get('filters[user][id][$eq]')).toBe(String(PROVIDER_USER.id));
    expect(list?.search.get('sort')).toBe('id:desc');
    expect(list?.search.get('populate')).toBe('*');
    expect(list?.search.get('pagination[pageSize]')).toBe('10');
  });

  it('marks an approved ad whose changes wait for review, and one whose changes were not approved', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/subscriptions/current')
        return currentAnswer({ allowed: 5, posted: 2, remaining: 3 });
      if (call.path === '/providers' && call.method === 'GET')
        return page([
          buildOwnAd(6, { title: 'Live one', review: 'approved' }),
          buildOwnAd(5, { title: 'Other one', review: 'approved' }),
          buildOwnAd(4, { title: 'Plain one', review: 'approved' }),
        ]);
      if (call.path === '/revisions') {
        const at = '2026-11-02T10:00:00.000Z';
        return jsonResponse({
          data: [
            {
              id: 6,
              state: 'pending',
              reason: null,
              fields: { title: 'Live one, new words' },
              createdAt: at,
              updatedAt: at,
            },
            {
              id: 5,
              state: 'rejected',
              reason: 'No links',
              fields: { title: 'y' },
              createdAt: at,
              updatedAt: at,
            },
          ],
        });
      }
      return answerLookups(call);
    });
    renderMyAds();
    // The card shows the changes waiting for review over the approved values.
    const live = await screen.findByRole('article', { name: 'Live one, new words' });
    expect(within(live).getByText(V.waiting)).toBeTruthy();
    expect(within(live).getByText(MESSAGES.review.approved)).toBeTruthy();
    const other = adCard('Other one');
    expect(within(other).getByText(V.rejected)).toBeTruthy();
    expect(within(other).getByText(`${V.rejectedHelp} No links`)).toBeTruthy();
    expect(within(adCard('Plain one')).queryByText(V.waiting)).toBeNull();
    expect(calls.find((call) => call.path === '/revisions')?.search.get('type')).toBe('ad');
  });

  it('replaces Post Ads with the red refill text when nothing remains', async () => {
    myAdsApi({ allowed: 2, posted: 2, remaining: 0 });
    renderMyAds();
    const refill = await screen.findByText(MESSAGES.subscription.refill);
    expect(refill.className).toContain('text-danger');
    expect(screen.queryByRole('link', { name: M.postAds })).toBeNull();
    expect(screen.getByText(`${M.remaining} 0`)).toBeTruthy();
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });

  it('without a running package says the ads are not listed and offers the packages, not the refill text', async () => {
    myAdsApi(null);
    renderMyAds();
    expect(await screen.findByText(M.notListed)).toBeTruthy();
    expect(screen.getByRole('link', { name: A.buyPackage }).getAttribute('href')).toBe('/ads/packages');
    expect(screen.queryByText(MESSAGES.subscription.refill)).toBeNull();
    expect(screen.queryByRole('link', { name: M.postAds })).toBeNull();
  });

  it('asks before deleting: Close keeps the ad, Delete deletes it', async () => {
    const calls = myAdsApi({ allowed: 5, posted: 2, remaining: 3 }, () =>
      page([buildOwnAd(7, { title: 'Old one' })]),
    );
    renderMyAds();
    await screen.findByRole('article', { name: 'Old one' });

    fireEvent.click(within(adCard('Old one')).getByRole('button', { name: A.delete }));
    let dialog = await screen.findByRole('dialog', { name: C.title });
    expect(within(dialog).getByText(C.prompt)).toBeTruthy();
    // The footer's Close (the header's cross is named Close too).
    const close = within(dialog)
      .getAllByRole('button', { name: C.close })
      .find((b) => b.textContent === C.close);
    fireEvent.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(adCard('Old one')).getByRole('button', { name: A.delete }));
    dialog = await screen.findByRole('dialog', { name: C.title });
    fireEvent.click(within(dialog).getByRole('button', { name: A.delete }));
    expect(await screen.findByText(A.deleted)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/providers/7',
    ]);
    // The list and the quota are read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/providers').length).toBe(2));
  });

  it('changes the page size and moves through the pages', async () => {
    const calls = myAdsApi({ allowed: 50, posted: 25, remaining: 25 }, (call) => {
      const pageNo = Number(call.search.get('pagination[page]'));
      return page([buildOwnAd(100 - pageNo, { title: `Ad on page ${pageNo}` })], pageNo, 3);
    });
    renderMyAds();
    await screen.findByRole('article', { name: 'Ad on page 1' });

    const pages = screen.getByRole('navigation', { name: M.pages });
    fireEvent.click(within(pages).getByRole('button', { name: MESSAGES.pagination.next }));
    expect(await screen.findByRole('article', { name: 'Ad on page 2' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: M.pages })).getByRole('button', {
        name: `${MESSAGES.pagination.page} 3`,
      }),
    );
    expect(await screen.findByRole('article', { name: 'Ad on page 3' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: M.pages })).getByRole('button', {
        name: MESSAGES.pagination.prev,
      }),
    );
    expect(await screen.findByRole('article', { name: 'Ad on page 2' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(M.pageSize), { target: { value: '20' } });
    expect(await screen.findByRole('article', { name: 'Ad on page 1' })).toBeTruthy();
    const last = calls.filter((call) => call.path === '/providers').at(-1);
    expect(last?.search.get('pagination[pageSize]')).toBe('20');
    expect(last?.search.get('pagination[page]')).toBe('1');
    expect(
      within(screen.getByLabelText(M.pageSize))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40']);
  });
});
