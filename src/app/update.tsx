import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../i18n';
import styles from './update.module.css';

/**
 * The service worker (vite-plugin-pwa): registered once the first screen is up, it
 * precaches the app so the next visit and an offline start open at once. When a new
 * version has been deployed and downloaded, the app asks before switching to it: a
 * trader in the middle of an order is never reloaded under their finger.
 */
const updateReady = signal(false);
let apply: ((reload?: boolean) => Promise<void>) | null = null;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // Loaded then, not with the first screen's JavaScript.
  void import('virtual:pwa-register').then(({ registerSW }) => {
    apply = registerSW({
      immediate: false,
      onNeedRefresh: () => {
        updateReady.value = true;
      },
    });
  });
}

/** "A new version is ready · Reload · Later", over the tab bar. */
export function UpdatePrompt() {
  useSignals();
  const t = useT();
  if (!updateReady.value) return null;
  return (
    <div className={styles.prompt} role="alertdialog" aria-label={t('common:update.ready')} data-testid="update-prompt">
      <span>{t('common:update.ready')}</span>
      <button type="button" className={styles.later} onClick={() => (updateReady.value = false)}>
        {t('common:update.later')}
      </button>
      <button type="button" className={styles.reload} onClick={() => void apply?.(true)}>
        {t('common:update.reload')}
      </button>
    </div>
  );
}
