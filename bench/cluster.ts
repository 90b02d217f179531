/**
 * npm run bench:cluster: the exchange as 1 process and as 3 (CLUSTER=true on a throwaway
 * PostgreSQL and Redis), side by side in one run:
 *
 * - orders/s: CLIENTS users placing resting limit orders on BTC/USDT as fast as they are
 *   answered, for SECONDS, each request sent to the processes in turn (as Node's cluster
 *   module hands out connections), so with 3 processes two thirds of them are carried to
 *   the market's owner;
 * - socket fan-out: SOCKETS sockets spread over the processes, all on the "tickers"
 *   channel; the lag of a batch is how long after its first arrival at any socket it
 *   reached each of the others (p50, p99), with the batches each socket received per second.
 *
 * The figures are this machine's (2 cores here: three processes share them with the load
 * itself, so more processes buy resilience, not speed, on it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { endpoints } from '../contract/api';
import { CHANNELS, SOCKET_EVENTS, type TickerBatch } from '../contract/realtime';
import { startPostgres } from '../scripts/postgres.mjs';
import { startRedis } from '../scripts/redis.mjs';
import { createHarness } from '../server/testing/harness';
import { startServerProcess, type ServerProcess } from '../server/testing/process';
import { TEST_POSTGRES_ENV } from '../server/testing/store';

const SECONDS = Number(process.env['CLUSTER_BENCH_SECONDS'] ?? 10);
const CLIENTS = 32;
const SOCKETS = Number(process.env['CLUSTER_BENCH_SOCKETS'] ?? 1000);

interface Figures {
  processes: number;
  ordersPerSecond: number;
  orderP99: number;
  refused: number;
  socketP50: number;
  socketP99: number;
  batchesPerSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

async function measure(processes: number, redisUrl: string): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-cluster-'));
  const env = { CLUSTER: 'true', REDIS_URL: redisUrl, SIGNUP_GIFT: '1000000', LOG_LEVEL: 'silent' };
  const setup = await createHarness({ SIGNUP_GIFT: '1000000' }, { persist: dir });
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) tokens.push(await setup.registerUser(`bench${i}@example.com`));
  await setup.close();
  const servers: ServerProcess[] = [await startServerProcess(dir, env)];
  for (let i = 1; i < processes; i++) servers.push(await startServerProcess(dir, env));
  try {
    // The markets spread, every process sees every market.
    await sleep(3_000);

    // Orders: every client sends its next order once the last is answered.
    const latencies: number[] = [];
    let refused = 0;
    let turn = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (Date.now() < end) {
          const server = servers[turn++ % servers.length] as ServerProcess;
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${server.port}/api${endpoints.spotTrade.path}`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ currency_id: '1', legal_id: '3', type: 'buy', amount: '0.0001', target_price: '60000' }).toString(),
          });
          const answer = (await response.json()) as { type: string; message: unknown };
          if (answer.type === 'ok') latencies.push(performance.now() - started);
          else if (refused++ === 0) console.log(`refused: ${String(answer.message)}`);
        }
      }),
    );

    // Fan-out: sockets spread over the processes, all on the tickers.
    const sockets: Socket[] = [];
    const firstSeen = new Map<number, number>();
    const arrivals: { s: number; at: number }[] = [];
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, i) => {
        const server = servers[i % servers.length] as ServerProcess;
        const socket = connect(`http://127.0.0.1:${server.port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        return new Promise<void>((resolve) => {
          socket.on('connect', () => {
            socket.emit(SOCKET_EVENTS.subscribe, [CHANNELS.tickers]);
            resolve();
          });
          socket.on('connect_error', () => resolve());
        });
      }),
    );
    await sleep(1_000);
    const from = performance.now();
    for (const socket of sockets) {
      socket.on(SOCKET_EVENTS.tickers, (batch: TickerBatch) => {
        const at = performance.now();
        if (!firstSeen.has(batch.s)) firstSeen.set(batch.s, at);
        arrivals.push({ s: batch.s, at });
      });
    }
    await sleep(SECONDS * 1000);
    const elapsed = (performance.now() - from) / 1000;
    for (const socket of sockets) socket.close();
    const lags = arrivals.map(({ s, at }) => at - (firstSeen.get(s) ?? at));
    return {
      processes,
      ordersPerSecond: latencies.length / SECONDS,
      orderP99: percentile(latencies, 99),
      refused,
      socketP50: percentile(lags, 50),
      socketP99: percentile(lags, 99),
      batchesPerSecond: arrivals.length / SOCKETS / elapsed,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const postgres = await startPostgres();
const redis = await startRedis();
process.env[TEST_POSTGRES_ENV] = postgres.url;
const figures: Figures[] = [];
try {
  for (const processes of [1, 3]) figures.push(await measure(processes, redis.url));
} finally {
  redis.stop();
  postgres.stop();
}
const round = (value: number) => Math.round(value * 10) / 10;
console.log(
  `\nthe exchange as 1 and 3 processes (CLUSTER, PostgreSQL and Redis), ${os.availableParallelism()} cores: ${CLIENTS} clients ordering for ${SECONDS} s; ${SOCKETS} sockets on the tickers for ${SECONDS} s`,
);
console.table(
  figures.map((f) => ({
    processes: f.processes,
    'orders/s': round(f.ordersPerSecond),
    'order p99 ms': round(f.orderP99),
    refused: f.refused,
    'ticker lag p50 ms': round(f.socketP50),
    'ticker lag p99 ms': round(f.socketP99),
    'batches/s per socket': round(f.batchesPerSecond),
  })),
);
process.exit(0);
