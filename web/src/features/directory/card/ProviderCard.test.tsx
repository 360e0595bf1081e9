import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { mockApi } from '../../accounts/testApi.ts';
import { buildProvider, button, emptyList, renderCards } from './testCard.tsx';

const A = MESSAGES.cardActions;
const C = MESSAGES.card;
const D = MESSAGES.cardDetails;

describe('ProviderCard: photos and details', () => {
  it('shows the photos (small format first), the title, every detail, the price line and the Cum summary', async () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);

    expect(screen.getByRole('heading', { level: 2, name: 'Sunset sessions in San Jose' })).toBeTruthy();
    // The first photo shows at once; the slider (its own chunk) then takes over.
    expect(screen.getByRole('img', { name: 'Photo of Ava, 1 of 2' }).getAttribute('src')).toBe(
      '/uploads/small_a.jpg',
    );
    expect(await screen.findByRole('button', { name: C.next })).toBeTruthy();
    const photos = screen.getAllByRole('img', { name: /Photo of Ava/ });
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/uploads/small_a.jpg', '/uploads/b.jpg']);

    const details = screen.getByRole('region', { name: C.details });
    const labels = within(details)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels).toEqual([
      D.name,
      D.location,
      D.language,
      D.age,
      D.race,
      D.massage,
      D.threesome,
      D.kissing,
      D.fellatio,
      D.cunnilingus,
      D.anilingus,
      D.vaginal,
      D.anal,
      D.cum,
      D.personality,
      D.grooming,
      D.other,
      D.phone,
    ]);
    expect(within(details).getByText('Yes (Light, Moderate)')).toBeTruthy();
    expect(within(details).getByText('English')).toBeTruthy();
    expect(within(details).getByRole('link', { name: '555-010-2030' }).getAttribute('href')).toBe(
      'tel:5550102030',
    );
    expect(
      within(details).getByText(/\$120\.00 \/ half hour · \$200\.00 \/ hour · Incall & Outcall/),
    ).toBeTruthy();
    expect(screen.getByText('CIM: Swallow, Spit', { selector: 'p, p *' }).closest('p')?.className).toContain(
      'provider-card__cum',
    );
  });

  it('closes the details with the cross and shows them again on demand', () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);
    fireEvent.click(button(C.closeDetails));
    expect(screen.queryByRole('region', { name: C.details })).toBeNull();
    fireEvent.click(button(C.showDetails));
    expect(screen.getByRole('region', { name: C.details })).toBeTruthy();
  });

  it('shows a placeholder without photos, one photo without arrows, and Play only with a video', () => {
    mockApi(() => undefined);
    renderCards([
      buildProvider(1, { images: { data: [] } }),
      buildProvider(3, {
        name: 'Bea',
        images: { data: [{ id: 5, attributes: { name: 'c.jpg', url: '/uploads/c.jpg' } }] },
      }),
      buildProvider(2, { video: { data: { id: 9, attributes: { name: 'v.mp4', url: '/uploads/v.mp4' } } } }),
    ]);
    expect(screen.getByRole('img', { name: `${C.noPhoto}: Ava` })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Bea' }).getAttribute('src')).toBe('/uploads/c.jpg');
    expect(screen.getAllByRole('button', { name: A.play })).toHaveLength(1);
  });

  it('plays the video in a modal', async () => {
    mockApi(() => undefined);
    const { container } = renderCards([
      buildProvider(2, { video: { data: { id: 9, attributes: { name: 'v.mp4', url: '/uploads/v.mp4' } } } }),
    ]);
    fireEvent.click(button(A.play));
    await screen.findByRole('dialog');
    const video = document.body.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/uploads/v.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(container).toBeTruthy();
  });
});

describe('ProviderCard: panels', () => {
  it('opens Message by default; Comment, Message and Mail exclude each other', async () => {
    mockApi((call) => (call.path === '/comments' ? emptyList() : undefined));
    renderCards([buildProvider()]);

    expect(button(A.message).getAttribute('aria-expanded')).toBe('true');
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('false');
    // A visitor sees the hint, not the form.
    expect(screen.getByText(C.loginHint, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: C.login }).getAttribute('href')).toBe('/login');

    fireEvent.click(button(A.comment));
    expect(await screen.findByRole('heading', { name: MESSAGES.comments.title })).toBeTruthy();
    expect(button(A.message).getAttribute('aria-expanded')).toBe('false');
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('heading', { name: MESSAGES.cardMessages.title })).toBeNull();

    fireEvent.click(button(A.mail));
    expect(await screen.findByRole('heading', { name: MESSAGES.mailRelay.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.comments.title })).toBeNull();
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('false');

    // A second click closes the open panel.
    fireEvent.click(button(A.mail));
    expect(screen.queryByRole('heading', { name: MESSAGES.mailRelay.title })).toBeNull();
  });
});

describe('ProviderCard: report', () => {
  it('opens the report dialog with the listing filled in', async () => {
    mockApi(() => undefined);
    renderCards([buildProvider(7)]);
    fireEvent.click(button(C.report));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(MESSAGES.report.listing) as HTMLInputElement).value).toBe(
      `${C.reportListing} #7: Ava`,
    );
  });
});
