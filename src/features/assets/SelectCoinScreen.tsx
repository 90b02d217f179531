import { useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { CoinIcon } from '../../ui/CoinIcon';
import { ChevronRightIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { coins, loadCoins } from './wallet';
import styles from './assets.module.css';

/** Choose a coin and network (spec: BTC, ETH, USDT on ERC20 or TRC20) to deposit or withdraw. */
export function SelectCoinScreen() {
  useSignals();
  const t = useT();
  const { action } = useSearch({ from: '/_auth/pages/fund/select' });
  useEffect(() => void loadCoins(), []);
  return (
    <Screen title={t(action === 'withdraw' ? 'assets:select.withdraw' : 'assets:select.receive')}>
      {coins.value.map((coin) => (
        <button
          key={`${coin.id}-${coin.type}`}
          type="button"
          className={styles.coinRow}
          onClick={() => navigate(action === 'withdraw' ? '/pages/fund/withdraw' : '/pages/fund/receive', { currency: String(coin.id), network: coin.type })}
          data-testid={`coin-${coin.name}-${coin.type}`}
        >
          <CoinIcon code={coin.name} />
          <span>
            {coin.name} {coin.subName && <span className={styles.dim}>{coin.subName}</span>}
          </span>
          <ChevronRightIcon size={18} />
        </button>
      ))}
    </Screen>
  );
}
