import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import {
  acceptDisclaimer,
  isDisclaimerExempt,
  useDisclaimerAccepted,
} from '../features/content/disclaimer.ts';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// The disclaimer box and its modal code are fetched only by visitors who have not accepted it yet,
// so returning visitors' first load does not carry them.
const DisclaimerBox = lazy(() => import('../features/content/DisclaimerBox.tsx'));

/** The frame of every page: header, the current route's page, footer, and the first-visit disclaimer. */
export function Layout() {
  const disclaimerAccepted = useDisclaimerAccepted();
  const { pathname } = useLocation();
  const showDisclaimer = !disclaimerAccepted && !isDisclaimerExempt(pathname);

  return (
    <div className="site d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable site-skip">
        {MESSAGES.shell.skipToContent}
      </a>
      <Header />
      <main id="main" className="site-main flex-grow-1" tabIndex={-1}>
        {/* A screen tall while a page's code loads, as the pages are while their data loads: the
            footer starts below the fold rather than being pushed down (a layout shift). */}
        <Suspense
          fallback={
            <div className="site-page-loading">
              <PageSpinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {showDisclaimer && (
        <Suspense fallback={null}>
          <DisclaimerBox onAccept={acceptDisclaimer} />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
