import type { InstrumentDef } from './instruments';
import { Rng } from './rng';
import type { MarketSource, SimulatedEvent, SourceEvent } from './source';

/**
 * The simulated market: per instrument a fair price that moves like markets do
 * (random walk with clustered volatility and rare jumps), a market maker that
 * re-quotes around it, and takers arriving at random (more of them when the market
 * is busy), leaning towards the side the price is moving to, with log-normal sizes.
 *
 * It runs in fixed 100 ms steps of its own clock, so the same seed, start and
 * starting prices give the same events whatever the machine's timing.
 */
export const STEP_MS = 100;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** volatility regimes of about half an hour */
const REGIME_STEPS = (30 * 60 * 1000) / STEP_MS;
/** about one jump per market every two hours */
const JUMP_PER_STEP = STEP_MS / (2 * 3600 * 1000);
/** the market maker refreshes its quotes this often */
const REQUOTE_MS = 500;
/** spread of the log volatility multiplier around its regime-free level */
const LOG_VOL_SD = 0.45;
/** the mean of exp(logVol) over time, so the arrival rate averages to the configured one */
const MEAN_MULTIPLIER = Math.exp((LOG_VOL_SD * LOG_VOL_SD) / 2);

interface MarketState {
  def: InstrumentDef;
  /** fair price in ticks (fractional) */
  fair: number;
  logVol: number;
  quotedFair: number;
  quotedAt: number;
  flowShare: number;
}

export interface SimulatorOptions {
  instruments: readonly InstrumentDef[];
  /** fair price of each market at the start, in ticks */
  startPrices: ReadonlyMap<number, number>;
  /** simulated time of the first step */
  startTime: number;
  seed: number;
  /** trades per second across all markets */
  tradesPerSecond: number;
  /** the clock to keep up with (ms) */
  now: () => number;
  /**
   * Feed none of the instruments until listed (several processes: each market is listed
   * by the process that claims it); the instruments still set each market's share of the flow.
   */
  startEmpty?: boolean;
}

export class Simulator implements MarketSource {
  readonly name = 'simulator';
  private readonly rng: Rng;
  private readonly markets: MarketState[];
  private time: number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SimulatorOptions) {
    this.rng = new Rng(options.seed);
    this.time = options.startTime;
    const totalWeight = options.instruments.reduce((sum, def) => sum + def.flowWeight, 0);
    this.markets = (options.startEmpty ? [] : options.instruments).map((def) => {
      const fair = options.startPrices.get(def.id) ?? Math.round(def.referencePrice * 10 ** def.pricePrecision);
      // Each market starts in a regime drawn from the long-run spread, not all calm together.
      return { def, fair, logVol: LOG_VOL_SD * this.rng.normal(), quotedFair: Number.NaN, quotedAt: -Infinity, flowShare: def.flowWeight / totalWeight };
    });
  }

  /**
   * A market listed while running joins at `fair` ticks, calm, with its share of the flow
   * by weight; the other markets keep theirs.
   */
  list(def: InstrumentDef, fair: number): void {
    if (this.markets.some((market) => market.def.id === def.id)) return;
    const totalWeight = this.options.instruments.reduce((sum, instrument) => sum + instrument.flowWeight, 0);
    this.markets.push({ def, fair, logVol: 0, quotedFair: Number.NaN, quotedAt: -Infinity, flowShare: def.flowWeight / totalWeight });
  }

  unlist(marketId: number): void {
    const index = this.markets.findIndex((market) => market.def.id === marketId);
    if (index >= 0) this.markets.splice(index, 1);
  }

  /** Events of the next step, advancing the simulated clock by STEP_MS. */
  step(): SimulatedEvent[] {
    const events: SimulatedEvent[] = [];
    const t = this.time;
    const rng = this.rng;
    const phi = 1 - 1 / REGIME_STEPS;
    const volNoise = LOG_VOL_SD * Math.sqrt(1 - phi * phi);
    for (const market of this.markets) {
      const { def } = market;
      market.logVol = phi * market.logVol + volNoise * rng.normal();
      const multiplier = Math.exp(market.logVol);
      const sigma = def.volatility * Math.sqrt(STEP_MS / YEAR_MS) * multiplier;
      let r = sigma * rng.normal();
      if (rng.next() < JUMP_PER_STEP) r += 0.004 * (def.volatility / 0.6) * rng.normal();
      market.fair = Math.max(1, market.fair * Math.exp(r));

      // Re-quote to refresh sizes, and at once when the price has left the spread.
      const ticks = Math.round(market.fair);
      const halfSpread = Math.max(1, market.fair * 0.0002);
      if (Number.isNaN(market.quotedFair) || t - market.quotedAt >= REQUOTE_MS || Math.abs(ticks - market.quotedFair) > halfSpread) {
        events.push({ t, kind: 'quote', m: def.id, fair: ticks });
        market.quotedFair = ticks;
        market.quotedAt = t;
      }

      const arrivals = rng.poisson(this.options.tradesPerSecond * market.flowShare * (STEP_MS / 1000) * (multiplier / MEAN_MULTIPLIER));
      if (arrivals === 0) continue;
      const lean = Math.max(-1, Math.min(1, (market.fair - market.quotedFair) / halfSpread)) * 0.35;
      const price = market.fair / 10 ** def.pricePrecision;
      const lotsPerUnit = 10 ** def.qtyPrecision;
      for (let i = 0; i < arrivals; i++) {
        const notional = def.averageNotional * Math.exp(rng.normal() - 0.5);
        const lots = Math.max(1, Math.round((notional / price) * lotsPerUnit));
        events.push({ t: t + Math.floor((i * STEP_MS) / arrivals), kind: 'take', m: def.id, side: rng.next() < 0.5 + lean ? 1 : -1, lots });
      }
    }
    this.time += STEP_MS;
    return events.sort((a, b) => a.t - b.t);
  }

  /** Steps up to `until`, for recording and catching up. */
  runUntil(until: number): SimulatedEvent[] {
    const events: SimulatedEvent[] = [];
    while (this.time + STEP_MS <= until) events.push(...this.step());
    return events;
  }

  start(feed: (events: SourceEvent[]) => void): void {
    this.timer = setInterval(() => {
      const events = this.runUntil(this.options.now());
      if (events.length > 0) feed(events);
    }, STEP_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
