import { signal } from '@preact/signals-react';
import type { ApiOutput } from '../../contract/api';
import { api } from '../api/client';

/** Site name, logo and mode from GET /getSiteConfig, loaded once at start. */
export type SiteConfig = ApiOutput<'GET /getSiteConfig'>;

export const siteConfig = signal<SiteConfig | null>(null);

export async function loadSiteConfig(): Promise<void> {
  try {
    const config = await api('GET /getSiteConfig', {}, { silent: true });
    siteConfig.value = config;
    document.title = config.site_name;
  } catch {
    // The app works without it; names fall back to what the bundle knows.
  }
}

export function siteName(): string {
  return siteConfig.value?.site_name ?? 'Kestrel';
}

export function siteLogo(): string {
  return siteConfig.value?.site_logo || `${import.meta.env.BASE_URL}logo.svg`;
}
