import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './server';
import { open } from './support';

/**
 * On a replayed feed the phone must show exactly the recorded market: the prices and
 * candles that tests/fixtures/feed.ndjson.gz.expected.json lists (made by running the
 * recording through the engine). A network drop in the middle leaves the chart with
 * no gap and no doubled candle.
 */
interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
interface Expected {
  start: number;
  end: number;
  markets: Record<string, { last: number; minutes: Candle[] }>;
}

const fixture = path.resolve(import.meta.dirname, '../fixtures/feed.ndjson.gz');
const expected = JSON.parse(fs.readFileSync(`${fixture}.expected.json`, 'utf8')) as Expected;
const SPEED = 10;
const price = (value: number, decimals: number) => new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

let server: RunningServer;
let startedAt = 0;
test.beforeAll(async () => {
  startedAt = Date.now();
  server = await startServer({ MARKET: 'replay', REPLAY_FILE: fixture, REPLAY_SPEED: String(SPEED) });
});
test.afterAll(async () => {
  await server.stop();
});

test('the phone shows the recorded prices and candles exactly, with no gap or double after a network drop', async ({ page, context }) => {
  test.setTimeout(90_000);
  const duration = expected.end - expected.start;
  await open(page, '/pages/market/detail?symbol=BTCUSDT', server.url);
  await page.getByTestId('period-1min').click();
  const rows = page.getByTestId('chart-data').locator('tbody tr');
  // Live candles of the recording have started to arrive.
  await expect.poll(async () => Number(await rows.last().getAttribute('data-time')), { timeout: 30_000 }).toBeGreaterThanOrEqual(expected.start + 60_000);

  // A known point on the way: every candle closed so far is the recorded one, exactly.
  const closedSoFar = await rows.evaluateAll((trs) =>
    trs.slice(0, -1).map((tr) => [
      Number(tr.getAttribute('data-time')),
      ...Array.from(tr.querySelectorAll('td'))
        .slice(1, 5)
        .map((td) => Number(td.textContent)),
    ]),
  );
  const recordedSoFar = closedSoFar.filter(([time]) => time! >= expected.start);
  expect(recordedSoFar.length).toBeGreaterThan(0);
  for (const [time, ...ohlc] of recordedSoFar) {
    const candle = expected.markets['BTC/USDT']!.minutes.find((minute) => minute.time === time);
    expect(candle, `candle ${time}`).toBeDefined();
    expect(ohlc).toEqual([candle!.open, candle!.high, candle!.low, candle!.close]);
  }

  // The network goes away for 9 s: 90 s of the recorded market, across a minute boundary.
  await context.setOffline(true);
  await expect(page.getByTestId('connection')).toBeVisible();
  await page.waitForTimeout(9_000);
  await context.setOffline(false);
  await expect(page.getByTestId('connection')).toHaveCount(0, { timeout: 20_000 });

  // Wait for the end of the recording, then for the last candle to arrive.
  const remaining = startedAt + duration / SPEED + 2_000 - Date.now();
  if (remaining > 0) await page.waitForTimeout(remaining);
  const btc = expected.markets['BTC/USDT']!;
  const lastMinute = btc.minutes.at(-1)!;
  await expect.poll(async () => Number(await rows.last().getAttribute('data-time')), { timeout: 20_000 }).toBe(lastMinute.time);
  await expect(page.getByTestId('price-1')).toHaveText(price(btc.last, 2));

  // Candles: one per minute, none missing, none twice; the recorded ones exactly.
  await page.waitForTimeout(500);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
  const times = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-time'))));
  expect(new Set(times).size).toBe(times.length);
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(60_000);
  const recorded = btc.minutes.filter((candle) => candle.time >= expected.start);
  expect(times.slice(-recorded.length)).toEqual(recorded.map((candle) => candle.time));
  shown.slice(-recorded.length).forEach((cells, i) => {
    const candle = recorded[i]!;
    expect(cells.slice(1, 5).map(Number)).toEqual([candle.open, candle.high, candle.low, candle.close]);
    expect(Number(cells[5])).toBeCloseTo(candle.volume, 4);
  });

  // The market list shows the recorded last prices.
  await open(page, '/pages/market/market', server.url);
  for (const [symbol, id, decimals] of [
    ['ETH/USDT', 2, 2],
    ['SOL/USDT', 6, 2],
    ['DOGE/USDT', 8, 5],
  ] as const) {
    await expect(page.getByTestId(`market-${symbol}`).getByTestId(`price-${id}`)).toHaveText(price(expected.markets[symbol]!.last, decimals));
  }
});
