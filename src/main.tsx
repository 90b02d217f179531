import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { followAlerts } from './app/alerts';
import { loadSiteConfig } from './app/site';
import { keepTheme } from './app/theme';
import { registerServiceWorker } from './app/update';
import { ensureCore, firstQuotes } from './core';
import { initLanguage, loadSharedNamespaces } from './i18n';
import { nextTask } from './lib/tasks';
import { createAppRouter } from './router';
import './ui/theme.css';

/** How long the first render waits for the first screen's quotes at most. */
const FIRST_QUOTES_WAIT_MS = 300;

// Everything the first screen waits on starts now, together: the realtime worker (its
// script, the socket, the first quotes), the site settings and the language, while the
// screen's own chunk is already downloading (preloaded by index.html's boot script).
keepTheme();
ensureCore();
void loadSiteConfig();
// The rest of the start runs as short tasks, not one long one: a phone paints and answers
// a tap between the language, the router and the first render, and the first render
// itself is a transition, which React renders in slices of a few milliseconds. It runs in
// a function, not at the module's top level: the screens' chunks import this module, and
// a top-level await would hold their imports until the start is over.
void start();

async function start() {
  await nextTask();
  await initLanguage();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The route is resolved (its chunk, its texts) before the first render, and a tab that
  // shows quotes renders with them when they are moments away (src/core/index.ts). Were
  // the route resolved during the first render, the router's state would change under it
  // and React would render the whole screen again in one long task (about 200 ms at 4x).
  await Promise.all([router.load().catch(() => undefined), firstQuotes(FIRST_QUOTES_WAIT_MS)]);

  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <CatchUp router={router}>
          <RouterProvider router={router} />
        </CatchUp>
      </StrictMode>,
    );
  });
  registerServiceWorker();
  // Price alerts that fire while the app is open: the bell's count and their announcement.
  followAlerts();
  // The texts the other screens share, fetched once the first screen is up, so moving on does not wait for them.
  window.addEventListener('load', () => setTimeout(() => void loadSharedNamespaces().catch(() => undefined), 0), { once: true });
}

/**
 * The router follows the URL itself once it is on screen, from the first commit on; a
 * change made before that (a link tapped, a test moving on while the first screen was
 * being resolved and rendered) is caught up with here, in the same commit.
 */
function CatchUp({ router, children }: { router: ReturnType<typeof createAppRouter>; children: ReactNode }) {
  useLayoutEffect(() => {
    router.updateLatestLocation();
    if (router.latestLocation.href !== router.state.resolvedLocation?.href) void router.load().catch(() => undefined);
  }, [router]);
  return children;
}
