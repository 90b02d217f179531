import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createHarness, type Harness } from './harness';
import { storeOf } from './store';
import { until } from './until';

/**
 * Cluster tests (PostgreSQL and Redis, *.redis.test.ts): members are test servers started
 * with CLUSTER=true on one store and one Redis, each test with a store and Redis keys of
 * its own (the test files share one Redis and run at once). clusterTest() is called once
 * at the top of a test file: it registers the hooks that make each test's store and key
 * prefix before it and stop its members after it. An afterEach the file registers later
 * runs before this one (Vitest runs after hooks in reverse), so it can close what it
 * opened on the members while they still run.
 */
export function clusterTest(name: string, env: Record<string, string> = {}) {
  let dir = '';
  let prefix = '';
  const servers: Harness[] = [];
  beforeEach(() => {
    prefix = `test-${crypto.randomUUID()}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `kestrel-${name}-`));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      await server.ctx.exchange.stop();
      await server.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A member on the test's store and Redis keys, not yet claiming markets; stopped after the test. */
  async function member(processName: string): Promise<Harness> {
    const { env: store } = await storeOf(dir);
    const server = await createHarness({ ...store, REDIS_URL: process.env['KESTREL_TEST_REDIS'] ?? '', REDIS_PREFIX: prefix, CLUSTER: 'true', ...env }, { persist: dir, processName });
    servers.push(server);
    return server;
  }

  /** Two members that have split the markets between them (`markets`: how many there are). */
  async function twoMembers(): Promise<{ a: Harness; b: Harness; markets: number }> {
    const a = await member('member-a');
    await a.ctx.claims?.start();
    const b = await member('member-b');
    await b.ctx.claims?.start();
    return { a, b, markets: await split(a, b) };
  }

  return { member, twoMembers };
}

/**
 * Waits until two members that claim markets have split them: together they run all of
 * them and the second runs some. Answers how many markets there are.
 */
export async function split(a: Harness, b: Harness): Promise<number> {
  const markets = a.ctx.market.instruments.length;
  await until(() => a.ctx.market.owned.length + b.ctx.market.owned.length === markets && b.ctx.market.owned.length > 0, 10_000);
  return markets;
}
