import { DEFAULT_CHART_SETTINGS } from '../contract/chart-settings';
import { PERIODS } from '../contract/market';
import { TRADE_WIDTH, type TradeBatch } from '../contract/realtime';
import type { Fetcher, Patch } from '../contract/worker-api';
import { Core, type LinkEvents } from '../worker/core';

/**
 * The worker's hot path on socket text: decode (JSON.parse, as socket.io does), merge
 * every trade into the candles of all eight periods and the trade log, and build one
 * patch per simulated animation frame, the chart's default indicators (MA, volume MA)
 * moved with its candles. Compared with bare JSON.parse of the same text.
 */
const TRADES_PER_MESSAGE = 100;
const MESSAGES = 20_000;
const FRAME_EVERY = 160; // messages per frame: ~16,000 ticks, a frame's worth at 1M/s

function messages(): string[] {
  const texts: string[] = [];
  let seq = 1;
  let time = Date.parse('2026-11-22T00:00:00Z');
  let price = 96_000;
  for (let m = 0; m < MESSAGES; m++) {
    const d: number[] = [];
    for (let i = 0; i < TRADES_PER_MESSAGE; i++) {
      price = Math.round((price + (Math.random() - 0.5) * 10) * 100) / 100;
      d.push(i * 3, price, Math.round(Math.random() * 1e5) / 1e5, Math.random() < 0.5 ? 1 : -1);
    }
    const batch: TradeBatch = { m: 1, s: seq, b: time, d };
    texts.push(`42${JSON.stringify(['trades', batch])}`);
    seq += TRADES_PER_MESSAGE;
    time += TRADES_PER_MESSAGE * 3;
  }
  return texts;
}

const fetcher = (async (route: string) => {
  switch (route) {
    case 'GET /currency/quotation_new':
      return {
        seq: 0,
        groups: [
          {
            quote: 'USDT',
            markets: [
              {
                id: 1,
                currency_id: 1,
                legal_id: 3,
                symbol: 'BTC/USDT',
                base: 'BTC',
                quote: 'USDT',
                name: 'Bitcoin',
                kind: 'crypto',
                contract: true,
                price_precision: 2,
                qty_precision: 5,
                last: 96000,
                open: 96000,
                high: 96000,
                low: 96000,
                volume: 0,
                amount: 0,
              },
            ],
          },
        ],
      };
    case 'GET /market/trades':
      return { seq: 0, trades: [] };
    case 'GET /market/depth':
      return { seq: 0, bids: [], asks: [] };
    default:
      return { data: [], seq: 0 };
  }
}) as unknown as Fetcher;

async function readyCore(): Promise<{ events: LinkEvents; frame: () => void; patches: () => number }> {
  let events: LinkEvents | undefined;
  let pending: (() => void) | null = null;
  let posted = 0;
  const core = new Core({
    link: (e) => {
      events = e;
      return { open: () => undefined, setToken: () => undefined, pause: () => undefined, resume: () => undefined, subscribe: () => undefined, unsubscribe: () => undefined };
    },
    cache: null,
    schedule: (frame) => (pending = frame),
    post: (_patch: Patch) => void posted++,
    setTimer: () => undefined,
    now: Date.now,
  });
  await core.begin({ origin: '', token: null }, fetcher);
  // Every period loaded; the chart on screen (the last) with its default indicators, computed per frame.
  for (const period of PERIODS) core.showChart({ marketId: 1, period, indicators: DEFAULT_CHART_SETTINGS });
  events?.status('open');
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (!events) throw new Error('no link');
  const linked = events;
  return {
    events: linked,
    frame: () => {
      const frame = pending;
      pending = null;
      frame?.();
    },
    patches: () => posted,
  };
}

export interface PipelineFigures {
  ticks: number;
  pipelinePerSecond: number;
  jsonParsePerSecond: number;
  patches: number;
}

export async function measurePipeline(): Promise<PipelineFigures> {
  const texts = messages();
  const ticks = MESSAGES * TRADES_PER_MESSAGE;
  // Bare decode of the same text.
  let sink = 0;
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const text of texts) sink += (JSON.parse(text.slice(2)) as [string, TradeBatch])[1].d.length;
    best = Math.min(best, performance.now() - started);
  }
  const jsonParsePerSecond = ticks / (best / 1000);
  // The whole pipeline, on a fresh core each round.
  let pipelineBest = Infinity;
  let patches = 0;
  for (let round = 0; round < 3; round++) {
    const { events, frame, patches: count } = await readyCore();
    const started = performance.now();
    for (let i = 0; i < texts.length; i++) {
      const [, batch] = JSON.parse((texts[i] as string).slice(2)) as [string, TradeBatch];
      events.trades(batch);
      if (i % FRAME_EVERY === FRAME_EVERY - 1) frame();
    }
    frame();
    pipelineBest = Math.min(pipelineBest, performance.now() - started);
    patches = count();
  }
  if (sink !== ticks * 3 * TRADE_WIDTH) throw new Error('decode lost data');
  return { ticks, pipelinePerSecond: ticks / (pipelineBest / 1000), jsonParsePerSecond, patches };
}
