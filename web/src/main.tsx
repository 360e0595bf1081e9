import 'bootstrap/dist/css/bootstrap.min.css';
// Only the icons the app names, as CSS masks (vite-icons.ts), not the whole icon font.
import 'virtual:bootstrap-icons.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The router (its route table, the first match) is made in a task of its own, after the script's, and
// the first render is a transition: React builds the page in slices of a few milliseconds, yielding
// between them. One task for all of it held the main thread for long on a phone's slower CPU, which
// Lighthouse counts as blocking time.
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}, 0);
