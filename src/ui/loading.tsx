import { computed, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../i18n';
import styles from './loading.module.css';

/** Requests that have been running for longer than 800 ms (spec 9) show one indicator. */
export const LOADING_DELAY_MS = 800;
const slowRequests = signal(0);
/** How many skeletons (ui/Skeleton.tsx) are on screen: each is a loading indicator already. */
export const skeletonShown = signal(0);
/** Whether the loading indicator is on screen: a request is slow and no skeleton says so. */
export const loadingShown = computed(() => slowRequests.value > 0 && skeletonShown.value === 0);

/** Call when a request starts; call the answer when it ends. */
export function trackRequest(): () => void {
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    slowRequests.value++;
  }, LOADING_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (shown) slowRequests.value--;
  };
}

export function LoadingHost() {
  useSignals();
  const t = useT();
  if (!loadingShown.value) return null;
  return (
    <div className={styles.mask} data-testid="loading">
      <div className={styles.box}>
        <span className={styles.spinner} aria-hidden="true" />
        <span>{t('common:loading')}</span>
      </div>
    </div>
  );
}
