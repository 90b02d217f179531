import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AmountField, IdField, LimitField, PageField, PriceField, RequestIdField } from './fields';
import { paged } from './wallet';

/**
 * Trading (spec 7, "Market and trade"): spot orders in the exchange's order books,
 * leveraged contracts against the house at the live price, and seconds options.
 * Amounts and prices are decimal strings. Every fill and settlement names the trade
 * (tick) of the market feed it used: market, sequence, price, time.
 */
const Amount = Type.String({ description: 'decimal text' });
const NullableAmount = Type.Union([Type.String(), Type.Null()]);
const CurrencyId = Type.Integer({ minimum: 1, maximum: 10_000, errorKey: 'currency_unknown' });
const MarketId = Type.Integer({ minimum: 1, maximum: 10_000, errorKey: 'market_unknown' });
/** An optional price: empty text means none. */
const OptionalPrice = Type.Optional(Type.Union([Type.Literal(''), PriceField], { errorKey: 'price_invalid' }));

export const Tick = Type.Object(
  {
    market_id: Type.Integer(),
    seq: Type.Integer({ description: 'trade sequence in the market ("trades:<id>" channel)' }),
    price: Amount,
    time: Type.Integer({ description: "ms since 1970; on a live market the exchange's time of its trade (or book update)" }),
    exchange: Type.Optional(Type.String({ description: 'a live market (MARKET=live): the exchange the trade printed on, binance or okx' })),
    trade_id: Type.Optional(Type.String({ description: "a live market: the exchange's id of the trade" })),
    book_id: Type.Optional(Type.String({ description: "a live market: the exchange's book update a taker's fill walked (it prints no trade)" })),
  },
  { description: 'The trade of the market feed a settlement used' },
);
const NullableTick = Type.Union([Tick, Type.Null()]);

// ---- Spot -------------------------------------------------------------------------

const SpotOrderType = Type.Union([Type.Literal('limit'), Type.Literal('market'), Type.Literal('stop_limit'), Type.Literal('oco')], {
  description: 'stop_limit: enters the book at price once a trade reaches trigger.price; oco: rests at price (take profit) while its stop waits, one cancels the other',
  errorKey: 'spot_order_type_invalid',
});

export const SpotTrigger = Type.Object(
  {
    price: Amount,
    limit: Type.String({ description: 'where the order enters the book once triggered: a stop-limit at its price, an OCO at its stop limit' }),
    state: Type.Union([Type.Literal('waiting'), Type.Literal('triggered'), Type.Literal('cancelled')], {
      description: 'cancelled: the order ended before its trigger (by its owner, or an OCO whose take profit filled first)',
    }),
    tick: Type.Union([Tick, Type.Null()], { description: 'the trade that decided it: the one that triggered the stop, or the fill that cancelled an OCO’s stop' }),
  },
  { description: "A stop-limit's or an OCO's stop" },
);

export const SpotOrder = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  type: SpotOrderType,
  price: NullableAmount,
  trigger: Type.Union([SpotTrigger, Type.Null()]),
  cancel_reason: Type.Union([Type.Literal('self_trade'), Type.Null()], { description: 'self_trade: a triggered stop would have met the owner’s own order, and was cancelled' }),
  amount: Amount,
  filled: Amount,
  average: NullableAmount,
  quote_filled: Amount,
  fee: Amount,
  fee_currency: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('filled'), Type.Literal('cancelled')]),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

export const SpotFill = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('maker'), Type.Literal('taker')]),
  price: Amount,
  amount: Amount,
  quote_amount: Amount,
  fee: Amount,
  tick: Tick,
});

const PairInput = { currency_id: CurrencyId, legal_id: CurrencyId };

export const spotInfo = endpoint({
  method: 'GET',
  path: '/coin/info',
  access: 'user',
  tag: 'trade',
  summary: "What the spot order form needs: the market, its rules and fee, and the caller's available base and quote",
  input: Type.Object(PairInput),
  output: Type.Object({
    market_id: Type.Integer(),
    symbol: Type.String(),
    base: Type.String(),
    quote: Type.String(),
    price_precision: Type.Integer(),
    qty_precision: Type.Integer(),
    quote_precision: Type.Integer({ description: 'decimals of quote amounts (a total, what is spent)' }),
    min_notional: Amount,
    fee_rate: Amount,
    fee_discount: Type.String({ description: "the share of the fee waived by the caller's best spot fee coupon (0: none)" }),
    price_band: Amount,
    last: Amount,
    base_available: Amount,
    quote_available: Amount,
  }),
});

