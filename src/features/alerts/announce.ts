import type { AlertFiringView } from '../../../contract/worker-api';
import { language, loadNamespace, translatorFor, type Translator } from '../../i18n';
import { toast } from '../../ui/toast';
import { notifying } from './device';
import { describe, headline, tradeText } from './texts';

/** Long enough to read a price and a level. */
const TOAST_MS = 4000;
/** Where a notification's tap leads (the app's hash route; the service worker's push handler opens the same). */
export const INBOX_URL = '/h5/#/pages/alerts/inbox';

/**
 * Alerts that fired while the app is open (the socket's 'price_alert', through the
 * worker): a toast on whatever screen is up; when the page is hidden (another tab, the
 * phone's home screen with the app still alive) a system notification instead, through
 * the service worker where there is one, if the user allowed notifications. A Web Push
 * for the same firing carries the same tag, so the device shows one, not two.
 */
export async function announce(firings: readonly AlertFiringView[]): Promise<void> {
  await loadNamespace('alerts');
  const lang = language.peek();
  const t = await translatorFor(lang);
  const last = firings.at(-1);
  if (!last) return;
  if (document.visibilityState === 'visible' || !notifying()) {
    toast(t('alerts:fired.toast', { headline: headline(t, last, lang), alert: describe(t, last, lang) }), TOAST_MS);
    return;
  }
  for (const firing of firings) await notify(t, firing);
}

async function notify(t: Translator, firing: AlertFiringView): Promise<void> {
  const lang = language.peek();
  const title = headline(t, firing, lang);
  const options: NotificationOptions = {
    body: `${describe(t, firing, lang)}\n${tradeText(t, firing, lang)}`,
    tag: `alert-${firing.id}`,
    icon: '/h5/icon-192.png',
    data: { url: INBOX_URL },
  };
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration) await registration.showNotification(title, options);
  else new Notification(title, options).onclick = () => window.focus();
}
