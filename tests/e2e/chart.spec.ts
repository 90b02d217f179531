import { expect, test, type Page } from '@playwright/test';
import { baseUrl, loggedInUser, open, secondPhone } from './support';

/**
 * The pair chart's indicators (issue 23): chosen with the chips under the chart, their
 * parameters in a sheet, values in the legend and in the chart's table (computed by the
 * worker), kept on the device for a visitor and on the server for a user, and the
 * full-screen landscape chart.
 */

/** The chart's table (newest candles last) as numbers, by column header. */
async function table(page: Page): Promise<Record<string, number[]>> {
  return page.getByTestId('chart-data').evaluate((box) => {
    const headers = [...box.querySelectorAll('th')].map((th) => th.textContent ?? '');
    const rows = [...box.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
    return Object.fromEntries(headers.map((header, i) => [header, rows.map((row) => (row[i] === '' ? Number.NaN : Number(row[i])))]));
  });
}

/** The moving average of the last `period` closes of the table equals its MA(period) column on the newest candle. */
async function expectMovingAverage(page: Page, period: number): Promise<void> {
  await expect
    .poll(async () => {
      const columns = await table(page);
      const closes = columns['Close'] ?? [];
      const ma = columns[`MA(${period})`] ?? [];
      const mean = closes.slice(-period).reduce((sum, close) => sum + close, 0) / period;
      return closes.length >= period && Math.abs((ma.at(-1) ?? Number.NaN) - mean) < 1e-6 * mean;
    })
    .toBe(true);
}

/** A line's value in the legend, by its indicator and label (the volume's MA(5) is not the candles'). */
const legend = (page: Page, label: string, indicator = /^(MA|EMA|RSI)\(/.exec(label)?.[1]?.toLowerCase() ?? '') =>
  page.getByTestId('chart-legend').locator(`${indicator ? `[data-indicator="${indicator}"] ` : ''}[data-label="${label}"]`);

test('a visitor adds MACD and RSI, changes the MA periods, reads the values, and finds the choices kept after a reload', async ({ page }) => {
  await open(page, '/pages/market/detail?symbol=ETHUSDT');
  const rows = page.getByTestId('chart-data').locator('tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
  // The defaults: moving averages over the candles, volume under them.
  await expect(page.getByTestId('indicator-ma')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('indicator-vol')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('indicator-macd')).toHaveAttribute('aria-pressed', 'false');
  await expect(legend(page, 'MA(5)')).toHaveText(/^MA\(5\) \d{1,3}(,\d{3})*\.\d{2}$/);
  await expectMovingAverage(page, 10);

  await page.getByTestId('indicator-macd').click();
  await page.getByTestId('indicator-rsi').click();
  await expect(page.getByTestId('indicator-macd')).toHaveAttribute('aria-pressed', 'true');
  await expect(legend(page, 'DIF')).toHaveText(/^DIF -?\d[\d,]*\.\d{2}$/);
  await expect(legend(page, 'RSI(6)')).toHaveText(/^RSI\(6\) \d{1,3}\.\d{2}$/);
  await expect(page.getByTestId('chart').locator('[data-pane="3"]')).toContainText('RSI(24)');
  await expect
    .poll(async () => {
      const columns = await table(page);
      const rsi = columns['RSI(6)']?.at(-1) ?? Number.NaN;
      const macd = columns['MACD']?.at(-1) ?? Number.NaN;
      const dif = columns['DIF']?.at(-1) ?? Number.NaN;
      const dea = columns['DEA']?.at(-1) ?? Number.NaN;
      return rsi >= 0 && rsi <= 100 && Math.abs(macd - (dif - dea)) < 1e-9 * Math.max(1, Math.abs(dif));
    })
    .toBe(true);

  // The MA periods: a value out of range is refused at its field, in words; a line left empty is off.
  await page.getByTestId('indicator-settings').click();
  const sheet = page.getByTestId('indicator-sheet');
  await sheet.getByTestId('sheet-ma').click();
  await sheet.getByTestId('param-0').fill('0');
  await sheet.getByTestId('params-save').click();
  await expect(sheet.getByRole('alert')).toHaveText('Enter a whole number from 1 to 500.');
  await sheet.getByTestId('param-0').fill('7');
  await sheet.getByTestId('param-1').fill('');
  await sheet.getByTestId('param-2').fill('25');
  await sheet.getByTestId('params-save').click();
  await expect(sheet).toHaveCount(0);
  await expect(legend(page, 'MA(7)')).toHaveText(/^MA\(7\) \d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(legend(page, 'MA(25)')).toBeVisible();
  await expect(legend(page, 'MA(10)')).toHaveCount(0);
  await expectMovingAverage(page, 7);
  await expectMovingAverage(page, 25);
  // MACD's fast period over its slow one is refused too.
  await page.getByTestId('indicator-settings').click();
  await sheet.getByTestId('sheet-macd').click();
  await sheet.getByTestId('param-0').fill('30');
  await sheet.getByTestId('params-save').click();
  await expect(sheet.getByRole('alert')).toHaveText('The fast period must be shorter than the slow one.');
  // A tap outside the sheet closes it, keeping what was saved.
  await sheet.locator('..').click({ position: { x: 10, y: 10 } });
  await expect(sheet).toHaveCount(0);

  // The crosshair's candle in the legend: another candle, other values.
  const newest = await legend(page, 'MA(7)').innerText();
  const box = await page.getByTestId('chart').boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.3, box.y + 100);
  await expect(legend(page, 'MA(7)')).not.toHaveText(newest);

  await page.getByTestId('period-60min').click();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
  await page.reload();
  await expect(page.getByTestId('period-60min')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('indicator-macd')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('indicator-rsi')).toHaveAttribute('aria-pressed', 'true');
  await expect(legend(page, 'MA(7)')).toBeVisible();
  await expect(legend(page, 'MA(10)')).toHaveCount(0);
  await expect.poll(async () => (await table(page))['Open time']?.length ?? 0).toBeGreaterThanOrEqual(20);
  const times = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-time'))));
  expect(times.at(-1)! - times.at(-2)!).toBe(3_600_000);
});

test('the full-screen chart: landscape, with its periods and chips, closed by its button or by back', async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await open(page, '/pages/market/detail?symbol=BTCUSDT');
  await page.getByTestId('chart-full').click();
  const full = page.getByTestId('chart-full-screen');
  await expect(full).toBeVisible();
  await expect(page).toHaveURL(/chart=full/);
  // The whole screen, upright (the screen is landscape already).
  expect(await full.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
  expect(await full.boundingBox()).toMatchObject({ x: 0, y: 0, width: 844, height: 390 });
  await expect(full.getByTestId('period-5min')).toBeVisible();
  await full.getByTestId('indicator-kdj').click();
  await expect(legend(page, 'K')).toBeVisible();
  await full.getByTestId('period-5min').click();
  await expect.poll(async () => (await table(page))['K']?.filter((value) => !Number.isNaN(value)).length ?? 0).toBeGreaterThanOrEqual(20);
  await full.getByTestId('chart-close').click();
  await expect(full).toHaveCount(0);
  await expect(page).not.toHaveURL(/chart=full/);
  await expect(page.getByTestId('chart-panel').getByTestId('period-5min')).toHaveAttribute('aria-selected', 'true');

  // On a portrait phone that will not turn, the chart turns a quarter; back closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('chart-full').click();
  await expect(full).toBeVisible();
  expect(await full.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none');
  const turned = await full.boundingBox();
  expect(turned?.width).toBeCloseTo(390, 0);
  expect(turned?.height).toBeCloseTo(844, 0);
  await page.goBack();
  await expect(full).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
});

test("a user's choices follow them to another phone", async ({ page, browser }) => {
  const { token } = await loggedInUser(page, 'chart');
  await open(page, '/pages/market/detail?symbol=BTCUSDT');
  await page.getByTestId('indicator-ema').click();
  await page.getByTestId('indicator-kdj').click();
  await page.getByTestId('indicator-vol').click();
  await page.getByTestId('period-1day').click();
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${baseUrl()}/api/chart/settings`, { headers: { authorization: token } });
      return ((await answer.json()) as { message: unknown }).message;
    })
    .toMatchObject({ period: '1day', overlays: ['ma', 'ema'], panes: ['kdj'] });

  const { phone, close } = await secondPhone(browser);
  try {
    await phone.goto(`${baseUrl()}/h5/`);
    await phone.evaluate((value) => localStorage.setItem('token', value), token);
    await phone.reload();
    await open(phone, '/pages/market/detail?symbol=BTCUSDT');
    await expect(phone.getByTestId('period-1day')).toHaveAttribute('aria-selected', 'true');
    await expect(phone.getByTestId('indicator-ema')).toHaveAttribute('aria-pressed', 'true');
    await expect(phone.getByTestId('indicator-kdj')).toHaveAttribute('aria-pressed', 'true');
    await expect(phone.getByTestId('indicator-vol')).toHaveAttribute('aria-pressed', 'false');
    await expect(legend(phone, 'EMA(5)')).toBeVisible();
  } finally {
    await close();
  }
});
