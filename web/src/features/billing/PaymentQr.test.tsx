import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import { payeeOf, PaymentQr } from './PaymentQr.tsx';

const C = MESSAGES.checkout;

describe('PaymentQr', () => {
  it("prints 'Pay to' once when the site's address carries the label itself", async () => {
    mockApi((call) =>
      call.path === '/payment-info'
        ? jsonResponse({
            data: {
              address: 'PAY-TO: demo-payments@live-the-fantasy.test',
              qr: 'data:image/png;base64,iVBORw0KGgo=',
            },
          })
        : undefined,
    );
    renderRoutes([{ path: '/', element: <PaymentQr texts={C} loadFailed={C.loadFailed} /> }]);
    const address = await screen.findByText('demo-payments@live-the-fantasy.test');
    expect(address.parentElement?.textContent).toBe(`${C.payTo}: demo-payments@live-the-fantasy.test`);
    expect(screen.getByRole('img', { name: C.qrAlt }).getAttribute('src')).toMatch(/^data:image\/png/);
  });

  it('takes only a leading pay-to label off an address', () => {
    expect(payeeOf('PAY-TO: a@b.test')).toBe('a@b.test');
    expect(payeeOf('pay to:a@b.test')).toBe('a@b.test');
    expect(payeeOf('  Pay_To :  wallet-1')).toBe('wallet-1');
    expect(payeeOf('PAY-ADDRESS-1')).toBe('PAY-ADDRESS-1');
    expect(payeeOf('a@b.test PAY-TO: x')).toBe('a@b.test PAY-TO: x');
    // Nothing but the label: kept as it is rather than printing nothing.
    expect(payeeOf('PAY-TO:')).toBe('PAY-TO:');
  });
});
