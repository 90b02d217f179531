/**
 * The public market endpoints on the real server (its own process, the simulated market
 * trading at the default 200 trades/s), loaded by autocannon (its own process too):
 * GET /currency/quotation_new, and GET /currency/new_timeshar over the full range (the
 * longest answer, 1000 candles). Then the HTTP latency a calm client sees while sockets
 * flood the server with 'sub' messages (they are cut off: SOCKET_LIMITS).
 * PUBLIC_RATE_LIMIT is raised for the run, so the figures are the endpoints', not 429s.
 * npm run bench prints them at the end; npm run bench:http alone.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { CHANNELS, SOCKET_EVENTS } from '../contract/realtime';
import { startServer } from '../tests/e2e/server';

export const QUOTES_TARGET = { requestsPerSecond: 5000, p99Ms: 50 } as const;
const CONNECTIONS = 100;
const SECONDS = Number(process.env['HTTP_BENCH_SECONDS'] ?? 10);
const FLOOD_SOCKETS = 20;

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** answers other than 2xx (a 429 would show here), errors and time-outs */
  failed: number;
}

export interface HttpFigures {
  quotes: Load;
  candles: Load;
  calm: Load;
  flooded: Load;
  floodMessages: number;
}

/** The part of autocannon's JSON result read here. */
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const cannon = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');

/** autocannon in its own process, so it does not take the measured server's thread or this one's. */
function load(url: string, connections: number, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cannon, '--json', '-c', String(connections), '-d', String(seconds), url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as CannonResult;
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.requests.total,
        failed: result.non2xx + result.errors + result.timeouts,
      });
    });
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sockets that send 'sub' for every channel as fast as they can, and connect again when cut off. */
function flood(origin: string, channels: string[]): { stop(): number } {
  let sent = 0;
  let running = true;
  const sockets: Socket[] = [];
  for (let i = 0; i < FLOOD_SOCKETS; i++) {
    const socket = connect(origin, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const burst = () => {
      if (!running) return;
      if (socket.connected) {
        for (let j = 0; j < 50; j++) socket.emit(SOCKET_EVENTS.subscribe, channels);
        sent += 50;
      }
      setTimeout(burst, 1);
    };
    socket.on('connect', burst);
    socket.on('disconnect', () => running && setTimeout(() => socket.connect(), 50));
    sockets.push(socket);
  }
  return {
    stop() {
      running = false;
      for (const socket of sockets) socket.close();
      return sent;
    },
  };
}

export async function measureHttp(): Promise<HttpFigures> {
  const server = await startServer({ PUBLIC_RATE_LIMIT: '1000000000', LOG_LEVEL: 'error' }, { app: false });
  try {
    const quotesUrl = `${server.url}/api/currency/quotation_new`;
    const candlesUrl = `${server.url}/api/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=0`;
    // Let the market trade a little, and each path run once.
    await wait(2000);
    for (const url of [quotesUrl, candlesUrl]) if ((await fetch(url)).status !== 200) throw new Error(`${url} did not answer 200`);
    await load(quotesUrl, 10, 2);
    const quotes = await load(quotesUrl, CONNECTIONS, SECONDS);
    const candles = await load(candlesUrl, CONNECTIONS, SECONDS);

    const answer = (await (await fetch(quotesUrl)).json()) as { message: { groups: { markets: { id: number }[] }[] } };
    const ids = answer.message.groups.flatMap((group) => group.markets.map((market) => market.id));
    const channels = [CHANNELS.tickers, ...ids.flatMap((id) => [CHANNELS.trades(id), CHANNELS.depth(id)])];
    const calm = await load(quotesUrl, 10, 5);
    const flooding = flood(server.url, channels);
    await wait(500);
    const flooded = await load(quotesUrl, 10, 5);
    const floodMessages = flooding.stop();
    return { quotes, candles, calm, flooded, floodMessages };
  } finally {
    await server.stop();
  }
}

const format = (n: number) => Math.round(n).toLocaleString('en');

export function printHttp(figures: HttpFigures): void {
  const { quotes, candles, calm, flooded } = figures;
  const meets = quotes.requestsPerSecond >= QUOTES_TARGET.requestsPerSecond && quotes.p99 < QUOTES_TARGET.p99Ms;
  console.log(
    `\nthe public market endpoints on a real server (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; ` +
      `target for quotation_new: at least ${format(QUOTES_TARGET.requestsPerSecond)} requests/s with p99 under ${QUOTES_TARGET.p99Ms} ms)`,
  );
  const rows: [string, Load][] = [
    ['GET /currency/quotation_new', quotes],
    ['GET /currency/new_timeshar, 1min, from=0 (1000 candles)', candles],
    ['quotation_new, 10 connections, sockets calm', calm],
    [`quotation_new, 10 connections, ${FLOOD_SOCKETS} sockets flooding 'sub'`, flooded],
  ];
  console.table(
    rows.map(([endpoint, measured]) => ({
      endpoint,
      'requests/s': format(measured.requestsPerSecond),
      'p50 ms': measured.p50,
      'p99 ms': measured.p99,
      'max ms': measured.max,
      'not 2xx': measured.failed,
    })),
  );
  console.log(
    `summary: quotation_new ${format(quotes.requestsPerSecond)} requests/s, p99 ${quotes.p99} ms (${meets ? 'meets' : 'misses'} the target); ` +
      `full-range klines ${format(candles.requestsPerSecond)} requests/s, p99 ${candles.p99} ms; ` +
      `HTTP p50 ${calm.p50} ms calm, ${flooded.p50} ms while ${format(figures.floodMessages)} 'sub' messages were sent`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printHttp(await measureHttp());
