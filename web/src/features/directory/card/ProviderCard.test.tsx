import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, MESSAGES } from '@app/domain';
import { mockApi } from '../../../test/api.ts';
import {
  answerMe,
  buildProvider,
  button,
  emptyList,
  HOBBYIST,
  PROVIDER_USER,
  renderCards,
  signInAs,
} from '../../../test/testCard.tsx';
import { jsonResponse } from '../../../test/render.tsx';

const A = MESSAGES.cardActions;
const C = MESSAGES.card;
const D = MESSAGES.cardDetails;

describe('ProviderCard: photos and details', () => {
  it('shows the photos (small format first), the title, every detail, the price line and the Cum summary', async () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);

    expect(screen.getByRole('heading', { level: 2, name: 'Sunset sessions in San Jose' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Ava, 1 of 2' }).getAttribute('src')).toBe(
      '/uploads/small_a.jpg',
    );
    expect(await screen.findByRole('button', { name: C.next })).toBeTruthy();
    const photos = screen.getAllByRole('img', { name: /Photo of Ava/ });
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/uploads/small_a.jpg', '/uploads/b.jpg']);

    const details = screen.getByRole('group', { name: C.details });
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

  it("offers each photo's formats by width, and fetches only the first card's first photo at once", () => {
    mockApi(() => undefined);
    const formats = (key: string) => ({
      thumbnail: { url: `/uploads/thumbnail_${key}.webp`, width: 156, height: 156 },
      small: { url: `/uploads/small_${key}.webp`, width: 500, height: 500 },
      medium: { url: `/uploads/medium_${key}.webp`, width: 750, height: 750 },
      large: { url: `/uploads/large_${key}.webp`, width: 1000, height: 1000 },
    });
    const photos = (...keys: string[]) => ({
      data: keys.map((key, id) => ({
        id,
        attributes: {
          name: `${key}.png`,
          url: `/uploads/${key}.png`,
          width: 1200,
          height: 1200,
          formats: formats(key),
        },
      })),
    });
    renderCards([
      buildProvider(1, { name: 'Ava', images: photos('a1', 'a2') }),
      buildProvider(2, { name: 'Bea', images: photos('b1', 'b2') }),
      buildProvider(3, { name: 'Cat', images: photos('c1') }),
    ]);
    const img = (name: string) => screen.getByRole('img', { name });
    const check = () => {
      const first = img('Photo of Ava, 1 of 2');
      expect(first.getAttribute('src')).toBe('/uploads/small_a1.webp');
      expect(first.getAttribute('srcset')).toBe(
        '/uploads/thumbnail_a1.webp 156w, /uploads/small_a1.webp 500w, /uploads/medium_a1.webp 750w, /uploads/large_a1.webp 1000w',
      );
      expect(first.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
      expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['1200', '1200']);
      expect(first.getAttribute('loading')).toBe('eager');
      expect(first.getAttribute('fetchpriority')).toBe('high');
      const others = screen.getAllByRole('img').filter((other) => other !== first);
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) {
        expect(other.getAttribute('loading')).toBe('lazy');
        expect(other.hasAttribute('fetchpriority')).toBe(false);
        expect(other.getAttribute('srcset')).toMatch(/^\/uploads\/thumbnail_\w+\.webp 156w, .* 1000w$/);
        expect(other.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
      }
    };
    // The two cards with several photos show them in a slider; every photo's <img> is there at once.
    expect(screen.getAllByRole('button', { name: C.next })).toHaveLength(2);
    expect(screen.getAllByRole('img')).toHaveLength(5);
    expect(img('Photo of Bea, 1 of 2').getAttribute('loading')).toBe('lazy');
    expect(img('Photo of Cat').getAttribute('loading')).toBe('lazy');
    check();
  });

  it("leads from its title to the ad's own page", () => {
    mockApi(() => emptyList());
    renderCards([buildProvider(7, { name: 'Ava', city: 'San Jose' })]);
    expect(screen.getByRole('link', { name: 'Sunset sessions in San Jose' }).getAttribute('href')).toBe(
      '/ads/7/ava-san-jose',
    );
  });

  it('gives a hobbyist a heart that saves the ad and shows it saved; nobody else has one', async () => {
    signInAs(HOBBYIST);
    let saved: number[] = [];
    const calls = mockApi((call) => {
      if (call.path === '/saved-providers/ids') return jsonResponse({ data: saved });
      if (call.method === 'PUT' && call.path === '/saved-providers/7') {
        saved = [7];
        return jsonResponse({ data: { provider: 7, saved: true } });
      }
      return answerMe(call, HOBBYIST) ?? emptyList();
    });
    const view = renderCards([buildProvider(7, { name: 'Ava' })]);
    const heart = await screen.findByRole('button', { name: 'Save Ava' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    const held = await screen.findByRole('button', { name: /^Saved: remove Ava/ });
    expect(held.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/saved-providers/7']);
    view.unmount();

    signInAs(PROVIDER_USER);
    mockApi((call) => answerMe(call, PROVIDER_USER) ?? emptyList());
    renderCards([buildProvider(7, { name: 'Ava' })]);
    expect(screen.queryByRole('button', { name: 'Save Ava' })).toBeNull();
  });

  it("keeps a heart saved when the saved ids' first read answers after the click, and keeps the others", async () => {
    signInAs(HOBBYIST);
    // The first read of the saved ids is on its way when the hobbyist clicks (right after a server-rendered
    // page hydrates); it answers, after the click's answer, the ids from before it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let saved = [8];
    let reads = 0;
    mockApi(async (call) => {
      if (call.path === '/saved-providers/ids') {
        reads += 1;
        const answer = [...saved];
        if (reads === 1) await released;
        return jsonResponse({ data: answer });
      }
      if (call.method === 'PUT' && call.path === '/saved-providers/7') {
        saved = [7, 8];
        return jsonResponse({ data: { provider: 7, saved: true } });
      }
      return answerMe(call, HOBBYIST) ?? emptyList();
    });
    renderCards([buildProvider(7, { name: 'Ava' }), buildProvider(8, { name: 'Bea' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Save Ava' }));
    await screen.findByRole('button', { name: /^Saved: remove Ava/ });
    release();
    // The read again after the click holds both.
    expect(await screen.findByRole('button', { name: /^Saved: remove Bea/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Saved: remove Ava/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('names each reaction by its label and describes it by its count, the count kept out of the name', () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);
    const like = screen.getByRole('button', { name: A.like, description: '3' });
    // The label is the button's own (hidden) text, not an aria-label that would differ from the
    // visible count (which misleads voice control); the count is seen, and kept out of the name.
    expect(like.hasAttribute('aria-label')).toBe(false);
    expect(like.querySelector('.visually-hidden')?.textContent).toBe(A.like);
    const count = like.querySelector('.provider-card__count')!;
    expect(count.textContent).toBe('3');
    expect(count.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: A.dislike, description: '1' })).toBeTruthy();
  });

  it('closes the details with the cross and shows them again on demand', () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);
    fireEvent.click(button(C.closeDetails));
    expect(screen.queryByRole('group', { name: C.details })).toBeNull();
    fireEvent.click(button(C.showDetails));
    expect(screen.getByRole('group', { name: C.details })).toBeTruthy();
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
