import { DEPTH_EVERY_MS, TICKER_EVERY_MS, TRADES_EVERY_MS } from '../server/market/feed';
import { INSTRUMENTS } from '../server/market/instruments';
import { Simulator, STEP_MS } from '../server/market/simulator';
import { createHarness } from '../server/testing/harness';

/**
 * The server's market at a given trade rate, as it runs: the simulator's steps go through
 * the exchange's one queue of steps (engine, books, settlement handlers), and the feed builds every
 * channel's messages at its cadence as if every channel had a listener. The simulated clock
 * is driven as fast as the machine allows; the figure is how many simulated seconds one
 * wall second covers. At 1 or more the server keeps up with that rate in real time.
 */
export interface MarketRateFigures {
  rate: number;
  simulatedSeconds: number;
  tradesPerSimulatedSecond: number;
  wallMsPerSimulatedSecond: number;
  realTimeFactor: number;
  messages: number;
}

export async function measureMarketRate(rate: number, simulatedSeconds: number): Promise<MarketRateFigures> {
  const h = await createHarness({ MARKET_RATE: String(rate), LOG_LEVEL: 'silent' });
  try {
    const market = h.ctx.market;
    const engine = market.engine;
    let trades = 0;
    let messages = 0;
    engine.listen({ trades: (_m, batch) => void (trades += batch.length) });
    market.connect(
      () => void messages++,
      () => true,
    );
    const simulator = new Simulator({
      instruments: INSTRUMENTS,
      startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
      startTime: h.ctx.now(),
      seed: 29,
      tradesPerSecond: rate,
      now: () => h.ctx.now(),
    });
    const steps = (simulatedSeconds * 1000) / STEP_MS;
    const run = async (count: number) => {
      for (let step = 1; step <= count; step++) {
        h.advance(STEP_MS);
        await h.ctx.exchange.process(simulator.runUntil(h.ctx.now()));
        const elapsed = step * STEP_MS;
        if (elapsed % TRADES_EVERY_MS === 0) market.feed.flushTrades();
        if (elapsed % DEPTH_EVERY_MS === 0) market.feed.flushDepth();
        if (elapsed % TICKER_EVERY_MS === 0) market.feed.flushTickers();
      }
    };
    await run(10); // warm-up
    trades = 0;
    messages = 0;
    const started = performance.now();
    await run(steps);
    const wall = performance.now() - started;
    return {
      rate,
      simulatedSeconds,
      tradesPerSimulatedSecond: trades / simulatedSeconds,
      wallMsPerSimulatedSecond: wall / simulatedSeconds,
      realTimeFactor: (simulatedSeconds * 1000) / wall,
      messages,
    };
  } finally {
    await h.close();
  }
}
