import { useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { formatAmount } from '../../../contract/format';
import { navigate } from '../../app/navigation';
import { language, useT } from '../../i18n';
import { CoinIcon } from '../../ui/CoinIcon';
import { ChevronRightIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { FiatValue } from './FiatValue';
import { availableIn, coins, loadCoins, loadUsdPrices, loadWallet, usdPrices, wallet } from './wallet';
import styles from './assets.module.css';

/**
 * Choose a coin and network (spec: BTC, ETH, USDT on ERC20 or TRC20) to deposit or
 * withdraw, each with what is available of it in the coin account and its equivalent.
 */
export function SelectCoinScreen() {
  useSignals();
  const t = useT();
  const { action } = useSearch({ from: '/_auth/pages/fund/select' });
  useEffect(() => {
    void loadCoins().then(() => loadUsdPrices(coins.value.map((coin) => coin.id)));
    void loadWallet().catch(() => undefined);
  }, []);
  const loaded = wallet.value !== null;
  return (
    <Screen title={t(action === 'withdraw' ? 'assets:select.withdraw' : 'assets:select.receive')}>
      <p className={styles.listHead}>
        <span />
        <span>{t('assets:select.balance')}</span>
      </p>
      {coins.value.map((coin) => {
        const available = loaded ? availableIn('change', coin.name) : null;
        return (
          <button
            key={`${coin.id}-${coin.type}`}
            type="button"
            className={styles.coinRow}
            onClick={() => navigate(action === 'withdraw' ? '/pages/fund/withdraw' : '/pages/fund/receive', { currency: String(coin.id), network: coin.type })}
            data-testid={`coin-${coin.name}-${coin.type}`}
          >
            <CoinIcon code={coin.name} />
            <span className={styles.coinName}>
              {coin.name} {coin.subName && <span className={styles.dim}>{coin.subName}</span>}
            </span>
            <span className={styles.coinBalance}>
              <span data-testid="coin-available">{available === null ? '--' : formatAmount(available, language.value)}</span>
              <FiatValue amount={available} usdPrice={usdPrices.value[coin.id]} block testId="coin-available-fiat" />
            </span>
            <ChevronRightIcon size={18} />
          </button>
        );
      })}
    </Screen>
  );
}
