import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MESSAGES } from '@app/domain';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The frame of every page: header, the current route's page, footer. */
export function Layout() {
  return (
    <div className="site d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable site-skip">
        {MESSAGES.shell.skipToContent}
      </a>
      <Header />
      <main id="main" className="site-main flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
