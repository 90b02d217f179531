/**
 * The trade screens' search parameters. Kept apart from the screens: route definitions
 * import it into the entry chunk, the screens load with their route.
 */
export type TradeMode = 'spot' | 'contract' | 'seconds';

export const MODES: readonly TradeMode[] = ['spot', 'contract', 'seconds'];

export interface TradeSearch {
  mode: TradeMode;
  symbol: string;
  side: 'buy' | 'sell';
}

/** ?mode=spot|contract|seconds&symbol=BTCUSDT&side=buy|sell, with defaults for anything else. */
export function tradeSearch(search: Record<string, unknown>): TradeSearch {
  const mode = MODES.find((m) => m === search['mode']) ?? 'spot';
  const symbol = typeof search['symbol'] === 'string' && /^[A-Za-z0-9]{2,12}\/?[A-Za-z0-9]{2,8}$/.test(search['symbol']) ? search['symbol'].toUpperCase().replace('/', '') : 'BTCUSDT';
  return { mode, symbol, side: search['side'] === 'sell' ? 'sell' : 'buy' };
}

/** The single-mode screens (transaction/currency, contract, index2) take the pair and side only. */
export function pairSearch(search: Record<string, unknown>): Pick<TradeSearch, 'symbol' | 'side'> {
  const { symbol, side } = tradeSearch(search);
  return { symbol, side };
}
