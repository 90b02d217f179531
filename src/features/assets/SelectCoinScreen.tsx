import { useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { formatAmount } from '../../../contract/format';
import { navigate } from '../../app/navigation';
import { language, useT } from '../../i18n';
import { CoinIcon } from '../../ui/CoinIcon';
import { ChevronRightIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { FiatValue } from './FiatValue';
import { availableIn, coins, type CoinEntry, loadCoins, loadUsdPrices, loadWallet, usdPrices, wallet } from './wallet';
import styles from './assets.module.css';

/** Each coin once, with the networks it travels on, in the server's order. */
function coinsOnce(entries: readonly CoinEntry[]): { coin: CoinEntry; networks: string[] }[] {
  const byId = new Map<number, { coin: CoinEntry; networks: string[] }>();
  for (const entry of entries) {
    const known = byId.get(entry.id);
    if (known) known.networks.push(entry.type);
    else byId.set(entry.id, { coin: entry, networks: [entry.type] });
  }
  return [...byId.values()];
}

/**
 * Choose a coin (spec: BTC, ETH, USDT) to deposit or withdraw, each once with what is
 * available of it in the coin account and its equivalent. A coin on several networks
 * (USDT on ERC20 and TRC20) is one balance: its row says so, and the next screen picks
 * the network.
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
      {coinsOnce(coins.value).map(({ coin, networks }) => {
        const available = loaded ? availableIn('change', coin.name) : null;
        return (
          <button
            key={coin.id}
            type="button"
            className={styles.coinRow}
            onClick={() => navigate(action === 'withdraw' ? '/pages/fund/withdraw' : '/pages/fund/receive', { currency: String(coin.id), network: coin.type })}
            data-testid={`coin-${coin.name}`}
          >
            <CoinIcon code={coin.name} />
            <span className={styles.coinName}>
              {coin.name}
              {networks.length > 1 && (
                <span className={styles.coinNetworks} data-testid="coin-networks">
                  {t('assets:select.networks', { networks: networks.join(' · ') })}
                </span>
              )}
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
