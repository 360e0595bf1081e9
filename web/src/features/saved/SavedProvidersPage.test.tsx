import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TSavedProvider } from '@app/domain';
import { mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { answerMe, HOBBYIST, signInAs } from '../../test/testCard.tsx';
import SavedProvidersPage from './SavedProvidersPage.tsx';

const S = MESSAGES.savedProviders;

const entries: TSavedProvider[] = [
  { provider: 9, name: 'Paused', city: 'Modesto', state: 'hidden', savedAt: '2026-11-20T10:00:00.000Z' },
  { provider: null, name: 'Leaving', city: 'Oakland', state: 'gone', savedAt: '2026-11-19T10:00:00.000Z' },
  { provider: 7, name: 'Ruby', city: 'San Jose', state: 'shown', savedAt: '2026-11-18T10:00:00.000Z' },
];

function page(data: TSavedProvider[]) {
  return jsonResponse({
    data,
    meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: data.length } },
  });
}

describe('SavedProvidersPage', () => {
  it('lists each saved provider with its state, a link while it is shown, and Remove while it exists', async () => {
    signInAs(HOBBYIST);
    let list = entries;
    const calls = mockApi((call: ApiCall) => {
      if (call.path === '/saved-providers') return page(list);
      if (call.method === 'DELETE' && call.path === '/saved-providers/9') {
        list = entries.filter((e) => e.provider !== 9);
        return jsonResponse({ data: { provider: 9, saved: false } });
      }
      return answerMe(call, HOBBYIST);
    });
    renderRoutes([{ path: '/saved', element: <SavedProvidersPage /> }], ['/saved']);
    const ruby = await screen.findByRole('article', { name: 'Ruby' });
    expect(within(ruby).getByRole('link', { name: 'Ruby' }).getAttribute('href')).toBe(
      '/ads/7/ruby-san-jose',
    );
    expect(within(ruby).getByText(S.states.shown)).toBeTruthy();
    const gone = screen.getByRole('article', { name: 'Leaving' });
    expect(within(gone).getByText(S.states.gone)).toBeTruthy();
    expect(within(gone).queryByRole('link')).toBeNull();
    expect(within(gone).queryByRole('button')).toBeNull();
    const paused = screen.getByRole('article', { name: 'Paused' });
    expect(within(paused).getByText(S.states.hidden)).toBeTruthy();
    // A hidden ad's page is not the public's: no link until it is shown again.
    expect(within(paused).queryByRole('link')).toBeNull();
    fireEvent.click(within(paused).getByRole('button', { name: 'Remove Paused' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Paused' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/saved-providers/9')).toBe(true);
  });

  it('says how to save one when there is none', async () => {
    signInAs(HOBBYIST);
    mockApi((call) => (call.path === '/saved-providers' ? page([]) : answerMe(call, HOBBYIST)));
    renderRoutes([{ path: '/saved', element: <SavedProvidersPage /> }], ['/saved']);
    expect(await screen.findByText(S.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: S.browse }).getAttribute('href')).toBe('/');
  });
});
