import { batch } from '@preact/signals-react';
import { RECENT_TRADES, TICKER_WIDTH } from '../../contract/realtime';
import { TRADE_ROW_WIDTH, type Patch } from '../../contract/worker-api';
import { applyAccount } from './account';
import { auctionOf, clockOffset, connection, depthOf, emitAlerts, emitChart, emitChat, quoteOf, setCatalogue, setStaleMarkets, stale, tradesOf } from './store';

/** Writes one frame's patch into the signals, all at once. */
export function applyPatch(patch: Patch): void {
  batch(() => {
    if (patch.status) connection.value = patch.status;
    if (patch.stale !== undefined) stale.value = patch.stale;
    if (patch.clock !== undefined) clockOffset.value = patch.clock;
    if (patch.markets) setCatalogue(patch.markets);
    if (patch.staleMarkets) setStaleMarkets(patch.staleMarkets);
    const rows = patch.tickers;
    if (rows) {
      for (let at = 0; at + TICKER_WIDTH <= rows.length; at += TICKER_WIDTH) {
        const quote = quoteOf(rows[at] as number);
        if (!quote) continue;
        quote.last.value = rows[at + 1] as number;
        quote.open.value = rows[at + 2] as number;
        quote.high.value = rows[at + 3] as number;
        quote.low.value = rows[at + 4] as number;
        quote.volume.value = rows[at + 5] as number;
        quote.amount.value = rows[at + 6] as number;
      }
    }
    for (const depth of patch.depth ?? []) depthOf(depth.marketId).value = { bids: depth.bids, asks: depth.asks };
    for (const update of patch.trades ?? []) {
      const list = tradesOf(update.marketId);
      if (update.reset) list.value = update.rows;
      else {
        const joined = new Float64Array(list.value.length + update.rows.length);
        joined.set(list.value);
        joined.set(update.rows, list.value.length);
        list.value = joined.slice(Math.max(0, joined.length - RECENT_TRADES * TRADE_ROW_WIDTH));
      }
    }
    if (patch.account) applyAccount(patch.account);
    for (const live of patch.auctions ?? []) auctionOf(live.id).value = live;
  });
  if (patch.chart) emitChart(patch.chart);
  if (patch.chat) emitChat(patch.chat);
  if (patch.alerts) emitAlerts(patch.alerts);
}