export const spotTrade = endpoint({
  method: 'POST',
  path: '/coin/trade',
  access: 'user',
  tag: 'trade',
  summary:
    'Place a spot order in the coin account. With target_price a limit order (what crosses fills at once, the rest rests ' +
    'in the book with its funds frozen); without, a market order (fills against the book, the unfilled rest is cancelled). ' +
    'amount is in the base currency. A market buy may give total instead: the quote currency to spend, at most, filling ' +
    'level by level (the order then records the amount that total bought). Exactly one of amount and total. ' +
    'Fees come out of what is received. order_type stop_limit (target_price, trigger_price): its funds frozen now, it enters the ' +
    'book at target_price on the first trade at or through trigger_price (a buy stop above the last price, a sell stop below). ' +
    'order_type oco (target_price, trigger_price, stop_limit_price): one amount frozen once; the take profit rests at ' +
    'target_price, the stop waits; a fill of the take profit, even a part, cancels the stop, and the stop triggering takes ' +
    'the take profit out of the book, in the same step.',
  input: Type.Object({
    ...PairInput,
    type: Type.Union([Type.Literal('buy'), Type.Literal('sell')], { errorKey: 'side_invalid' }),
    order_type: Type.Optional(SpotOrderType),
    amount: Type.Optional(AmountField),
    total: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: AmountField.pattern, errorKey: 'total_invalid', description: 'market buys only: the quote currency to spend, at most' })),
    target_price: OptionalPrice,
    trigger_price: OptionalPrice,
    stop_limit_price: OptionalPrice,
    request_id: RequestIdField,
  }),
  output: SpotOrder,
});

export const spotCancel = endpoint({
  method: 'POST',
  path: '/coin/cancel',
  access: 'user',
  tag: 'trade',
  summary: 'Cancel an open spot order (both parts of an OCO); what is still frozen for it returns',
  input: Type.Object({ id: IdField }),
  output: SpotOrder,
});

export const spotList = endpoint({
  method: 'GET',
  path: '/coin/list',
  access: 'user',
  tag: 'trade',
  summary: "The caller's spot orders, newest first: open ones, or finished ones (filled or cancelled)",
  input: Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('history')], { default: 'open' })),
    currency_id: Type.Optional(CurrencyId),
    legal_id: Type.Optional(CurrencyId),
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
  }),
  output: paged(SpotOrder),
});

export const spotDetail = endpoint({
  method: 'GET',
  path: '/coin/detail',
  access: 'user',
  tag: 'trade',
  summary: "One of the caller's spot orders with each of its fills and the trade it was",
  input: Type.Object({ id: IdField }),
  output: Type.Object({ order: SpotOrder, fills: Type.Array(SpotFill) }),
});

// ---- Contracts ----------------------------------------------------------------------

const Direction = Type.Union([Type.Literal('buy'), Type.Literal('sell')], { description: 'buy: long, sell: short', errorKey: 'side_invalid' });

