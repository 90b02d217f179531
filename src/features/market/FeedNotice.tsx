import { useSignals } from '@preact/signals-react/runtime';
import { useSyncExternalStore } from 'react';
import { EXCHANGE_NAMES } from '../../../contract/market';
import type { MarketInfo } from '../../../contract/worker-api';
import { liveFeeds, quoteOf } from '../../core/store';
import { useT } from '../../i18n';
import styles from './market.module.css';

/** The exchange a market's prices come from, or null for the simulator. */
export function exchangeOf(info: MarketInfo): string | null {
  return info.feed === 'simulated' ? null : EXCHANGE_NAMES[info.feed];
}

const never = () => () => undefined;

/** Whether the market's prices are stale now (its exchange is being reconnected to): the order forms wait. */
export function usePricesPaused(info: MarketInfo): boolean {
  const stale = quoteOf(info.id)?.stale;
  return useSyncExternalStore(stale ? (changed) => stale.subscribe(changed) : never, () => stale?.peek() ?? false);
}

/**
 * Where a market's prices come from, as a small tag: "Prices from Binance", or "Simulated"
 * on a simulator market. The simulator's tag shows only beside live markets, unless
 * `simulatedAlways` (the pair's own screen has always said "Simulated market").
 */
export function FeedSource({ info, simulatedAlways = false, className }: { info: MarketInfo; simulatedAlways?: boolean; className: string | undefined }) {
  useSignals();
  const t = useT();
  const exchange = exchangeOf(info);
  if (exchange)
    return (
      <span className={className} data-testid="feed-source">
        {t('trade:feed.source', { exchange })}
      </span>
    );
  if (!simulatedAlways && !liveFeeds.value) return null;
  return (
    <span className={className} data-testid="feed-source">
      {t(simulatedAlways ? 'market:simulated' : 'market:feed_simulated')}
    </span>
  );
}

/** The notice on a pair's screens while its prices are stale: "Prices paused: reconnecting to Binance". */
export function FeedPaused({ info }: { info: MarketInfo }) {
  const t = useT();
  const paused = usePricesPaused(info);
  const exchange = exchangeOf(info);
  if (!paused || !exchange) return null;
  return (
    <p className={styles.status} role="status" data-testid="feed-paused">
      {t('trade:feed.paused', { exchange })}
    </p>
  );
}

/** Beside an order form's disabled buttons: why, and when they come back. */
export function OrdersPaused({ info, className }: { info: MarketInfo; className: string | undefined }) {
  const t = useT();
  return (
    <p className={className} role="note" data-testid="orders-paused">
      {t('trade:feed.orders_paused', { exchange: exchangeOf(info) ?? '' })}
    </p>
  );
}
