import 'bootstrap/dist/css/bootstrap.min.css';
// Only the icons the app names, as CSS masks (vite-icons.ts), not the whole icon font.
import 'virtual:bootstrap-icons.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React builds the page in slices of a few milliseconds, yielding
// between them, rather than in one task of the page's whole tree (on a phone's slower CPU one long task
// that holds the main thread; Lighthouse counts it as blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
