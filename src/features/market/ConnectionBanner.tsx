import { useSignals } from '@preact/signals-react/runtime';
import { online, reachable } from '../../app/network';
import { connection, stale } from '../../core/store';
import { useT } from '../../i18n';
import styles from './market.module.css';

/** Says when the figures on screen are not live: offline, the exchange out of reach, from the device's cache, or while reconnecting. */
export function ConnectionBanner() {
  useSignals();
  const t = useT();
  const status = connection.value;
  if (!online.value)
    return (
      <p className={styles.status} role="status" data-testid="connection" data-state="offline">
        {t('market:offline')}
      </p>
    );
  if (!reachable.value && stale.value)
    return (
      <p className={styles.status} role="status" data-testid="connection" data-state="unreachable">
        {t('market:unreachable')}
      </p>
    );
  if (status === 'reconnecting')
    return (
      <p className={styles.status} role="status" data-testid="connection">
        {t('market:reconnecting')}
      </p>
    );
  if (stale.value)
    return (
      <p className={styles.status} role="status" data-testid="connection">
        {t('market:stale')}
      </p>
    );
  return null;
}