export const Position = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  direction: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  type: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('cancelled')]),
  share: Type.Integer({ description: 'lots' }),
  quantity: Amount,
  multiple: Type.Integer(),
  price: NullableAmount,
  limit_price: NullableAmount,
  margin: Amount,
  fee: Amount,
  overnight_rate: Amount,
  overnight: Amount,
  target_profit_price: NullableAmount,
  stop_loss_price: NullableAmount,
  close_price: NullableAmount,
  close_reason: Type.Union([
    Type.Literal('user'),
    Type.Literal('batch'),
    Type.Literal('take_profit'),
    Type.Literal('stop_loss'),
    Type.Literal('liquidation'),
    /** a copy closed with its trader's position */
    Type.Literal('copy'),
    Type.Literal('trailing_stop'),
    /** a reduce-only limit close order a trade reached */
    Type.Literal('limit_close'),
    Type.Null(),
  ]),
  profit: NullableAmount,
  shortfall: Amount,
  open_tick: NullableTick,
  close_tick: NullableTick,
  created_at: Type.Integer(),
  opened_at: Type.Union([Type.Integer(), Type.Null()]),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
  /** a copy of a trader's position (copy trading): whose, whether it still follows the trader's changes, the profit share paid */
  copy: Type.Union([Type.Object({ trader_user_id: Type.Integer(), linked: Type.Boolean(), profit_share: Amount }), Type.Null()]),
  /** a part closed of another position (partial close): that position's id */
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  roe: Type.Union([Amount, Type.Null()], {
    description: 'return on equity, %: profit over the margin (closed: realised; open, in a positions snapshot: at its price; else null)',
  }),
  trailing: Type.Union(
    [
      Type.Object({
        callback_rate: Type.Union([Amount, Type.Null()], { description: 'a share of the best price, e.g. 0.01 for 1 %' }),
        distance: Type.Union([Amount, Type.Null()], { description: 'or a distance in price' }),
        best: Amount,
        stop: Amount,
        set_at: Type.Integer(),
      }),
      Type.Null(),
    ],
    { description: 'a trailing stop: the best trade price since it was set and the stop it makes (a trade at or beyond it closes the position)' },
  ),
});

