import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useT } from '../../i18n';
import { favourites, loadFavourites, toggleFavourite } from './favourites';
import styles from './detail.module.css';

/** The star in a pair's navigation bar. */
export function FavouriteButton({ currencyId }: { currencyId: number }) {
  useSignals();
  const t = useT();
  useEffect(loadFavourites, []);
  const on = favourites.value.has(currencyId);
  return (
    <button
      type="button"
      className={`${styles.star} ${on ? styles.starOn : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'market:unfavourite' : 'market:favourite')}
      onClick={() => void toggleFavourite(currencyId).catch(() => undefined)}
      data-testid="favourite"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
