import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';

const T = MESSAGES.twoFactor;

/** Ten recovery codes, shown once, with a button that copies them. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(T.copied);
    } catch {
      toast.warning(T.copyFailed);
    }
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="h5">
        {T.recoveryTitle}
      </h2>
      <p className="text-body-secondary">{T.recoveryIntro}</p>
      <ol
        className="recovery-codes row row-cols-2 list-unstyled font-monospace fs-5 mb-3"
        aria-label={T.recoveryTitle}
      >
        {codes.map((code) => (
          <li key={code} className="col py-1">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="outline-secondary" size="sm" onClick={() => void copy()}>
        <i className="bi bi-clipboard me-1" aria-hidden="true" />
        {T.copy}
      </Button>
    </section>
  );
}
