import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { TRADE_ROW_WIDTH, type MarketInfo } from '../../../contract/worker-api';
import { depthOf, tradesOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { formatClock, formatFixed } from '../../../contract/format';
import { Skeleton } from '../../ui/Skeleton';
import styles from './detail.module.css';

// The depth channel carries 20 levels a side: the pair screen shows them all.
const BOOK_ROWS = 20;

/** Bids and asks side by side, best first, with bars for the quantity up to each level. */
export function OrderBookPanel({ info }: { info: MarketInfo }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const depth = depthOf(info.id).value;
  if (!depth) return <Skeleton shape="book" count={BOOK_ROWS} inset />;
  const side = (levels: Float64Array) => {
    const rows: { price: number; quantity: number; total: number }[] = [];
    let total = 0;
    for (let i = 0; i + 1 < levels.length && rows.length < BOOK_ROWS; i += 2) {
      total += levels[i + 1] as number;
      rows.push({ price: levels[i] as number, quantity: levels[i + 1] as number, total });
    }
    return rows;
  };
  const bids = side(depth.bids);
  const asks = side(depth.asks);
  const max = Math.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0, Number.MIN_VALUE);
  const qty = (value: number) => formatFixed(value, info.qtyPrecision, lang);
  const price = (value: number) => formatFixed(value, info.pricePrecision, lang);
  return (
    <section className={styles.book} data-testid="order-book">
      <div className={styles.bookHead}>
        <span>{t('market:book.bid')}</span>
        <span>{t('market:book.price', { asset: info.quote })}</span>
        <span>{t('market:book.ask')}</span>
      </div>
      <div className={styles.bookSides}>
        <ol className={styles.bookSide}>
          {bids.map((row) => (
            <li key={row.price} className={styles.bookRow}>
              <span className={styles.barBid} style={{ width: `${(row.total / max) * 100}%` }} />
              <span>{qty(row.quantity)}</span>
              <span className="up">{price(row.price)}</span>
            </li>
          ))}
        </ol>
        <ol className={styles.bookSide}>
          {asks.map((row) => (
            <li key={row.price} className={styles.bookRow}>
              <span className={styles.barAsk} style={{ width: `${(row.total / max) * 100}%` }} />
              <span className="down">{price(row.price)}</span>
              <span>{qty(row.quantity)}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The latest trades, newest first: time, price coloured by the taker's side, quantity. */
export function TradesPanel({ info }: { info: MarketInfo }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const rows = tradesOf(info.id).value;
  const list: { time: number; price: number; quantity: number; side: number }[] = [];
  for (let i = rows.length - TRADE_ROW_WIDTH; i >= 0; i -= TRADE_ROW_WIDTH) {
    list.push({ time: rows[i] as number, price: rows[i + 1] as number, quantity: rows[i + 2] as number, side: rows[i + 3] as number });
  }
  return (
    <section className={styles.trades} data-testid="trades">
      <div className={styles.tradesHead}>
        <span>{t('market:trades.time')}</span>
        <span>{t('market:book.price', { asset: info.quote })}</span>
        <span>{t('market:trades.quantity', { asset: info.base })}</span>
      </div>
      {list.length === 0 && <Skeleton shape="book" />}
      {list.map((trade, i) => (
        <div key={`${trade.time}-${i}`} className={styles.tradeRow}>
          <span>{formatClock(trade.time, lang)}</span>
          <span className={trade.side > 0 ? 'up' : 'down'}>{formatFixed(trade.price, info.pricePrecision, lang)}</span>
          <span>{formatFixed(trade.quantity, info.qtyPrecision, lang)}</span>
        </div>
      ))}
    </section>
  );
}

/** The depth chart, drawn from the same depth as the book. */
export function DepthPanel({ info }: { info: MarketInfo }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ apply(bids: Float64Array, asks: Float64Array): void; destroy(): void } | null>(null);
  const depth = depthOf(info.id);
  const lang = language.value;

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let disposed = false;
    void import('../../../charts/depth').then(({ createDepthChart }) => {
      if (disposed) return;
      chart.current = createDepthChart(element, { pricePrecision: info.pricePrecision, language: lang });
      const current = depth.peek();
      if (current) chart.current.apply(current.bids, current.asks);
    });
    return () => {
      disposed = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [info, lang, depth]);

  useSignalEffect(() => {
    const current = depth.value;
    if (current) chart.current?.apply(current.bids, current.asks);
  });

  return <div ref={container} className={styles.depthChart} data-testid="depth-chart" />;
}
