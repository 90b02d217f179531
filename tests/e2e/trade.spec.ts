import { expect, test, type Page } from '@playwright/test';
import { baseUrl, loggedInUser, open, toast } from './support';
import { formatAmount } from '../../contract/format';

/** Moves USDT between the user's accounts through the API, as the transfer screen would. */
async function move(page: Page, token: string, to: 'lever' | 'micro', amount: string): Promise<void> {
  const response = await page.request.post(`${baseUrl()}/api/wallet/change`, {
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ currency_id: '3', number: amount, from_field: 'change', to_field: to }).toString(),
  });
  expect(await response.json()).toMatchObject({ type: 'ok' });
}

/** 9150.500000 -> 9,150.50: how an English screen shows an exact amount. */
const grouped = (amount: string) => formatAmount(amount, 'en');

const number = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test('spot: a limit order rests in the exchange book and the open orders, is cancelled; a market buy fills', async ({ page }) => {
  await loggedInUser(page, 'spot');
  await open(page, '/pages/transaction/index?mode=spot&symbol=BTCUSDT');
  await expect(page.getByTestId('spot-price')).not.toHaveValue('');
  await expect(page.getByTestId('spot-available')).toContainText('10,000.00 USDT');

  await test.step('tapping a level of the book puts its price in the form', async () => {
    const bids = page.getByTestId('book-bid');
    await expect(bids).toHaveCount(6);
    const third = bids.nth(2);
    const shown = number(await third.getByTestId('book-price').textContent());
    await third.click();
    // The book may have moved between reading and tapping: the form takes a price of the book.
    expect(Math.abs(Number(await page.getByTestId('spot-price').inputValue()) - shown)).toBeLessThan(shown * 0.01);
  });

  await test.step('the book groups its prices by 10 and draws depth bars of the running quantity', async () => {
    const book = page.getByRole('region', { name: 'Order book' });
    await expect(page.getByTestId('book-grouping')).toHaveText('0.01');
    await page.getByTestId('book-grouping').click();
    await expect(page.getByTestId('book-grouping-sheet').getByRole('button')).toHaveText(['0.01', '0.1', '1', '10']);
    await page.getByTestId('book-grouping-10').click();
    await expect(page.getByTestId('book-grouping')).toHaveText('10');
    // Read at once, as the book keeps moving: whole tens, asks rounded up above bids rounded down.
    const read = () =>
      book.evaluate((element) => {
        const rows = (side: string) =>
          [...element.querySelectorAll(`[data-testid="book-${side}"]`)].map((row) => ({
            price: row.querySelector('[data-testid="book-price"]')?.textContent ?? '',
            bar: new DOMMatrix(getComputedStyle(row.querySelector('[data-testid="book-bar"]') as Element).transform).a,
          }));
        return { asks: rows('ask'), bids: rows('bid') };
      });
    const tens = /^\d{1,3}(,\d{3})*$/;
    const wholeTen = (price: string) => tens.test(price) && price.endsWith('0');
    await expect.poll(async () => (await read()).bids.every((row) => wholeTen(row.price))).toBe(true);
    const { asks, bids } = await read();
    expect(asks.length).toBeGreaterThan(0);
    expect(bids.length).toBeGreaterThan(0);
    for (const row of [...asks, ...bids]) expect(wholeTen(row.price), row.price).toBe(true);
    const lowestAsk = number(asks.at(-1)?.price ?? '');
    expect(lowestAsk).toBeGreaterThan(number(bids[0]?.price ?? ''));
    // Bars grow from the best level outwards (asks are listed best last); the deepest visible one is full.
    const widths = [...bids.map((row) => row.bar), ...asks.map((row) => row.bar).reverse()];
    expect(bids.map((row) => row.bar)).toEqual([...bids.map((row) => row.bar)].sort((a, b) => a - b));
    expect(asks.map((row) => row.bar)).toEqual([...asks.map((row) => row.bar)].sort((a, b) => b - a));
    expect(Math.max(...widths)).toBeCloseTo(1);
    expect(Math.min(...widths)).toBeGreaterThan(0);
    await page.getByTestId('book-grouping').click();
    await page.getByTestId('book-grouping-0.01').click();
    await expect(page.getByTestId('book-bid')).toHaveCount(6);
  });

  await test.step('a price far from the market, an order too small or too big are named at their fields, and nothing is sent', async () => {
    const best = number(await page.getByTestId('book-bid').first().getByTestId('book-price').textContent());
    await page.getByTestId('spot-price').fill((best * 2).toFixed(2));
    await page.getByTestId('spot-amount').fill('0.01');
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('alert')).toHaveText(/^The price must be between [\d,]+\.\d{2} and [\d,]+\.\d{2}\.$/);
    await page.getByTestId('spot-price').fill(best.toFixed(2));
    await page.getByTestId('spot-amount').fill('0.00001');
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('alert')).toHaveText(/^An order must be worth at least [\d.]+ USDT\.$/);
    await page.getByTestId('spot-amount').fill('1');
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('alert')).toHaveText('Insufficient balance.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('spot-order')).toHaveCount(0);
  });

  await test.step('a limit buy under the market rests in the exchange book and freezes its USDT', async () => {
    // 0.1% under the best bid: inside the 20 levels of the book, out of reach of the next seconds' trades.
    const best = number(await page.getByTestId('book-bid').first().getByTestId('book-price').textContent());
    const price = (best * 0.999).toFixed(2);
    await page.getByTestId('spot-price').fill(price);
    await page.getByTestId('spot-amount').fill('0.01');
    await expect(page.getByTestId('spot-total')).toHaveText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 6 }).format(Number(price) * 0.01));
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('dialog')).toContainText('Confirm order');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Order placed.');
    const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(price));
    await expect(page.getByTestId('spot-order')).toHaveCount(1);
    await expect(page.getByTestId('spot-order')).toContainText(shown);
    await expect(page.getByTestId('spot-available')).toContainText(`${grouped((10000 - Number(price) * 0.01).toFixed(6))} USDT`);
    // The pair screen shows the book's 20 levels a side: the order is one of them, for all to see.
    await page.getByRole('link', { name: 'Chart' }).click();
    await expect(page.getByTestId('order-book').locator('li').filter({ hasText: shown })).toHaveCount(1);
    await page.goBack();
  });

  await test.step('cancelling it takes it out of the book and returns the USDT', async () => {
    await page.getByTestId('spot-order').getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page)).toHaveText('Order cancelled.');
    await expect(page.getByTestId('spot-order')).toHaveCount(0);
    await expect(page.getByTestId('spot-available')).toContainText('10,000.00 USDT');
  });

  await test.step('a market buy fills at once and its fills name their trades', async () => {
    await page.getByTestId('spot-type-market').click();
    await page.getByTestId('spot-amount').fill('0.002');
    await page.getByTestId('spot-submit').click();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/coin/trade'));
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(/^Order filled: 0\.00200 BTC at [\d.]+ on average\.$/);
    // Sent again as a phone resends a request whose answer it lost: the same order, not a second one.
    const first = await sent;
    const again = await page.request.post(first.url(), { headers: await first.request().allHeaders(), data: first.request().postData() ?? '' });
    type Answer = { message: { id: number } };
    expect(((await again.json()) as Answer).message.id).toBe(((await first.json()) as Answer).message.id);
    await page.getByTestId('spot-side-sell').click();
    // The full 0.1% fee: the welcome coupon names conversions, so a spot trade neither uses nor spends it.
    await expect(page.getByTestId('spot-available')).toContainText('0.001998 BTC');
    await open(page, '/pages/transaction/currency_order');
    await page.getByTestId('orders-tab-history').click();
    const filled = page.getByTestId('spot-order').filter({ hasText: 'Filled' }).first();
    await filled.getByRole('button', { name: 'Fills' }).click();
    await expect(filled.getByTestId('fills')).toContainText(/Taker · 0\.\d+ @ \d{1,3}(,\d{3})*\.\d+ · Fee [\d.]+ · Trade #\d+/);
  });

  await test.step('a market buy of 500 USDT by total fills and spends at most 500 USDT', async () => {
    await open(page, '/pages/transaction/index?mode=spot&symbol=BTCUSDT');
    await page.getByTestId('spot-type-market').click();
    await page.getByTestId('spot-by-total').click();
    const available = page.getByTestId('spot-available');
    await expect(available).toContainText('USDT');
    const before = number(await available.textContent());
    // The slider fills the field with a share of the available USDT.
    await page.getByTestId('spot-percent-25').click();
    await expect(page.getByTestId('spot-spend')).not.toHaveValue('');
    const quarter = Number(await page.getByTestId('spot-spend').inputValue());
    expect(quarter).toBeLessThanOrEqual(before * 0.25);
    expect(quarter).toBeGreaterThan(before * 0.25 - 1e-6);
    await expect(page.getByTestId('spot-percent')).toHaveValue('25');
    await page.getByTestId('spot-spend').fill('500');
    await expect(page.getByTestId('spot-percent')).toHaveValue(String(Math.round((500 / before) * 100)));
    await expect(page.getByTestId('spot-estimate')).toHaveText(/^≈ 0\.00\d{3}$/);
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('dialog')).toContainText('500 USDT');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(/^Order filled: 0\.00\d{3} BTC at [\d.]+ on average\.$/);
    await expect.poll(async () => number(await available.textContent())).toBeLessThan(before);
    const spent = before - number(await available.textContent());
    expect(spent).toBeLessThanOrEqual(500 + 1e-9);
    // All but what would not buy one more lot of 0.00001 BTC (under 1 USDT at these prices).
    expect(spent).toBeGreaterThan(499);
  });
});

