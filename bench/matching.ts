import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { endpoints } from '../contract/api';
import { USER_EVENTS } from '../contract/realtime';
import type { MarketStart } from '../server/market/engine';
import { MarketEngine } from '../server/market/engine';
import { INSTRUMENTS } from '../server/market/instruments';
import { attachRealtime } from '../server/realtime/socket';
import { createHarness } from '../server/testing/harness';
import { fund, quote, uidOf } from '../server/testing/market';

/**
 * The matching engine alone (orders per second through the book), and the whole path
 * of a spot order on a real server: HTTP request, validation, ledger transaction in
 * SQLite, the book, and the socket push of the order to its owner (latency percentiles).
 */
export interface MatchingFigures {
  engineOrdersPerSecond: number;
  engineOrders: number;
  serverOrdersPerSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  serverOrders: number;
}

function engineThroughput(orders: number): number {
  const starts = new Map<number, MarketStart>(INSTRUMENTS.map((def) => [def.id, { last: def.referencePrice, open: [], minutes: [] }]));
  const engine = new MarketEngine(INSTRUMENTS, starts, Date.parse('2026-11-22T00:00:00Z'));
  engine.apply([{ t: engine.time, kind: 'quote', m: 1, fair: 9_600_000 }]);
  // Limit orders around the mid: about half rest, half cross and fill against resting ones.
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const started = performance.now();
  for (let i = 1; i <= orders; i++) {
    const side = random() < 0.5 ? 1 : -1;
    const limit = 9_600_000 + Math.round((random() - 0.5) * 4000);
    engine.submit({ marketId: 1, ref: i, owner: 1 + (i % 50), side, lots: 1 + Math.floor(random() * 2000), limit }, engine.time);
    if (i % 5000 === 0) engine.apply([{ t: engine.time, kind: 'quote', m: 1, fair: 9_600_000 }]);
  }
  return orders / ((performance.now() - started) / 1000);
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function serverPath(orders: number): Promise<Pick<MatchingFigures, 'serverOrdersPerSecond' | 'latency'>> {
  const h = await createHarness({ SIGNUP_GIFT: '1000000', LOG_LEVEL: 'silent' });
  attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  try {
    const token = await h.registerUser('bench@example.com');
    await fund(h, await uidOf(h, token), 'BTC', '100');
    await quote(h, 1, 96_000);
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const pushed = new Map<number, number>();
    const waiting = new Map<number, () => void>();
    socket.on(USER_EVENTS.spotOrder, (order: { id: number }) => {
      if (!pushed.has(order.id)) pushed.set(order.id, performance.now());
      waiting.get(order.id)?.();
    });
    const latencies: number[] = [];
    const url = `http://127.0.0.1:${port}/api${endpoints.spotTrade.path}`;
    const started = performance.now();
    for (let i = 0; i < orders; i++) {
      const side = i % 2 === 0 ? 'buy' : 'sell';
      // Alternately resting a little away from the market and taking at the market.
      const body = new URLSearchParams(
        i % 4 < 2
          ? { currency_id: '1', legal_id: '3', type: side, amount: '0.001', target_price: side === 'buy' ? '95500' : '96500' }
          : { currency_id: '1', legal_id: '3', type: side, amount: '0.001' },
      );
      const sent = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
      const answer = (await response.json()) as { type: string; message: { id: number } | string };
      if (answer.type !== 'ok' || typeof answer.message === 'string') throw new Error(`order refused: ${JSON.stringify(answer.message)}`);
      const id = answer.message.id;
      if (!pushed.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
      latencies.push((pushed.get(id) as number) - sent);
    }
    const elapsed = (performance.now() - started) / 1000;
    socket.close();
    latencies.sort((a, b) => a - b);
    return {
      serverOrdersPerSecond: orders / elapsed,
      latency: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN },
    };
  } finally {
    await h.close();
  }
}

export async function measureMatching(engineOrders = 200_000, serverOrders = 1000): Promise<MatchingFigures> {
  const engineOrdersPerSecond = engineThroughput(engineOrders);
  const server = await serverPath(serverOrders);
  return { engineOrdersPerSecond, engineOrders, serverOrders, ...server };
}
