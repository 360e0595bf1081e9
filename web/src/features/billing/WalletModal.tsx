import { Button, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney, MESSAGES } from '@app/domain';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { useWallet } from './api.ts';
import { PendingPackageNote } from './PendingPackageNote.tsx';

const T = MESSAGES.wallet;

interface WalletModalProps {
  show: boolean;
  onHide: () => void;
}

/**
 * The header's wallet modal for providers (spec 000 §2): Wallet Balance, Total Income and Total
 * Expences (the spec's spelling), asked of the server each time it opens.
 */
export default function WalletModal({ show, onHide }: WalletModalProps) {
  const wallet = useWallet({ enabled: show, fresh: true });
  const rows: [label: string, amount: number | undefined][] = [
    [T.walletBalance, wallet.data?.totalWalletBalance],
    [T.totalIncome, wallet.data?.totalIncome],
    [T.totalExpences, wallet.data?.totalDebit],
  ];
  return (
    <Modal show={show} onHide={onHide} centered size="sm" aria-labelledby="wallet-modal-title">
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id="wallet-modal-title" as="h2" className="h5">
          <i className="bi bi-wallet2 me-2 text-accent" aria-hidden="true" />
          {T.modalTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {wallet.isFetching ? (
          <PanelLoading />
        ) : wallet.isError ? (
          <p className="text-body-secondary mb-0">{MESSAGES.toast.genericWarning}</p>
        ) : (
          <dl className="mb-0">
            {rows.map(([label, amount]) => (
              <div key={label} className="d-flex justify-content-between py-2 border-bottom">
                <dt className="fw-normal">{label}</dt>
                <dd className="mb-0 fw-bold" data-field={label}>
                  {formatMoney(amount ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {wallet.data && !wallet.isFetching && (
          <PendingPackageNote amount={wallet.data.pending?.totalDebit ?? 0} className="mt-2" />
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Link to="/provider/wallet" className="btn btn-link px-0" onClick={onHide}>
          {MESSAGES.nav.myWallet}
        </Link>
        <Button variant="outline-secondary" onClick={onHide}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
