import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { open } from './support';

/**
 * The browser soak: the market list and a pair's chart stream side by side, and what the
 * pages hold must stay flat: the JavaScript heap after a garbage collection, the DOM
 * nodes and the event listeners. CI runs it for SOAK_SECONDS (40); `npm run soak` for
 * ten minutes. Each page's figures are printed.
 */
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 40);
const WARM_UP_MS = 8_000;
const SAMPLES = 8;

interface Sample {
  heap: number;
  nodes: number;
  listeners: number;
}

async function sample(cdp: CDPSession): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes'), listeners: value('JSEventListeners') };
}

async function watch(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

test('streaming for a while, the market list and a chart keep their heap, DOM nodes and listeners flat', async ({ context }) => {
  test.setTimeout((SECONDS + 90) * 1000);
  const list = await context.newPage();
  const chart = await context.newPage();
  await open(list, '/pages/market/market');
  await open(chart, '/pages/market/detail?symbol=BTCUSDT');
  await expect(list.getByTestId('price-1')).toHaveText(/\d/);
  await expect(chart.getByTestId('chart').locator('canvas').first()).toBeVisible();
  const pages = [
    { name: 'market list', page: list, cdp: await watch(list), price: list.getByTestId('price-1') },
    { name: 'pair chart', page: chart, cdp: await watch(chart), price: chart.getByTestId('price-1') },
  ];
  await list.waitForTimeout(WARM_UP_MS);

  const series = new Map<string, Sample[]>(pages.map(({ name }) => [name, []]));
  const prices = new Set<string>();
  const every = (SECONDS * 1000) / (SAMPLES - 1);
  for (let at = 0; at < SAMPLES; at++) {
    if (at > 0) await list.waitForTimeout(every);
    for (const { name, cdp, price } of pages) {
      series.get(name)?.push(await sample(cdp));
      prices.add(`${name} ${await price.innerText()}`);
    }
  }

  // It streamed: the prices on screen moved while the figures were taken.
  expect(prices.size).toBeGreaterThan(pages.length);
  for (const [name, samples] of series) {
    console.log(
      `${name}, ${SECONDS} s: heap ${samples.map((s) => mb(s.heap)).join(' → ')} MB; DOM nodes ${samples.map((s) => s.nodes).join(' → ')}; listeners ${samples.map((s) => s.listeners).join(' → ')}`,
    );
    // Flat: the second half of the run holds no more than the first. The middle of the
    // second half's samples is compared, so that one sample taken while the book and the
    // trades list were being replaced (a few hundred nodes for a moment) is not a leak.
    const half = Math.floor(samples.length / 2);
    const [early, late] = [samples.slice(0, half), samples.slice(half)];
    const most = (part: Sample[], pick: (s: Sample) => number) => Math.max(...part.map(pick));
    const middle = (part: Sample[], pick: (s: Sample) => number) => {
      const sorted = part.map(pick).sort((a, b) => a - b);
      return ((sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) + (sorted[Math.ceil((sorted.length - 1) / 2)] ?? 0)) / 2;
    };
    expect(
      middle(late, (s) => s.heap),
      `${name}: heap`,
    ).toBeLessThan(most(early, (s) => s.heap) * 1.1 + 512 * 1024);
    expect(
      middle(late, (s) => s.nodes),
      `${name}: DOM nodes`,
    ).toBeLessThanOrEqual(most(early, (s) => s.nodes) * 1.05 + 20);
    expect(
      most(late, (s) => s.listeners),
      `${name}: listeners`,
    ).toBeLessThanOrEqual(most(early, (s) => s.listeners));
  }
});
