import { useSignals } from '@preact/signals-react/runtime';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { MarketInfo } from '../../../contract/worker-api';
import { useTickers } from '../../core/hooks';
import { useT } from '../../i18n';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { ConnectionBanner } from '../market/ConnectionBanner';
import { ContractPanel } from './ContractPanel';
import { SecondsPanel } from './SecondsPanel';
import { MODES, type TradeMode, type TradeSearch } from './search';
import { PairBar, useTradeMarket } from './shared';
import { SpotPanel } from './SpotPanel';
import styles from './trade.module.css';

/** The panel of a mode for a market (the trade tab and the single-mode screens share them). */
export function ModePanel({ mode, market, side }: { mode: TradeMode; market: MarketInfo; side: 'buy' | 'sell' }) {
  if (mode === 'contract') return <ContractPanel market={market} />;
  if (mode === 'seconds') return <SecondsPanel market={market} />;
  return <SpotPanel key={`${market.id}-${side}`} market={market} initialSide={side} />;
}

/** The trade tab (spec 2): spot, futures and options, switched at the top. */
export function TradeScreen() {
  useSignals();
  const t = useT();
  useTickers();
  const navigate = useNavigate();
  const search = useSearch({ from: '/pages/transaction/index' });
  const market = useTradeMarket(search.mode, search.symbol);
  const go = (next: Partial<TradeSearch>) =>
    void navigate({
      to: '/pages/transaction/index',
      search: { ...search, ...next },
      replace: true,
    });
  return (
    <Screen nav={false} tab>
      <nav className={styles.modes} role="tablist">
        {MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="tab"
            aria-selected={mode === search.mode}
            className={`${styles.mode} ${mode === search.mode ? styles.modeOn : ''}`}
            onClick={() => go({ mode })}
            data-testid={`mode-${mode}`}
          >
            {t(`trade:modes.${mode}`)}
          </button>
        ))}
      </nav>
      <ConnectionBanner />
      {market ? (
        <>
          <PairBar mode={search.mode} market={market} onPick={(picked) => go({ symbol: picked.symbol.replace('/', '') })} />
          <ModePanel mode={search.mode} market={market} side={search.side} />
        </>
      ) : (
        <Skeleton shape="card" count={1} inset />
      )}
    </Screen>
  );
}

/** A single mode on its own screen, with a back button: transaction/currency, contract, index2. */
export function SingleModeScreen({ mode, search }: { mode: TradeMode; search: { symbol: string; side?: 'buy' | 'sell' } }) {
  useSignals();
  const t = useT();
  useTickers();
  const navigate = useNavigate();
  const market = useTradeMarket(mode, search.symbol);
  const path = mode === 'spot' ? '/pages/transaction/currency' : mode === 'contract' ? '/pages/transaction/contract' : '/pages/transaction/index2';
  return (
    <Screen title={t(`trade:modes.${mode}`)}>
      <ConnectionBanner />
      {market ? (
        <>
          <PairBar
            mode={mode}
            market={market}
            onPick={(picked) =>
              void navigate({
                to: path,
                search: {
                  symbol: picked.symbol.replace('/', ''),
                  side: search.side ?? 'buy',
                },
                replace: true,
              })
            }
          />
          <ModePanel mode={mode} market={market} side={search.side ?? 'buy'} />
        </>
      ) : (
        <Skeleton shape="card" count={1} inset />
      )}
    </Screen>
  );
}