test('futures: open a long, set take profit and stop loss, watch the profit move, close all longs', async ({ page }) => {
  const user = await loggedInUser(page, 'futures');
  await move(page, user.token, 'lever', '2000');
  await open(page, '/pages/transaction/index?mode=contract&symbol=BTCUSDT');
  await expect(page.getByTestId('multiple-10')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('account-balance')).toHaveText('2,000.00');

  // 15 lots of 0.01 BTC at 10x take about 1,440 of the 2,000 USDT as margin: far enough
  // into the account for a liquidation price to exist.
  await test.step('mistakes are named at their fields and nothing is sent', async () => {
    await page.getByTestId('contract-share').fill('1001');
    await page.getByTestId('contract-long').click();
    await expect(page.getByRole('alert')).toHaveText('The number of lots must be between 1 and 1000.');
    // 300 lots at 10x need about 2,900 USDT of margin: more than the 2,000 in the account.
    await page.getByTestId('contract-share').fill('300');
    await page.getByTestId('contract-long').click();
    await expect(page.getByRole('alert')).toHaveText('Insufficient balance.');
    await page.getByTestId('contract-share').fill('15');
    await page.getByTestId('contract-stops').check();
    await page.getByTestId('contract-tp').fill('1000');
    // Filled, the field still says what it is.
    await expect(page.getByText('Take-profit price', { exact: true })).toBeVisible();
    await page.getByTestId('contract-long').click();
    await expect(page.getByRole('alert')).toHaveText(/^For a long position the take-profit price must be above [\d,]+\.\d{2}\.$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('contract-tp').fill('');
    await page.getByTestId('contract-stops').uncheck();
    await expect(page.getByTestId('position')).toHaveCount(0);
  });

  await test.step('open a long of 15 lots at 10x', async () => {
    await page.getByTestId('contract-share').fill('15');
    await page.getByTestId('contract-long').click();
    await expect(page.getByRole('dialog')).toContainText('Confirm position');
    await expect(page.getByRole('dialog')).toContainText('15 (0.15 BTC)');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Position opened.');
    await expect(page.getByTestId('position')).toHaveCount(1);
  });

  const position = page.getByTestId('position');
  await test.step('set take profit and stop loss', async () => {
    const mark = number(await position.getByTestId('position-mark').textContent());
    await position.getByRole('button', { name: 'TP/SL' }).click();
    await page.getByTestId('stops-tp').fill((mark * 1.2).toFixed(2));
    await page.getByTestId('stops-sl').fill((mark * 0.8).toFixed(2));
    await expect(page.getByRole('dialog').getByText('Stop-loss price', { exact: true })).toBeVisible();
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Take profit and stop loss saved.');
    const shown = (price: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(price.toFixed(2)));
    await expect(position.getByTestId('position-stops')).toHaveText(`${shown(mark * 1.2)} / ${shown(mark * 0.8)}`);
  });

  await test.step('the profit, the mark price and the risk rate follow the market', async () => {
    const profit = position.getByTestId('position-profit');
    await expect(profit).toHaveText(/^[+-]?[\d,]+\.\d{2}$/);
    const first = await profit.textContent();
    await expect.poll(() => profit.textContent(), { timeout: 20_000, message: 'the profit moves with the market' }).not.toBe(first);
    // Its colour follows its sign (read together, as the market keeps moving).
    const [text, color] = await profit.evaluate((element) => [element.textContent ?? '', getComputedStyle(element).color]);
    expect(color).toBe(text.startsWith('+') ? 'rgb(46, 189, 133)' : text.startsWith('-') ? 'rgb(246, 70, 93)' : 'rgb(138, 141, 153)');
    await expect(page.getByTestId('account-risk')).toHaveText(/^[\d,]+\.\d{2}%$/);
    await expect(position.getByTestId('position-liquidation')).toHaveText(/^[\d,]+\.\d{2}$/);
  });

  await test.step('close all longs', async () => {
    // The sheet can be left without choosing.
    await page.getByTestId('close-all').click();
    await page.getByTestId('close-all-cancel').click();
    await expect(page.getByTestId('close-all-sheet')).toHaveCount(0);
    await page.getByTestId('close-all').click();
    await page.getByTestId('close-all-buy').click();
    await expect(page.getByRole('dialog')).toContainText('Close at the market price? Positions: 1');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(/^Positions closed: 1\. Result: -?[\d.]+ USDT\.$/);
    await expect(page.getByTestId('position')).toHaveCount(0);
    await open(page, '/pages/transaction/contract_order');
    await page.getByTestId('orders-tab-history').click();
    await expect(page.getByTestId('closed-position').first()).toContainText('Close all');
    await expect(page.getByTestId('closed-position').first().getByTestId('tick')).toContainText(/Trade #\d+ at \d{1,3}(,\d{3})*\.\d+ · \d\d:\d\d:\d\d/);
  });
});

test('options: buy 30 seconds up, watch the countdown, see the result land', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await loggedInUser(page, 'options');
  await move(page, user.token, 'micro', '500');
  await open(page, '/pages/transaction/index?mode=seconds&symbol=BTCUSDT');
  await page.getByTestId('duration-30').click();
  await page.getByTestId('seconds-amount').fill('5');
  await page.getByTestId('seconds-up').click();
  await expect(page.getByRole('alert')).toHaveText('From 10 to 5,000 USDT');
  await page.getByTestId('seconds-amount').fill('20');
  await page.getByTestId('seconds-up').click();
  // 20 at 80% less the 0.1% fee paid at purchase: exactly what a win settles, and what a loss costs.
  await expect(page.getByTestId('seconds-expected')).toHaveText('+15.98');
  await expect(page.getByRole('dialog')).toContainText('+15.98');
  await expect(page.getByRole('dialog')).toContainText('-20.02');
  // It opens at the market's last trade when the exchange takes it: the dialog shows no price it might not open at.
  await expect(page.getByTestId('seconds-confirm-price')).toHaveText("At marketThe market's last trade when accepted");
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/microtrade/submit'));
  await page.getByTestId('dialog-confirm').click();
  // After: the trade it opened at, which is its open price (the strike) on its card.
  type Bought = { message: { open_price: string; open_tick: { seq: number; price: string } } };
  const answer = ((await (await sent).json()) as Bought).message;
  expect(answer.open_tick.price).toBe(answer.open_price);
  const opened = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(answer.open_price));
  await expect(toast(page)).toHaveText(`Option bought: 30 s, Up, opened at ${opened} (trade #${answer.open_tick.seq}).`);

  const option = page.getByTestId('option');
  await expect(option).toHaveCount(1);
  await expect(option.getByTestId('option-open-price')).toHaveText(opened);
  const countdown = option.getByTestId('option-countdown');
  await expect(countdown).toHaveText(/^(30|29|28) s$/);
  // Its standing is the last trade against the open price (up wins above it), in the up, down or flat colour, not the 24h change's.
  const standing = () =>
    option.evaluate((card) => {
      const cell = (id: string) => card.querySelector(`[data-testid="${id}"]`);
      return {
        open: cell('option-open-price')?.textContent ?? '',
        last: cell('option-last')?.textContent ?? '',
        standing: cell('option-standing')?.textContent ?? '',
        tones: [cell('option-last'), cell('option-standing')].map((element) => ['up', 'down', 'flat'].filter((tone) => element?.classList.contains(tone))),
      };
    });
  for (let look = 0; look < 3; look++) {
    const seen = await standing();
    const [word, tone] = number(seen.last) > number(seen.open) ? ['Winning', 'up'] : number(seen.last) < number(seen.open) ? ['Losing', 'down'] : ['Tied', 'flat'];
    expect(seen, `look ${look}`).toMatchObject({ open: opened, standing: word, tones: [[tone], [tone]] });
    await page.waitForTimeout(700);
  }
  await expect.poll(async () => number(await countdown.textContent()), { timeout: 10_000 }).toBeLessThan(27);

  await expect(toast(page)).toHaveText(/^BTC\/USDT Up (won: \+[\d.]+ USDT|: a tie, the amount is back|lost: -[\d.]+ USDT)$/, { timeout: 45_000 });
  await expect(option).toHaveCount(0);
  await open(page, '/pages/transaction/seconds_order');
  await page.getByTestId('orders-tab-settled').click();
  await expect(page.getByTestId('settled-option')).toHaveCount(1);
  await expect(page.getByTestId('settled-option').getByTestId('option-result')).toHaveText(/^(Won 15\.98|Tie -0\.02|Lost -20\.02)$/);
  await expect(page.getByTestId('settled-option').getByTestId('tick')).toContainText(/Trade #\d+ at \d{1,3}(,\d{3})*\.\d+ · \d\d:\d\d:\d\d/);
});
