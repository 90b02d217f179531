import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSiteConfig } from './app/site';
import { initLanguage } from './i18n';
import { router } from './router';
import './ui/theme.css';

void loadSiteConfig();
await initLanguage();

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
