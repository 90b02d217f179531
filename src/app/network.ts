import { signal } from '@preact/signals-react';

/** Whether the device says it is online (navigator.onLine and its events). */
export const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}
