// @ts-check
/// <reference lib="webworker" />
/**
 * Price alerts in the service worker (imported by the Workbox worker vite-plugin-pwa
 * writes, vite.config.ts): a Web Push from the exchange (server/alerts/push.ts, its
 * payload JSON {title, body, url, tag}, already in the user's language) is shown as a
 * notification even with the app closed; a tap focuses an open window of the app on the
 * inbox, or opens one. A notification with the same tag (the page's own, while it ran)
 * is replaced, never doubled.
 */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('push', (event) => {
  /** @type {{ title?: string, body?: string, url?: string, tag?: string }} */
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Kestrel';
  event.waitUntil(
    worker.registration.showNotification(title, {
      body: message.body || '',
      tag: message.tag,
      icon: '/h5/icon-192.png',
      badge: '/h5/icon-192.png',
      data: { url: message.url || '/h5/#/pages/alerts/inbox' },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/h5/#/pages/alerts/inbox', worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/h5/'));
      if (open) return open.navigate(url).then((client) => (client || open).focus());
      return worker.clients.openWindow(url);
    }),
  );
});
