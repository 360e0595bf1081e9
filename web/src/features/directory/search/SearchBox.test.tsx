import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { renderRoutes } from '../../../test/render.tsx';
import { SearchBox } from './SearchBox.tsx';

const routes = ['/', '/ad/:page', '/faq'].map((path) => ({ path, element: <SearchBox /> }));
const box = () => screen.getByRole('searchbox', { name: MESSAGES.search.label });
const where = (router: ReturnType<typeof renderRoutes>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('SearchBox', () => {
  it('searches the listing shown, keeping its location and filters, from page 1', () => {
    const { router } = renderRoutes(routes, ['/ad/3?filter[kissing]=yes&country=US&state=TX']);
    fireEvent.change(box(), { target: { value: '  Ruby   Rose ' } });
    fireEvent.submit(box().closest('form')!);
    expect(decodeURIComponent(where(router))).toBe(
      '/?filter[kissing]=yes&country=US&state=TX&search=Ruby Rose',
    );
  });

  it('opens the listing with the term from another page, and shows the term of the URL', () => {
    const { router } = renderRoutes(routes, ['/faq']);
    expect(box().getAttribute('value') ?? (box() as HTMLInputElement).value).toBe('');
    fireEvent.change(box(), { target: { value: '8675' } });
    fireEvent.submit(box().closest('form')!);
    expect(where(router)).toBe('/?search=8675');
    expect((box() as HTMLInputElement).value).toBe('8675');
  });

  it('an empty term clears the search; the form works without JavaScript too (GET /?search=)', () => {
    const { router } = renderRoutes(routes, ['/?state=CA&search=ruby']);
    const form = box().closest('form')!;
    expect(form.getAttribute('action')).toBe('/');
    expect(form.getAttribute('method')).toBe('get');
    expect((box() as HTMLInputElement).name).toBe('search');
    fireEvent.change(box(), { target: { value: ' ' } });
    fireEvent.submit(form);
    expect(where(router)).toBe('/?state=CA');
    // It has a visible label and a named button.
    expect(screen.getByText(MESSAGES.search.label).tagName).toBe('LABEL');
    expect(screen.getByRole('button', { name: MESSAGES.search.submit })).toBeTruthy();
  });
});
