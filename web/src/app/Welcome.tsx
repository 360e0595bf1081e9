import { useSyncExternalStore } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { UserType } from '@app/domain';
import { readItem, removeItem, STORAGE_KEYS, subscribeStorage, writeItem } from '../lib/storage.ts';
import { useSession } from './session.tsx';

const W = MESSAGES.welcome;

/** Where each step of the welcome leads (the texts are the catalogue's `welcome.<type>.steps`). */
const STEP_PATHS = {
  packages: '/package',
  postAd: '/ads/submit',
  browse: '/',
  saved: '/saved',
  messages: '/messages',
  addProduct: '/products/add',
  sales: '/sales/view',
} as const;
type Step = keyof typeof STEP_PATHS;

/**
 * Registration keeps the new account's id here: its welcome shows, in this browser, until closed (or the
 * session ends: logout clears the storage). Kept in the browser, not on the server: it is a hint, once.
 */
export function markWelcome(userId: number): void {
  writeItem(STORAGE_KEYS.welcome, String(userId));
}

const subscribe = (listener: () => void) => subscribeStorage(STORAGE_KEYS.welcome, listener);
const readWelcome = () => readItem(STORAGE_KEYS.welcome);

/**
 * A new account's welcome (decision 0030), above every page until closed: what to do next for its type
 * (a provider buys a package then posts an ad; a hobbyist browses, saves and messages; a vendor adds
 * products), each step a link. Nothing on the server's render: it reads the browser's storage.
 */
export function Welcome() {
  const { userId, userType } = useSession();
  const stored = useSyncExternalStore(subscribe, readWelcome, () => null);
  if (userId === null || userType === null || stored !== String(userId)) return null;
  const texts = W[userType satisfies UserType];
  const steps = Object.entries(texts.steps) as [Step, { text: string; link: string }][];
  return (
    <Container className="pt-3">
      <Alert
        variant="info"
        dismissible
        closeLabel={W.dismiss}
        onClose={() => removeItem(STORAGE_KEYS.welcome)}
        className="welcome mb-0"
        aria-labelledby="welcome-title"
        role="region"
      >
        <h2 id="welcome-title" className="h5 alert-heading">
          <i className="bi bi-stars me-2" aria-hidden="true" />
          {W.title}
        </h2>
        <p className="mb-2">{texts.intro}</p>
        <ol className="mb-0 ps-3">
          {steps.map(([step, { text, link }]) => (
            <li key={step}>
              {text} <Link to={STEP_PATHS[step]}>{link}</Link>
            </li>
          ))}
        </ol>
      </Alert>
    </Container>
  );
}
