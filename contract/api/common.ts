import { Type } from '@sinclair/typebox';
import { endpoint } from './define';

export const SiteConfig = Type.Object({
  site_name: Type.String(),
  site_logo: Type.String({ description: 'Address of the logo image' }),
  /** True when the exchange runs on the simulated market (paper trading). */
  paper_trading: Type.Boolean(),
  version: Type.String(),
});

export const getSiteConfig = endpoint({
  method: 'GET',
  path: '/getSiteConfig',
  access: 'public',
  tag: 'common',
  summary: 'Site name, logo and mode',
  input: Type.Object({}),
  output: SiteConfig,
});

export const getSetting = endpoint({
  method: 'GET',
  path: '/getSetting',
  access: 'public',
  tag: 'common',
  summary: 'The value of one public setting',
  input: Type.Object({ keyword: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }) }),
  output: Type.String(),
});
