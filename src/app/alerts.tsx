import { effect, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { api } from '../api/client';
import { onAlerts } from '../core/store';
import { useT } from '../i18n';
import { token } from './session';
import styles from './alerts.module.css';

/**
 * The shell's part of price alerts, small because the first screens carry it: the count
 * of fired alerts not read yet (the bell's badge), kept from the server's count and the
 * socket's firings; and, when one fires while the app is open, its announcement (a toast,
 * or a system notification when the page is hidden), whose code and texts load then
 * (src/features/alerts/announce.ts).
 */
export const unreadAlerts = signal(0);

/** The count as the server has it (after a session starts, or the inbox read some). */
export function refreshUnread(): void {
  if (!token.peek()) {
    unreadAlerts.value = 0;
    return;
  }
  void api('GET /alerts/unread', {}, { silent: true }).then(
    (answer) => void (unreadAlerts.value = answer.unread),
    () => undefined,
  );
}

let following = false;

/** From the start on: the count follows the session (read once the page has loaded) and every firing the socket brings. */
export function followAlerts(): void {
  if (following) return;
  following = true;
  onAlerts((firings) => {
    unreadAlerts.value += firings.length;
    void import('../features/alerts/announce').then(({ announce }) => announce(firings));
  });
  const start = () =>
    effect(() => {
      void token.value;
      refreshUnread();
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/** A bell with the unread count: a button with `onClick`, else an image for the link its screen wraps it in. */
export function AlertBell({ onClick, testId = 'alert-bell' }: { onClick?: () => void; testId?: string }) {
  useSignals();
  const t = useT();
  const count = unreadAlerts.value;
  const label = count > 0 ? t('common:alerts.bell_unread', { count }) : t('common:alerts.bell');
  const bell = (
    <>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15zM10 20a2 2 0 004 0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      {count > 0 && (
        <span className={styles.badge} data-testid="alert-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  );
  if (!onClick)
    return (
      <span className={styles.icon} role="img" aria-label={label} data-testid={testId}>
        {bell}
      </span>
    );
  return (
    <button type="button" className={styles.bell} aria-label={label} onClick={onClick} data-testid={testId}>
      {bell}
    </button>
  );
}
