import { Type } from '@sinclair/typebox';
import { MARKET_FEEDS, PERIODS } from '../market';
import { endpoint } from './define';

/** A market as the quote lists show it: what it is, and its 24h figures. */
export const MarketQuote = Type.Object({
  id: Type.Integer({ description: 'Market (match) id' }),
  currency_id: Type.Integer({ description: 'Base currency id' }),
  legal_id: Type.Integer({ description: 'Quote currency id' }),
  symbol: Type.String({ description: 'BTC/USDT' }),
  base: Type.String(),
  quote: Type.String(),
  name: Type.String({ description: 'Full name of the base asset' }),
  kind: Type.Union([Type.Literal('crypto'), Type.Literal('stock')]),
  contract: Type.Boolean({ description: 'Tradable as a leveraged contract' }),
  price_precision: Type.Integer(),
  qty_precision: Type.Integer(),
  last: Type.Number(),
  open: Type.Number({ description: 'Price 24 hours ago' }),
  high: Type.Number(),
  low: Type.Number(),
  volume: Type.Number({ description: '24h volume in the base asset' }),
  amount: Type.Number({ description: '24h turnover in the quote asset' }),
  change: Type.Number({ description: '24h change in percent' }),
  feed: Type.Union(
    MARKET_FEEDS.map((feed) => Type.Literal(feed)),
    { description: "Where its prices come from: 'simulated', or the public exchange it follows (MARKET=live)" },
  ),
  stale: Type.Boolean({ description: 'Its prices are not current: the exchange stream is lost and being restored (the "tickers" batches say when it changes)' }),
});

export const quotations = endpoint({
  method: 'GET',
  path: '/currency/quotation_new',
  access: 'public',
  tag: 'market',
  summary: 'Every market grouped by quote currency, with 24h figures; seq is the "tickers" channel sequence they are valid at',
  input: Type.Object({}),
  output: Type.Object({
    seq: Type.Integer(),
    groups: Type.Array(Type.Object({ quote: Type.String(), markets: Type.Array(MarketQuote) })),
  }),
});

const SymbolField = Type.String({ minLength: 3, maxLength: 20, pattern: '^[A-Za-z0-9]+/?[A-Za-z0-9]+$', errorKey: 'symbol_invalid' });

export const CandleRow = Type.Object({
  time: Type.Integer({ description: 'Open time, ms since 1970' }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
  volume: Type.Number(),
  amount: Type.Number(),
});

export const klines = endpoint({
  method: 'GET',
  path: '/currency/new_timeshar',
  access: 'public',
  tag: 'market',
  envelope: 'code',
  summary:
    'Candles of one market and period, keyed by open time, oldest first, at most 1000; seq is the last trade ' +
    '(channel "trades:<id>") they include. Without from, the latest 300. from and to in milliseconds, or 10-digit seconds (spec 9).',
  input: Type.Object({
    symbol: SymbolField,
    period: Type.Union(
      PERIODS.map((period) => Type.Literal(period)),
      { errorKey: 'period_invalid' },
    ),
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    to: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  output: Type.Object({ data: Type.Array(CandleRow), seq: Type.Integer() }),
});

export const depth = endpoint({
  method: 'GET',
  path: '/market/depth',
  access: 'public',
  tag: 'market',
  summary: 'The top 20 levels of the order book; seq is the "depth:<id>" sequence',
  input: Type.Object({ symbol: SymbolField }),
  output: Type.Object({
    seq: Type.Integer(),
    bids: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
    asks: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  }),
});

export const recentTrades = endpoint({
  method: 'GET',
  path: '/market/trades',
  access: 'public',
  tag: 'market',
  summary: 'The latest 50 trades, newest last: [seq, time, price, quantity, taker side (1 buy, -1 sell)]',
  input: Type.Object({ symbol: SymbolField }),
  output: Type.Object({
    seq: Type.Integer(),
    trades: Type.Array(Type.Tuple([Type.Integer(), Type.Integer(), Type.Number(), Type.Number(), Type.Integer()])),
  }),
});

const Favourite = Type.Object({ currency_id: Type.Integer(), market_id: Type.Integer(), symbol: Type.String() });

export const favouriteAdd = endpoint({
  method: 'POST',
  path: '/optional/add',
  access: 'user',
  tag: 'market',
  summary: 'Add a market (by its base currency id) to the favourites',
  input: Type.Object({ currency_id: Type.Integer({ minimum: 1, errorKey: 'market_unknown' }) }),
  output: Type.String(),
});

export const favouriteDel = endpoint({
  method: 'POST',
  path: '/optional/del',
  access: 'user',
  tag: 'market',
  summary: 'Remove a market from the favourites; id is the base currency id as in /optional/add',
  input: Type.Object({ id: Type.Integer({ minimum: 1, errorKey: 'market_unknown' }) }),
  output: Type.String(),
});

export const favouriteList = endpoint({
  method: 'GET',
  path: '/optional/list',
  access: 'user',
  tag: 'market',
  summary: 'The favourites, in the order they were added',
  input: Type.Object({}),
  output: Type.Array(Favourite),
});

export const recordView = endpoint({
  method: 'POST',
  path: '/market/view',
  access: 'public',
  tag: 'market',
  summary: 'Count a look at a market (a pair screen opened, or a search result chosen); feeds hot search',
  input: Type.Object({
    market_id: Type.Integer({ minimum: 1, errorKey: 'market_unknown' }),
    source: Type.Union([Type.Literal('detail'), Type.Literal('search')]),
  }),
  output: Type.String(),
});

export const hotSearch = endpoint({
  method: 'GET',
  path: '/market/hot',
  access: 'public',
  tag: 'market',
  summary: 'Markets people looked at most in the last 7 days (distinct viewers); empty until someone has looked',
  input: Type.Object({}),
  output: Type.Array(Type.Object({ market_id: Type.Integer(), symbol: Type.String(), viewers: Type.Integer() })),
});
