import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, TRAFFICKING_HOTLINE } from '@app/domain';
import { Layout } from '../../app/Layout.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { renderRoutes } from '../../test/render.tsx';
import { isDisclaimerAccepted, isDisclaimerExempt } from './disclaimer.ts';

const M = MESSAGES.disclaimer;

const routes = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <p>home page</p> },
      { path: 'reporttrafficking', element: <p>report page</p> },
    ],
  },
];

describe('first-visit disclaimer', () => {
  it('covers the first visit with the age, trafficking and paid-services text', async () => {
    renderRoutes(routes, ['/']);
    const dialog = await screen.findByRole('dialog', { name: M.title });

    for (const text of [...M.age, ...M.trafficking, ...M.paidTerms]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    const call = within(dialog).getByRole('link', { name: TRAFFICKING_HOTLINE.phone });
    expect(call.getAttribute('href')).toBe('tel:+1-888-373-7888');
    expect(within(dialog).getByRole('link', { name: TRAFFICKING_HOTLINE.text }).getAttribute('href')).toBe(
      'sms:233733',
    );
    expect(within(dialog).getByRole('link', { name: M.traffickingReport }).getAttribute('href')).toBe(
      '/reporttrafficking',
    );
    // No way out but Accept: no close button, and Escape does nothing.
    expect(within(dialog).queryByRole('button')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    expect(screen.getByRole('dialog', { name: M.title })).toBeTruthy();
    // Modal: the focus cannot leave it for the page behind.
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    screen.getAllByRole('link', { name: MESSAGES.footer.contactUs })[0]!.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(isDisclaimerAccepted()).toBe(false);
  });

  it('goes away when Accept is ticked and is remembered for the next visit', async () => {
    const first = renderRoutes(routes, ['/']);
    const dialog = await screen.findByRole('dialog', { name: M.title });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: M.accept }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.disclaimer)).toBe('true');
    expect(screen.getByText('home page')).toBeTruthy();
    first.unmount();

    // Second visit in the same browser: not shown again.
    renderRoutes(routes, ['/']);
    expect(await screen.findByText('home page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not cover the report trafficking page', async () => {
    const view = renderRoutes(routes, ['/reporttrafficking']);
    expect(await screen.findByText('report page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Leaving for another page brings the box back until it is accepted.
    await view.router.navigate('/');
    expect(await screen.findByRole('dialog', { name: M.title })).toBeTruthy();
  });

  it('treats only a stored flag as accepted, and knows the exempt pages', () => {
    expect(isDisclaimerAccepted()).toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.disclaimer, 'false');
    expect(isDisclaimerAccepted()).toBe(false);
    window.localStorage.setItem(STORAGE_KEYS.disclaimer, 'true');
    expect(isDisclaimerAccepted()).toBe(true);

    expect(isDisclaimerExempt('/reporttrafficking')).toBe(true);
    expect(isDisclaimerExempt('/TermsOfService/')).toBe(true);
    expect(isDisclaimerExempt('/privacypolicy')).toBe(true);
    expect(isDisclaimerExempt('/')).toBe(false);
    expect(isDisclaimerExempt('/contactus')).toBe(false);
  });
});
