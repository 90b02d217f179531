import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { ensureRates, fiat, formatFiat, rates, usdValue } from '../../app/fiat';
import { language } from '../../i18n';
import styles from './assets.module.css';

/**
 * "≈ $12.34": an amount of a coin in the fiat the user chose (settings), at the coin's
 * USD price as the server values the assets tab. The one way the assets screens show a
 * converted equivalent; renders nothing while the amount or the price is unknown.
 */
export function FiatValue({ amount, usdPrice, block = false, testId }: { amount: string | null | undefined; usdPrice: number | null | undefined; block?: boolean; testId?: string }) {
  useSignals();
  useEffect(() => void ensureRates(), []);
  const usd = usdValue(amount, usdPrice);
  if (usd === null) return null;
  return (
    <span className={block ? styles.fiatBlock : styles.fiat} data-testid={testId}>
      ≈ {formatFiat(usd, fiat.value, language.value, rates.value)}
    </span>
  );
}
