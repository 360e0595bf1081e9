import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { renderRoutes } from '../../test/render.tsx';
import { VerificationStatus } from './VerificationStatus.tsx';

const V = MESSAGES.verification;

describe('VerificationStatus', () => {
  const render = (user: Record<string, unknown>) =>
    renderRoutes([{ path: '/', element: <VerificationStatus user={{ id: 1, ...user }} /> }]);

  it.each([
    ['pending', V.states.pending, V.pendingHelp],
    ['verified', V.states.verified, V.verifiedHelp],
  ])('a provider reads %s', async (verification, label, help) => {
    render({ user_type: 'Provider', verification });
    expect(await screen.findByText(help)).toBeTruthy();
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('a rejected provider reads the reason', async () => {
    render({
      user_type: 'Provider',
      verification: 'rejected',
      verification_reason: 'The document is unreadable',
    });
    expect(await screen.findByText(V.states.rejected)).toBeTruthy();
    expect(screen.getByText('The document is unreadable')).toBeTruthy();
  });

  it('other accounts see nothing', async () => {
    render({ user_type: 'Hobbyist', verification: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(V.title, { exact: false })).toBeNull();
  });
});
