import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSiteConfig } from './app/site';
import './app/theme';
import { registerServiceWorker } from './app/update';
import { ensureCore } from './core';
import { initLanguage } from './i18n';
import { router } from './router';
import './ui/theme.css';

// Everything the first screen waits on starts now, together: the realtime worker (its
// script, the socket, the first quotes), the site settings and the language, while the
// screen's own chunk is already downloading (preloaded by index.html's boot script).
ensureCore();
void loadSiteConfig();
await initLanguage();

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
registerServiceWorker();
