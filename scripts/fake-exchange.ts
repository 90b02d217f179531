/**
 * npm run fake-exchange -- [--exchange binance|okx] [--port N] [--speed X] [--hold]
 *
 * Runs the local fake of a public exchange (server/testing/fake-binance.ts, fake-okx.ts)
 * as a process, so the whole app can follow it with no network: it replays the recorded
 * session (tests/fixtures/<exchange>-session.ndjson.gz, or --session FILE) shifted to now,
 * so the kline history ends now and the 40 s of trades and book updates continue from
 * now. --speed plays it faster (2: in 20 s) or slower; --hold waits for
 * `POST /__fake/play` before playing (a test starts the replay once its server is up).
 * When the session has been played the fake keeps serving its last book and no trades.
 *
 * Prints one line with the settings a server follows it with, for a person to paste and a
 * test to read:
 *
 *   LIVE_EXCHANGE=binance LIVE_REST_URL=http://127.0.0.1:9300/api/v3 LIVE_WS_URL=ws://127.0.0.1:9300/ws
 *
 * On the same port, for tests: `POST /__fake/drop` drops every websocket connection,
 * `POST /__fake/refuse?on=1|0` refuses new ones or allows them again, `GET /__fake/status`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FakeBinance, readSession } from '../server/testing/fake-binance';
import type { FakeExchangeView } from '../server/testing/fake-exchange';
import { FakeOkx, readOkxSession } from '../server/testing/fake-okx';

const { values } = parseArgs({
  options: {
    exchange: { type: 'string', default: 'binance' },
    port: { type: 'string', default: '0' },
    speed: { type: 'string', default: '1' },
    session: { type: 'string' },
    hold: { type: 'boolean', default: false },
  },
});

const exchange = values.exchange;
const port = Number(values.port);
const speed = Number(values.speed);
if ((exchange !== 'binance' && exchange !== 'okx') || !Number.isInteger(port) || port < 0 || port > 65_535 || !(speed > 0)) {
  console.error('usage: npm run fake-exchange -- [--exchange binance|okx] [--port N] [--speed X] [--session FILE] [--hold]');
  process.exit(2);
}

const file = values.session ?? path.resolve(import.meta.dirname, `../tests/fixtures/${exchange}-session.ndjson.gz`);
const now = Date.now();
const fake: FakeExchangeView = exchange === 'binance' ? new FakeBinance(readSession(file), { now, speed }) : new FakeOkx(readOkxSession(file), { now, speed });
const urls = await fake.listen(port);
console.log(`LIVE_EXCHANGE=${exchange} LIVE_REST_URL=${urls.rest} LIVE_WS_URL=${urls.ws}`);
if (!values.hold) fake.play();

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