export const CloseOrder = Type.Object({
  id: Type.Integer(),
  position_id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  direction: Type.Union([Type.Literal('buy'), Type.Literal('sell')], { description: "the position's: a long's close order sells, a short's buys" }),
  type: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  share: Type.Integer({ description: 'lots asked to close' }),
  price: NullableAmount,
  status: Type.Union([Type.Literal('pending'), Type.Literal('filled'), Type.Literal('cancelled')]),
  cancel_reason: Type.Union([Type.Literal('user'), Type.Literal('position_closed'), Type.Null()]),
  closed_share: Type.Integer({ description: 'lots it closed: at most what the position held then' }),
  closed_position_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the closed position those lots became' }),
  close_price: NullableAmount,
  profit: NullableAmount,
  tick: NullableTick,
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

export const LeverAccount = Type.Object({
  balance: Amount,
  margins: Amount,
  profit: Amount,
  risk_rate: NullableAmount,
  liquidation_risk: Amount,
});

export const leverInfo = endpoint({
  method: 'POST',
  path: '/lever/deal',
  access: 'user',
  tag: 'trade',
  summary: "What the contract order form needs: lot size, multiples, fees, the live price and the caller's contract account",
  input: Type.Object(PairInput),
  output: Type.Object({
    market_id: Type.Integer(),
    symbol: Type.String(),
    base: Type.String(),
    margin_currency: Type.String(),
    price_precision: Type.Integer(),
    lot_size: Amount,
    multiples: Type.Array(Type.Integer(), { description: 'the presets the form marks' }),
    min_multiple: Type.Integer({ description: 'any whole multiple from min_multiple to max_multiple may be chosen' }),
    max_multiple: Type.Integer(),
    trail_rate_min: Amount,
    trail_rate_max: Amount,
    price_band: Amount,
    min_share: Type.Integer(),
    max_share: Type.Integer(),
    fee_rate: Amount,
    overnight_rate: Amount,
    last: Amount,
    account: LeverAccount,
  }),
});

export const leverSubmit = endpoint({
  method: 'POST',
  path: '/lever/submit',
  access: 'user',
  tag: 'trade',
  summary:
    'Open a position against the house from the contract account: at the live price (market), or when a trade reaches ' +
    'price (limit; margin and fee frozen meanwhile). Margin = price x quantity / multiple; the fee is charged on opening. ' +
    'multiple: any whole leverage from min_multiple to max_multiple (/lever/deal).',
  input: Type.Object({
    ...PairInput,
    direction: Direction,
    type: Type.Union([Type.Literal('market'), Type.Literal('limit')], { default: 'market', errorKey: 'order_type_invalid' }),
    share: Type.Integer({ minimum: 1, maximum: 1_000_000, errorKey: 'share_invalid' }),
    multiple: Type.Integer({ minimum: 1, maximum: 1000, errorKey: 'multiple_invalid' }),
    price: OptionalPrice,
    target_profit_price: OptionalPrice,
    stop_loss_price: OptionalPrice,
    request_id: RequestIdField,
  }),
  output: Position,
});

export const leverPositions = endpoint({
  method: 'POST',
  path: '/lever/dealall',
  access: 'user',
  tag: 'trade',
  summary:
    "The caller's open positions and waiting limit orders (of one pair when given), with the contract account; always the whole list (page is accepted for older clients), since the risk rate and liquidation prices depend on every open position",
  input: Type.Object({ currency_id: Type.Optional(CurrencyId), legal_id: Type.Optional(CurrencyId), page: Type.Optional(PageField) }),
  output: Type.Object({
    positions: Type.Array(Position),
    account: LeverAccount,
    liquidation: Type.Record(Type.String(), NullableAmount, { description: 'position id -> liquidation price at the snapshot (null: none)' }),
    prices: Type.Record(Type.String(), Amount, { description: 'market id -> the price the snapshot used' }),
  }),
});

export const leverClose = endpoint({
  method: 'POST',
  path: '/lever/close',
  access: 'user',
  tag: 'trade',
  summary: 'Close an open position at the live price',
  input: Type.Object({ id: IdField }),
  output: Position,
});

export const leverCancel = endpoint({
  method: 'POST',
  path: '/lever/cancel',
  access: 'user',
  tag: 'trade',
  summary: 'Cancel a waiting limit order; its margin and fee return',
  input: Type.Object({ id: IdField }),
  output: Position,
});

export const leverSetStop = endpoint({
  method: 'POST',
  path: '/lever/setstop',
  access: 'user',
  tag: 'trade',
  summary: 'Set (or, with empty text, remove) the take-profit and stop-loss prices of a position',
  input: Type.Object({ id: IdField, target_profit_price: OptionalPrice, stop_loss_price: OptionalPrice }),
  output: Position,
});

export const leverReduce = endpoint({
  method: 'POST',
  path: '/lever/reduce',
  access: 'user',
  tag: 'trade',
  summary:
    'A reduce-only order on an open position (partial close): share lots of it, at most what it holds, closed at the live ' +
    'price (market) or when a trade reaches price (limit: a long sells at or above it, a short buys at or below it; a limit ' +
    "the market already reaches closes at once at the live price). direction is the order's side, opposite to the " +
    "position's: it can never open or flip one. The lots close as a position of their own (parent_id), with their pro rata " +
    'share of the margin and fees; a waiting order is cancelled if the position closes first, and closes only what is left.',
  input: Type.Object({
    id: IdField,
    direction: Direction,
    type: Type.Union([Type.Literal('market'), Type.Literal('limit')], { default: 'market', errorKey: 'order_type_invalid' }),
    share: Type.Integer({ minimum: 1, maximum: 1_000_000, errorKey: 'share_invalid' }),
    price: OptionalPrice,
    request_id: RequestIdField,
  }),
  output: CloseOrder,
});

export const leverCloseOrders = endpoint({
  method: 'POST',
  path: '/lever/close_orders',
  access: 'user',
  tag: 'trade',
  summary: "The caller's reduce-only close orders, newest first: waiting ones, or finished ones (filled or cancelled)",
  input: Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('history')], { default: 'pending' })),
    currency_id: Type.Optional(CurrencyId),
    legal_id: Type.Optional(CurrencyId),
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
  }),
  output: paged(CloseOrder),
});

export const leverCloseCancel = endpoint({
  method: 'POST',
  path: '/lever/close_cancel',
  access: 'user',
  tag: 'trade',
  summary: 'Cancel a waiting reduce-only close order',
  input: Type.Object({ id: IdField }),
  output: CloseOrder,
});

export const leverTrailing = endpoint({
  method: 'POST',
  path: '/lever/trailing',
  access: 'user',
  tag: 'trade',
  summary:
    'Set a trailing stop on an open position: a callback rate (callback_rate, in percent) or a distance in price, from ' +
    'trail_rate_min to trail_rate_max of the price (/lever/deal). The stop follows the best trade price since it was set ' +
    '(a long the highest, a short the lowest) at that callback, and the first trade at or beyond it closes the position. ' +
    'With neither, the trailing stop is removed.',
  input: Type.Object({
    id: IdField,
    callback_rate: Type.Optional(Type.Union([Type.Literal(''), AmountField], { errorKey: 'amount_invalid' })),
    distance: OptionalPrice,
  }),
  output: Position,
});

