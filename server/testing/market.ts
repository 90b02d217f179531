import path from 'node:path';
import { endpoints } from '../../contract/api';
import type { Trade } from '../market/engine';
import { readRecording, Replay, writeRecording } from '../market/replay';
import type { SimulatedEvent, SourceEvent } from '../market/source';
import { createHarness, type Harness } from './harness';

/**
 * Drives the market of a test server as a recorded feed would: the market maker's quotes
 * and takers' orders, as steps of the exchange (so fills and triggers are
 * settled, as on a running server).
 */
/** A source event without its time (the feed stamps the test clock's). */
export type EventAtNow = SourceEvent extends infer E ? (E extends SourceEvent ? Omit<E, 't'> : never) : never;

export async function feed(h: Harness, events: readonly EventAtNow[]): Promise<void> {
  const t = Math.max(h.ctx.now(), h.ctx.market.engine.time);
  await h.ctx.exchange.process(events.map((event) => ({ ...event, t })));
}

/** The market maker quotes a fresh ladder around `price`. */
export function quote(h: Harness, marketId: number, price: number): Promise<void> {
  const { priceScale } = h.ctx.market.engine.scales(marketId);
  return feed(h, [{ kind: 'quote', m: marketId, fair: Math.round(price * priceScale) }]);
}

/** A simulated taker buys (1) or sells (-1) `lots`. */
export function take(h: Harness, marketId: number, side: 1 | -1, lots: number): Promise<void> {
  return feed(h, [{ kind: 'take', m: marketId, side, lots }]);
}

/**
 * Makes the market trade at `price`: the maker quotes around it and a taker buys one lot
 * from the best ask (half a spread above). Answers the price of that trade.
 */
export async function tradeAt(h: Harness, marketId: number, price: number): Promise<number> {
  await quote(h, marketId, price);
  await take(h, marketId, 1, 1);
  return h.ctx.market.engine.lastPrice(marketId);
}

/** Credits (or debits) a user's account through the operator's adjustment. */
export async function fund(h: Harness, uid: number, currency: string, amount: string, account: 'change' | 'lever' | 'micro' = 'change'): Promise<void> {
  const answer = await h.call(endpoints.adjust, { uid, currency, amount, account, reason: 'test funds' }, { operator: true });
  if (answer.type !== 'ok') throw new Error(answer.message);
}

export async function uidOf(h: Harness, token: string): Promise<number> {
  const info = await h.call(endpoints.userInfo, {}, { token });
  if (info.type !== 'ok') throw new Error(info.message);
  return info.message.uid;
}

/** The seed's BTC/USDT market. */
const BTC_USDT = 1;

/**
 * The start of a futures test: a fresh test server where ann has 5,000 USDT in her
 * futures (lever) account and BTC/USDT last traded at 96,019.20 (tradeAt 96,000, half a
 * spread above). Answers the server and ann's token.
 */
export async function futuresTrader(): Promise<{ h: Harness; ann: string }> {
  const h = await createHarness();
  const ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'USDT', '5000', 'lever');
  await tradeAt(h, BTC_USDT, 96_000);
  return { h, ann };
}

/**
 * Plays prices through a recorded feed, written to a file and read back as the server
 * replays one: at each step (one second apart) the market maker quotes around the price
 * and a taker buys one lot from the best ask. Answers the trade each step printed.
 */
export async function replayPrices(h: Harness, marketId: number, prices: readonly number[], stepMs = 1000): Promise<Trade[]> {
  const { priceScale } = h.ctx.market.engine.scales(marketId);
  const start = Math.max(h.ctx.now(), h.ctx.market.engine.time);
  const events: SimulatedEvent[] = prices.flatMap((price, i): SimulatedEvent[] => {
    const t = start + (i + 1) * stepMs;
    return [
      { t, kind: 'quote', m: marketId, fair: Math.round(price * priceScale) },
      { t, kind: 'take', m: marketId, side: 1, lots: 1 },
    ];
  });
  const file = path.join(h.dataDir, `feed-${marketId}-${start}.ndjson`);
  writeRecording(file, { header: { format: 'kestrel-feed', version: 1, start, duration: prices.length * stepMs, seed: 1, tradesPerSecond: 1, history: 'short' }, events });
  const replay = new Replay(readRecording(file), () => h.ctx.now());
  const trades: Trade[] = [];
  for (let i = 0; i < prices.length; i++) {
    h.advance(start + (i + 1) * stepMs - h.ctx.now());
    await h.ctx.exchange.process(replay.take(h.ctx.now()));
    const trade = h.ctx.market.engine.recentTrades(marketId).at(-1);
    if (!trade) throw new Error('the replay printed no trade');
    trades.push(trade);
  }
  return trades;
}
