import { useT } from '../../i18n';
import styles from './assets.module.css';

/**
 * The networks a coin travels on, one chip each (USDT on ERC20 and TRC20), for the
 * deposit and withdraw screens. One balance stands behind all of them; the chip only
 * picks the chain the coins move on. Nothing shows for a coin on a single network.
 */
export function NetworkChips<N extends string>({ networks, chosen, onChoose }: { networks: readonly N[]; chosen: N; onChoose: (network: N) => void }) {
  const t = useT();
  if (networks.length < 2) return null;
  return (
    <div role="radiogroup" aria-label={t('assets:receive.network')}>
      <p className={styles.note}>{t('assets:receive.network')}</p>
      <div className={styles.chips}>
        {networks.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === chosen}
            className={`${styles.chip} ${option === chosen ? styles.chipOn : ''}`}
            onClick={() => onChoose(option)}
            data-testid={`network-${option}`}
          >
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}
