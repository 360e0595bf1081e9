import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { usePaymentInfo } from './api.ts';
import './payment-qr.css';

interface PaymentQrProps {
  /** The screen's texts: the QR code's alt text, the label before the address, the payment steps. */
  texts: { qrAlt: string; payTo: string; steps: readonly string[] };
  /** Shown when the payment address could not be loaded. */
  loadFailed: string;
  /** Whether to ask the server for the payment address (a closed modal need not). */
  enabled?: boolean;
}

/**
 * The address to print after the screen's own 'Pay to' label. The site's setting may carry that label
 * itself ('PAY-TO: demo-payments@…', the server's placeholder): it is taken off, so the label reads once.
 * The QR code keeps the setting as it is.
 */
export function payeeOf(address: string): string {
  return address.replace(/^\s*pay[\s_-]*to\s*:\s*/i, '') || address;
}

/**
 * Where and how to pay by QR (spec 000 §2 "Packages", "Checkout"; spec 001 §2 "Tip"): the site's
 * payment QR code and address from `GET /api/payment-info`, then the numbered steps. Used by the
 * package purchase, the tip modal and the store's checkout.
 */
export function PaymentQr({ texts, loadFailed, enabled = true }: PaymentQrProps) {
  const payment = usePaymentInfo(enabled);
  return (
    <>
      <div className="text-center mb-3">
        {payment.isPending ? (
          <PanelLoading />
        ) : payment.data ? (
          <>
            <img className="payment-qr" src={payment.data.qr} alt={texts.qrAlt} width={180} height={180} />
            <p className="small mb-0 mt-2">
              {texts.payTo}: <code className="payment-address">{payeeOf(payment.data.address)}</code>
            </p>
          </>
        ) : (
          <p className="small text-body-secondary mb-0">{loadFailed}</p>
        )}
      </div>
      <ol className="small mb-0">
        {texts.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}
