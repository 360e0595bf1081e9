import 'bootstrap/dist/css/bootstrap.min.css';
// Only the icons the app names, as CSS masks (vite-icons.ts), not the whole icon font.
import 'virtual:bootstrap-icons.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { readServerState } from './app/serverState.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A public page comes rendered by the server with the answers its render used
// (server/src/http/plugins/server-render.ts): the app takes them as its query cache and hydrates the
// page, so its first render is the HTML already shown, without asking again. Other pages (account,
// admin, cart) come as the empty shell and are rendered here.
const serverState = readServerState();
const queryClient = createQueryClient();
if (serverState) hydrate(queryClient, serverState);

// The router (its route table, the first match) is made in a task of its own, after the script's, and
// the first render is a transition: React builds the page in slices of a few milliseconds, yielding
// between them. One task for all of it held the main thread for long on a phone's slower CPU, which
// Lighthouse counts as blocking time.
setTimeout(() => {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} hydrating={serverState !== undefined}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  startTransition(() => {
    if (serverState) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}, 0);
