import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { formatFixed } from '../../contract/format';
import { binanceTrades, readSession } from '../../server/testing/fake-binance';
import { startServer, type RunningServer } from './server';
import { open } from './support';

/**
 * Paper trading on real prices (MARKET=live): the server follows a local fake of Binance
 * (npm run fake-exchange) replaying its recorded session shifted to now. The phone shows
 * the session's BTC prices, named as Binance's, while stocks, which Binance does not
 * list, stay simulated and are tagged so. When the exchange drops every connection and
 * refuses new ones, BTC is stale (the pair's screen says prices are paused, its row in
 * the list is tagged); when it lets them in again, BTC is live and its prices move again.
 */
const root = path.resolve(import.meta.dirname, '../..');
const session = readSession(path.join(root, 'tests/fixtures/binance-session.ndjson.gz'));
/** Every price of the session's BTC trades, as the app writes BTC's (2 decimals, English). */
const BTC_PRICES = new Set(binanceTrades(session, 'BTCUSDT').map((trade) => formatFixed(Number(trade.price), 2, 'en')));
const BTC = 1;
const AAPL = 25;

interface Fake {
  rest: string;
  ws: string;
  /** POSTs one of the fake's control endpoints (drop, refuse?on=1|0, play) */
  control(action: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts scripts/fake-exchange.ts holding its replay back (the test plays it once the server is up). */
async function startFake(): Promise<Fake> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/fake-exchange.ts', '--exchange', 'binance', '--hold'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, rest = '', ws = ''] = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake exchange did not start within 30 s')), 30_000);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LIVE_REST_URL=(\S+) LIVE_WS_URL=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.on('exit', (code) => reject(new Error(`the fake exchange exited (${code}):\n${output}`)));
  });
  const base = new URL(rest).origin;
  return {
    rest,
    ws,
    async control(action) {
      const answer = await fetch(`${base}/__fake/${action}`, { method: 'POST' });
      if (!answer.ok) throw new Error(`the fake exchange refused ${action}: ${answer.status}`);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}

interface Quote {
  id: number;
  feed: string;
  stale: boolean;
}

async function quotes(request: APIRequestContext, url: string): Promise<Map<number, Quote>> {
  const answer = (await (await request.get(`${url}/api/currency/quotation_new`)).json()) as { message: { groups: { markets: Quote[] }[] } };
  return new Map(answer.message.groups.flatMap((group) => group.markets).map((quote) => [quote.id, quote]));
}

/** Waits until `cell` shows a price of the session other than `than`, and gives it. */
async function nextSessionPrice(cell: Locator, than = ''): Promise<string> {
  let shown = '';
  try {
    await expect
      .poll(
        async () => {
          shown = (await cell.textContent()) ?? '';
          return shown !== than && BTC_PRICES.has(shown);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`expected a price of the session's BTC trades other than "${than}", last shown "${shown}"`, { cause: error });
  }
  return shown;
}

let fake: Fake;
let server: RunningServer;
test.beforeAll(async () => {
  fake = await startFake();
  // Tries to reconnect from 200 ms on (doubling), so BTC is live soon after the fake lets it in.
  server = await startServer({ MARKET: 'live', LIVE_EXCHANGE: 'binance', LIVE_REST_URL: fake.rest, LIVE_WS_URL: fake.ws, LIVE_BACKOFF_MS: '200' });
  // The session's 40 s of trades start now, with the server following the exchange.
  await fake.control('play');
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

test("the phone shows the exchange's BTC prices beside simulated stocks, marks BTC stale while the exchange is cut, and follows it again after", async ({ page }) => {
  // The session lasts 40 s from the start of this test's server.
  test.setTimeout(60_000);
  await open(page, '/pages/market/market', server.url);
  await page.getByTestId('market-tab-coins').click();
  const btcRow = page.getByTestId('market-BTC/USDT');
  const listed = btcRow.getByTestId(`price-${BTC}`);
  // Prices of the session's trades, and they move as its trades come.
  await nextSessionPrice(listed, await nextSessionPrice(listed));
  await expect(btcRow.getByTestId(`stale-${BTC}`)).toHaveCount(0);
  await expect(btcRow.getByTestId(`simulated-${BTC}`)).toHaveCount(0);

  // Binance does not list our stocks: they are still there, on the simulator, and say so.
  await page.getByTestId('market-tab-stock').click();
  const aaplRow = page.getByTestId('market-AAPL/USD');
  await expect(aaplRow.getByTestId(`price-${AAPL}`)).toHaveText(/^\d[\d,]*\.\d{2}$/);
  await expect(aaplRow.getByTestId(`simulated-${AAPL}`)).toHaveText('Simulated');
  const feeds = await quotes(page.request, server.url);
  expect(feeds.get(BTC)).toMatchObject({ feed: 'binance', stale: false });
  expect(feeds.get(AAPL)).toMatchObject({ feed: 'simulated', stale: false });

  // The BTC screen: its price and the latest trades are the session's, from Binance.
  await open(page, '/pages/market/detail?symbol=BTCUSDT', server.url);
  await expect(page.getByTestId('feed-source')).toHaveText('Prices from Binance');
  await nextSessionPrice(page.getByTestId(`price-${BTC}`));
  await page.getByTestId('panel-trades').click();
  const latestTrade = page.getByTestId('trades').locator('span.up, span.down').first();
  await nextSessionPrice(latestTrade);
  await expect(page.getByTestId('feed-paused')).toHaveCount(0);

  // The exchange cuts every connection and lets none in: BTC is stale, and the phone says
  // so on its screen and in the list; stocks are not.
  await fake.control('refuse?on=1');
  await fake.control('drop');
  await expect(page.getByTestId('feed-paused')).toHaveText('Prices paused: reconnecting to Binance');
  expect((await quotes(page.request, server.url)).get(BTC)?.stale).toBe(true);
  await open(page, '/pages/market/market', server.url);
  await page.getByTestId('market-tab-coins').click();
  await expect(btcRow.getByTestId(`stale-${BTC}`)).toHaveText('Reconnecting');
  expect((await quotes(page.request, server.url)).get(AAPL)?.stale).toBe(false);

  // It lets connections in again: BTC is live, and its price moves on with the session's trades.
  await fake.control('refuse?on=0');
  await expect(btcRow.getByTestId(`stale-${BTC}`)).toHaveCount(0, { timeout: 15_000 });
  expect((await quotes(page.request, server.url)).get(BTC)?.stale).toBe(false);
  await nextSessionPrice(listed, (await listed.textContent()) ?? '');
});