export const leverBatchClose = endpoint({
  method: 'POST',
  path: '/lever/batch_close',
  access: 'user',
  tag: 'trade',
  summary: 'Close every open position at the live prices: all, only longs (buy) or only shorts (sell)',
  input: Type.Object({ type: Type.Union([Type.Literal('all'), Type.Literal('buy'), Type.Literal('sell')], { errorKey: 'side_invalid' }) }),
  output: Type.Object({ closed: Type.Integer(), profit: Amount }),
});

export const leverHistory = endpoint({
  method: 'POST',
  path: '/lever/my_trade',
  access: 'user',
  tag: 'trade',
  summary: "The caller's positions, newest first: open (with waiting), or closed (with cancelled)",
  input: Type.Object({
    currency_id: Type.Optional(CurrencyId),
    legal_id: Type.Optional(CurrencyId),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')], { default: 'closed' })),
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
  }),
  output: paged(Position),
});

// ---- Seconds options ----------------------------------------------------------------

export const OptionDuration = Type.Object({
  seconds: Type.Integer(),
  profit_ratio: Amount,
  fee_rate: Amount,
  min_amount: Amount,
  max_amount: Amount,
});

export const OptionOrder = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  currency_id: Type.Integer(),
  code: Type.String(),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  seconds: Type.Integer(),
  profit_ratio: Amount,
  stake: Amount,
  fee: Amount,
  open_price: Amount,
  open_tick: Tick,
  expires_at: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('settled')]),
  result: Type.Union([Type.Literal('win'), Type.Literal('tie'), Type.Literal('loss'), Type.Null()]),
  close_price: NullableAmount,
  close_tick: NullableTick,
  payout: Amount,
  profit: NullableAmount,
  created_at: Type.Integer(),
  settled_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const optionDurations = endpoint({
  method: 'GET',
  path: '/microtrade/seconds',
  access: 'public',
  tag: 'trade',
  summary: 'Option durations with their payout ratio, fee and stake limits, and how many options may be open at once',
  input: Type.Object({}),
  output: Type.Object({ durations: Type.Array(OptionDuration), max_open: Type.Integer() }),
});

export const optionCurrencies = endpoint({
  method: 'GET',
  path: '/microtrade/payable_currencies',
  access: 'user',
  tag: 'trade',
  summary: "Currencies options can be bought with, and the caller's available balance of each in the options account",
  input: Type.Object({}),
  output: Type.Array(Type.Object({ currency_id: Type.Integer(), code: Type.String(), precision: Type.Integer(), available: Amount })),
});

export const optionSubmit = endpoint({
  method: 'POST',
  path: '/microtrade/submit',
  access: 'user',
  tag: 'trade',
  summary:
    'Buy a seconds option on a market: up or down over `seconds`, staking `number` from the options account. It opens at the ' +
    "market's last trade and is decided by the first trade at or after expiry: a win pays stake x (1 + ratio), a tie returns " +
    'the stake, a loss pays nothing.',
  input: Type.Object({
    match_id: MarketId,
    currency_id: CurrencyId,
    type: Type.Union([Type.Literal('up'), Type.Literal('down')], { errorKey: 'side_invalid' }),
    seconds: Type.Integer({ minimum: 1, maximum: 86_400, errorKey: 'option_duration_unknown' }),
    number: AmountField,
    request_id: RequestIdField,
  }),
  output: OptionOrder,
});

export const optionList = endpoint({
  method: 'GET',
  path: '/microtrade/lists',
  access: 'user',
  tag: 'trade',
  summary: "The caller's options, newest first: open or settled, of one market when given; 5 a page by default",
  input: Type.Object({
    match_id: Type.Optional(MarketId),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('settled')], { default: 'open' })),
    page: Type.Optional(PageField),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 5 })),
  }),
  output: paged(OptionOrder),
});

export const optionResult = endpoint({
  method: 'GET',
  path: '/microtrade/get_result',
  access: 'user',
  tag: 'trade',
  summary: "One of the caller's options, with its result once settled",
  input: Type.Object({ id: IdField }),
  output: OptionOrder,
});
