import { Button, Container } from 'react-bootstrap';
import { useRouteError } from 'react-router';
import { MESSAGES } from '@app/domain';
import { ReadyMark } from './providers.tsx';

/**
 * Shown when a page throws while rendering or its code fails to load (for example a stale chunk
 * after a deploy). A reload fetches the current bundle.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container className="py-5 text-center" role="alert">
      <h1 className="h4">{MESSAGES.shell.errorTitle}</h1>
      <Button variant="outline-secondary" className="mt-2" onClick={() => window.location.reload()}>
        {MESSAGES.shell.reload}
      </Button>
      {/* The page is the app's even when it failed: Reload works. */}
      <ReadyMark />
    </Container>
  );
}
