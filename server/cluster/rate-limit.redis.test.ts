import crypto from 'node:crypto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startRedis } from '../../scripts/redis.mjs';
import { createHarness, type Harness } from '../testing/harness';

/**
 * Redis only (the PostgreSQL pass of npm test, which starts a throwaway Redis:
 * KESTREL_TEST_REDIS): behind several processes sharing REDIS_URL, an address gets
 * PUBLIC_RATE_LIMIT requests a minute in all, not that many from each process, even when
 * they all arrive at once.
 */
const url = process.env['KESTREL_TEST_REDIS'] ?? '';
const servers: Harness[] = [];

/** Each test's keys of its own (the test files share one Redis and run at once). */
let prefix: string;
beforeEach(() => {
  prefix = `test-${crypto.randomUUID()}`;
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

test('two processes share one count per address and endpoint: of 40 requests sent at once through both, exactly the limit pass', async () => {
  for (let i = 0; i < 2; i++) servers.push(await createHarness({ PUBLIC_RATE_LIMIT: '7', REDIS_URL: url, REDIS_PREFIX: prefix }));
  const [a, b] = servers as [Harness, Harness];
  const get = (server: Harness, ip: string) => server.app.inject({ method: 'GET', url: '/api/currency/quotation_new', remoteAddress: ip });

  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 === 0 ? a : b, '10.9.0.1')));
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(7);
  expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(33);
  // Another address has its own count, on either process.
  expect((await get(b, '10.9.0.2')).statusCode).toBe(200);
  expect((await get(a, '10.9.0.1')).json()).toEqual({ type: 'error', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
});

test('a server whose REDIS_URL is out of reach does not start; one that loses Redis while running still answers (the counts lapse)', async () => {
  await expect(createHarness({ REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/REDIS_URL redis:\/\/127\.0\.0\.1:1 cannot be reached/);

  const own = await startRedis();
  servers.push(await createHarness({ PUBLIC_RATE_LIMIT: '2', REDIS_URL: own.url }));
  const [server] = servers as [Harness];
  const get = () => server.app.inject({ method: 'GET', url: '/api/currency/quotation_new', remoteAddress: '10.9.0.3' });
  expect((await get()).statusCode).toBe(200);
  own.stop();
  for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
});
