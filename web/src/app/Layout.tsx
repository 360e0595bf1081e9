import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ReadyMark } from './providers.tsx';
import { MESSAGES } from '@app/domain';
import {
  acceptDisclaimer,
  isDisclaimerExempt,
  useDisclaimerAccepted,
} from '../features/content/disclaimer.ts';
import DisclaimerBox from '../features/content/DisclaimerBox.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Welcome } from './Welcome.tsx';

/**
 * False until the frame after the layout's first paint. The disclaimer box opens then: its render and
 * its box's style and layout are work that would otherwise make the first paint wait for it.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame comes before the paint, the timer's task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The first-visit disclaimer, for visitors who have not accepted it, on the pages it covers. Its own
 * component, so that opening it after the first paint renders the box alone: when the layout held
 * this state, that render was the whole page's again (the listing's cards), one long task after the
 * first paint.
 */
function Disclaimer() {
  const disclaimerAccepted = useDisclaimerAccepted();
  const { pathname } = useLocation();
  const painted = usePaintedOnce();
  // The box's code comes with the first load (a native dialog, little code): fetched on
  // demand, it was a second wave of requests after the script, and the page's largest paint waited
  // for it on a phone's network.
  const show = painted && !disclaimerAccepted && !isDisclaimerExempt(pathname);
  return show ? <DisclaimerBox onAccept={acceptDisclaimer} /> : null;
}

/** The frame of every page: header, the current route's page, footer, and the first-visit disclaimer. */
export function Layout() {
  return (
    <div className="site d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable site-skip">
        {MESSAGES.shell.skipToContent}
      </a>
      <Header />
      <main id="main" className="site-main flex-grow-1" tabIndex={-1}>
        <Welcome />
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
          <ReadyMark />
        </Suspense>
      </main>
      <Footer />
      <Disclaimer />
      <ScrollRestoration />
    </div>
  );
}
