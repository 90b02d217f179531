import { api } from '../../api/client';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';

/**
 * Alerts as system notifications on this device. Asking needs a tap (browsers ignore
 * Notification.requestPermission otherwise), so `enable` runs from the switch's click.
 * With the permission, the device subscribes to Web Push through the service worker with
 * the exchange's VAPID key and hands the subscription to the server, so an alert reaches
 * it with the app closed; a browser without a push service (or one that refuses) still
 * gets notifications while the app is open (src/features/alerts/announce.ts).
 *
 * - unsupported: no Notification API (an in-app browser)
 * - blocked: the user said no (only the browser's site settings undo that)
 * - off: not asked yet, or this device's subscription was removed
 * - page: allowed, without a push subscription (notified while the app runs)
 * - push: allowed and subscribed (notified with the app closed too)
 */
export type DeviceState = 'unsupported' | 'blocked' | 'off' | 'page' | 'push';

async function subscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function deviceState(): Promise<DeviceState> {
  if (!('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'default' || readString(STORAGE_KEYS.alertNotifications) === 'off') return 'off';
  return (await subscription().catch(() => null)) ? 'push' : 'page';
}

/** A VAPID key as the push manager takes it (base64url text to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** From a tap: the permission, then a push subscription the server keeps. */
export async function enableDevice(pushKey: string): Promise<DeviceState> {
  if (!('Notification' in window)) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  writeString(STORAGE_KEYS.alertNotifications, null);
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'page';
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'page';
    const pushed = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) }));
    const { endpoint, keys } = pushed.toJSON();
    if (!endpoint || !keys?.['p256dh'] || !keys['auth']) return 'page';
    await api('POST /alerts/push/subscribe', { endpoint, p256dh: keys['p256dh'], auth: keys['auth'] }, { silent: true });
    return 'push';
  } catch {
    // No push service here (a browser without one, no network to it): notified while the app runs.
    return 'page';
  }
}

/** Whether alerts may show as notifications here: allowed, and not turned off in the app. */
export function notifying(): boolean {
  return 'Notification' in window && Notification.permission === 'granted' && readString(STORAGE_KEYS.alertNotifications) !== 'off';
}

/** This device's notifications off: its subscription dropped here and on the server; none shown while the app runs either. */
export async function disableDevice(): Promise<DeviceState> {
  writeString(STORAGE_KEYS.alertNotifications, 'off');
  const pushed = await subscription().catch(() => null);
  if (pushed) {
    await api('POST /alerts/push/unsubscribe', { endpoint: pushed.endpoint }, { silent: true }).catch(() => undefined);
    await pushed.unsubscribe().catch(() => false);
  }
  return 'off';
}
