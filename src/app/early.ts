/**
 * The requests index.html's boot script sends before any module has loaded
 * (scripts/vite-boot-plugin.ts), by the tab the URL opens: the first quotes, and on the
 * home tab its banners and news, whose answer is the largest thing the home tab paints.
 * Each is a public read (sent without the token) that the screen would ask for anyway;
 * the API client takes the boot script's answer once, for the same method, URL and body
 * (src/api/client.ts). The screens build their requests from these same inputs, so the
 * two cannot drift apart.
 */
export const HOME_BANNERS = { c_id: 5, page: 1, limit: 10 } as const;
export const HOME_NEWS = { c_id: 4 } as const;

export interface EarlyRequest {
  method: 'GET' | 'POST';
  /** The API path, without /api and the query. */
  path: string;
  /** The fields the client sends (before its `lang`), in the client's order. */
  input: Record<string, string | number>;
}

const QUOTES: EarlyRequest = { method: 'GET', path: '/currency/quotation_new', input: {} };

export const EARLY_REQUESTS: Record<string, EarlyRequest[]> = {
  home: [QUOTES, { method: 'POST', path: '/news/list', input: HOME_BANNERS }, { method: 'POST', path: '/news/list', input: { ...HOME_NEWS, page: 1 } }],
  market: [QUOTES],
  trade: [QUOTES],
};

/** How the client and the boot script name one request: method, URL with query, body. */
export function earlyKey(method: string, url: string, body: string): string {
  return `${method} ${url} ${body}`;
}
