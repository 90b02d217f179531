import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
// itself is a transition, which React renders in slices of a few milliseconds.
await nextTask();
await initLanguage();
await nextTask();
const router = createAppRouter();
await nextTask();
// A tab that shows quotes renders with them when they are moments away (src/core/index.ts).
await firstQuotes(FIRST_QUOTES_WAIT_MS);

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
registerServiceWorker();
// The texts the other screens share, fetched once the first screen is up, so moving on does not wait for them.
window.addEventListener('load', () => setTimeout(() => void loadSharedNamespaces().catch(() => undefined), 0), { once: true });
