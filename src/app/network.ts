import { signal } from '@preact/signals-react';

/** Whether the device says it is online (navigator.onLine and its events). */
export const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Whether the exchange answered the last request the app sent (src/api/client.ts): false
 * from a request that got no answer at all (no network, the server out of reach) until
 * the next answer. A device can say it is online and reach nothing (and a browser may not
 * tell a page opened offline that it is), so the market says so from this too.
 */
export const reachable = signal(true);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}
