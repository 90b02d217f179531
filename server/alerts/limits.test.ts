import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { ALERT_RULES } from '../../contract/alerts';
import { createHarness, ok } from '../testing/harness';
import { startServerProcess, type ServerProcess } from '../testing/process';

/**
 * The alert limits with two server processes on one store (the same SQLite file, or the
 * same PostgreSQL database), each with its own exchange queue: 200 requests at once,
 * half through each, never make more alerts than the limits allow. Only the store stands
 * between the two processes' counts: the user's row locked while counting (PostgreSQL),
 * SQLite's serial transactions.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const env = { MARKET_HISTORY: 'short', MARKET_RATE: '5' };

test(`two servers, requests at once: never more than ${ALERT_RULES.perMarket} alerts on one market, ${ALERT_RULES.perUser} in all`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-alerts-'));
  dirs.push(dataDir);
  // Started at the wall clock, as the two servers will be: they have no gap in the market's history to fill first.
  const setup = await createHarness(env, { persist: dataDir, start: Date.now() });
  await setup.registerUser('bob@example.com');
  // Twenty users one alert short of the limit on BTC/USDT: each will send two more at once, one through each server.
  const racers = Array.from({ length: 20 }, (_, i) => `racer${i}@example.com`);
  for (const email of racers) {
    const token = await setup.registerUser(email);
    for (let i = 1; i < ALERT_RULES.perMarket; i++) await ok(setup.call(endpoints.alertCreate, { kind: 'price', market_id: 1, level: String(100_000 + i) }, { token }));
  }
  // Levels half again above each market's price: far from where the simulated market goes in a minute, well inside the band.
  const markets = setup.ctx.catalogue.markets
    .slice(0, 10)
    .map((market) => ({ id: market.id, level: (i: number) => (setup.ctx.market.engine.lastPrice(market.id) * (1.5 + i / 100_000)).toFixed(market.pricePrecision) }));
  const levels = new Map(markets.map((market) => [market.id, Array.from({ length: 200 }, (_, i) => market.level(i))]));
  await setup.close();

  const servers: ServerProcess[] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
  try {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const call = async (server: ServerProcess, method: 'GET' | 'POST', url: string, fields: Record<string, string>, token?: string) => {
      const query = method === 'GET' ? `?${new URLSearchParams(fields).toString()}` : '';
      const response = await fetch(`http://127.0.0.1:${server.port}/api${url}${query}`, {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
        ...(method === 'POST' ? { body: new URLSearchParams(fields).toString() } : {}),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    const login = async (email: string) => String((await call(first, 'POST', endpoints.login.path, { user_string: email, password: 'secret-pass' })).message);
    const bob = await login('bob@example.com');
    // One market: each racer's last two at once, one through each server; one of the two is made.
    const tokens = await Promise.all(racers.map((email) => login(email)));
    const races = await Promise.all(
      tokens.flatMap((token) => [first, second].map((server, i) => call(server, 'POST', endpoints.alertCreate.path, { kind: 'price', market_id: '1', level: String(110_000 + i) }, token))),
    );
    expect(races.filter((answer) => answer.type === 'ok')).toHaveLength(racers.length);
    for (const answer of races.filter((answer) => answer.type !== 'ok')) expect(answer.message).toBe('You can keep at most 10 alerts on BTC/USDT. Delete one first.');
    for (const token of tokens) expect(((await call(first, 'GET', endpoints.alertList.path, {}, token)).message as { live: number }).live).toBe(ALERT_RULES.perMarket);

    // Across ten markets: 200 at once, the limit per user is what binds.
    const spread = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const market = markets[i % markets.length]!;
        return call(i % 2 === 0 ? first : second, 'POST', endpoints.alertCreate.path, { kind: 'price', market_id: String(market.id), level: levels.get(market.id)?.[i] ?? '' }, bob);
      }),
    );
    expect(spread.filter((answer) => answer.type === 'ok')).toHaveLength(ALERT_RULES.perUser);
    const refusals = new Set(spread.filter((answer) => answer.type !== 'ok').map((answer) => String(answer.message)));
    expect([...refusals].every((message) => /^You can keep at most (50|10) alerts/.test(message))).toBe(true);
    const listed = (await call(second, 'GET', endpoints.alertList.path, {}, bob)).message as { live: number };
    expect(listed.live).toBe(ALERT_RULES.perUser);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}, 240_000);
