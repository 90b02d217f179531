import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../src/ui/theme.css';
import './console.css';
import { initConsoleLanguage } from './i18n';
import { createConsoleRouter } from './routes';

/**
 * The operator console's start: the app's palette (light or dark as the system says;
 * the console keeps no theme setting of its own), the stored language, the router.
 * No service worker: the console is used online and nothing of it is cached offline.
 */
const light = matchMedia('(prefers-color-scheme: light)');
const applyTheme = () => {
  document.documentElement.dataset['theme'] = light.matches ? 'light' : 'dark';
};
applyTheme();
light.addEventListener('change', applyTheme);

void start();

async function start() {
  await initConsoleLanguage();
  const container = document.getElementById('console');
  if (!container) throw new Error('#console is missing from admin/index.html');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createConsoleRouter()} />
    </StrictMode>,
  );
}
