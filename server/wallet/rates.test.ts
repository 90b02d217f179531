import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';
import { ROOT as root, spawnServer, startServerProcess } from '../testing/process';
import { refreshRates } from './rates';

/**
 * Fiat rates are served from the database. With FIAT_RATES_FILE they are reloaded from
 * that local file at most once per 24 hours (a bad file changes nothing); operators set
 * them by command. No outside call is made.
 */
const DAY = 86_400_000;
const dirs: string[] = [];
const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-rates-'));
  dirs.push(dir);
  return dir;
}

async function served(h: Harness): Promise<Record<string, { rate: string; source: string; updated_at: number }>> {
  const answer = await h.call(endpoints.rates, {});
  if (answer.type !== 'ok') throw new Error(answer.message);
  return Object.fromEntries(answer.message.fiats.map(({ code, rate, source, updated_at }) => [code, { rate, source, updated_at }]));
}

async function withFile(): Promise<{ h: Harness; write: (content: string) => void }> {
  const file = path.join(tempDir(), 'rates.json');
  const h = await createHarness({ FIAT_RATES_FILE: file });
  harnesses.push(h);
  return { h, write: (content) => fs.writeFileSync(file, content) };
}

describe('reloading from FIAT_RATES_FILE', () => {
  test('loads the file, then not again within 24 hours; after them it does', async () => {
    const { h, write } = await withFile();
    write('{"CNY": "7.10", "EUR": 0.91}');
    expect(await refreshRates(h.ctx)).toEqual({ status: 'loaded', codes: ['CNY', 'EUR'] });
    const loadedAt = h.ctx.now();
    const first = await served(h);
    expect(first['CNY']).toEqual({ rate: '7.1', source: 'file rates.json', updated_at: loadedAt });
    expect(first['EUR']).toMatchObject({ rate: '0.91' });
    expect(first['GBP']).toMatchObject({ rate: '0.79', source: 'reference' });
    expect(first['USD']).toMatchObject({ rate: '1' });

    write('{"CNY": "7.30"}');
    h.advance(DAY - 1);
    expect(await refreshRates(h.ctx)).toEqual({ status: 'not-due', due: loadedAt + DAY });
    expect((await served(h))['CNY']).toMatchObject({ rate: '7.1' });

    h.advance(1);
    expect(await refreshRates(h.ctx)).toMatchObject({ status: 'loaded' });
    expect((await served(h))['CNY']).toEqual({ rate: '7.3', source: 'file rates.json', updated_at: loadedAt + DAY });
    expect((await served(h))['EUR']).toMatchObject({ rate: '0.91' });
  });

  test.each([
    ['not JSON', '{"CNY": 7.2', /rates\.json: /],
    ['a list', '[["CNY", "7.2"]]', /must hold one JSON object/],
    ['an unknown currency', '{"CNY": "7.2", "XAU": "0.0004"}', /XAU is not one of USD CNY/],
    ['a negative rate', '{"CNY": "7.2", "JPY": "-150"}', /the rate of JPY must be a positive decimal/],
    ['a zero rate', '{"THB": 0}', /the rate of THB must be a positive decimal/],
    ['a rate in words', '{"THB": "thirty-four"}', /the rate of THB/],
    ['USD other than 1', '{"USD": "1.1"}', /the rate of USD .*\(USD is 1\)/],
    ['nothing', '{}', /holds no rates/],
  ])('a file with %s is refused whole: the stored rates stay, and it is tried again at the next check', async (_, content, error) => {
    const { h, write } = await withFile();
    const before = await served(h);
    write(content);
    const outcome = await refreshRates(h.ctx);
    expect(outcome.status).toBe('refused');
    if (outcome.status === 'refused') expect(outcome.error).toMatch(error);
    expect(await served(h)).toEqual(before);
    // A refusal is not a load: the corrected file is read at the next check.
    write('{"CNY": "7.2"}');
    expect(await refreshRates(h.ctx)).toMatchObject({ status: 'loaded' });
    expect((await served(h))['CNY']).toMatchObject({ rate: '7.2' });
  });

  test('a missing file is refused and the stored rates stay', async () => {
    const { h } = await withFile();
    const before = await served(h);
    expect(await refreshRates(h.ctx)).toMatchObject({ status: 'refused', error: expect.stringContaining('ENOENT') });
    expect(await served(h)).toEqual(before);
  });

  test('without FIAT_RATES_FILE the stored rates stay as they are', async () => {
    const h = await createHarness();
    harnesses.push(h);
    const before = await served(h);
    h.advance(3 * DAY);
    expect(await refreshRates(h.ctx)).toEqual({ status: 'off' });
    expect(await served(h)).toEqual(before);
  });

  test('a restart within 24 hours of a load does not load again', async () => {
    const dataDir = tempDir();
    const file = path.join(tempDir(), 'rates.json');
    fs.writeFileSync(file, '{"CNY": "7.1"}');
    const first = await createHarness({ FIAT_RATES_FILE: file }, { persist: dataDir });
    expect(await refreshRates(first.ctx)).toMatchObject({ status: 'loaded' });
    const loadedAt = first.ctx.now();
    await first.close();
    fs.writeFileSync(file, '{"CNY": "7.4"}');
    const second = await createHarness({ FIAT_RATES_FILE: file }, { persist: dataDir, start: loadedAt + DAY - 60_000 });
    harnesses.push(second);
    expect(await refreshRates(second.ctx)).toMatchObject({ status: 'not-due' });
    expect((await served(second))['CNY']).toMatchObject({ rate: '7.1' });
  });
});

describe('operators set rates', () => {
  test('set-rate: what the endpoint serves changes; unknown currencies and a USD other than 1 are refused', async () => {
    const h = await createHarness();
    harnesses.push(h);
    expect(await h.call(endpoints.setRate, { code: 'JPY', rate: '151.50' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
    expect((await served(h))['JPY']).toEqual({ rate: '151.5', source: 'operator local', updated_at: h.ctx.now() });
    expect(await h.call(endpoints.setRate, { code: 'XAU', rate: '0.0004' }, { operator: true })).toEqual({ type: 'error', message: 'This currency is not available.' });
    expect(await h.call(endpoints.setRate, { code: 'USD', rate: '2' }, { operator: true })).toEqual({
      type: 'error',
      message: 'A rate is a positive decimal in units per US dollar, with at most 12 decimals (USD is always 1).',
    });
    expect(await h.call(endpoints.setRate, { code: 'EUR', rate: '0' }, { operator: true })).toEqual({
      type: 'error',
      message: 'A rate is a positive decimal in units per US dollar, with at most 12 decimals (USD is always 1).',
    });
    const codes = Object.keys(await served(h));
    expect(codes).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    expect((await served(h))['USD']).toMatchObject({ rate: '1' });
  });
});

/** The real server process: the file is loaded at start, and the operator's command line updates what it serves. */
describe('the server process', () => {
  test('a bad setting stops it with a message naming the setting', async () => {
    const server = spawnServer(tempDir(), { WITHDRAW_FEE_USDT_TRC20: '12' });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts instead is stopped once it listens, and the test fails.
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) server.kill('SIGKILL');
    });
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('WITHDRAW_FEE_USDT_TRC20 (12) must be below WITHDRAW_MIN_USDT_TRC20 (10)');
  });

  test('a DATABASE_URL it cannot reach stops it at start with one line naming the database (no password, no stack trace), exit 1', async () => {
    const server = spawnServer(tempDir(), { DATABASE_URL: 'postgres://kestrel:s3cret@127.0.0.1:1/exchange' });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    server.stdout.resume();
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot reach the database at postgres:\/\/kestrel:\*\*\*@127\.0\.0\.1:1\/exchange: .*ECONNREFUSED/)]);
  });

  test('loads FIAT_RATES_FILE at start; `npm run operator -- set-rate` changes what GET /wallet/getRateCurrency serves', async () => {
    const dataDir = tempDir();
    const file = path.join(tempDir(), 'rates.json');
    fs.writeFileSync(file, '{"CNY": "7.05", "VND": "25500"}');
    const server = await startServerProcess(dataDir, { FIAT_RATES_FILE: file });
    const { port } = server;
    try {
      const rates = async () => {
        const answer = (await (await fetch(`http://127.0.0.1:${port}/api/wallet/getRateCurrency`)).json()) as { type: string; message: { fiats: { code: string; rate: string; source: string }[] } };
        return Object.fromEntries(answer.message.fiats.map((f) => [f.code, `${f.rate} (${f.source})`]));
      };
      // The load at start runs beside the listening: wait for it.
      for (let i = 0; i < 100 && (await rates())['CNY'] !== '7.05 (file rates.json)'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await rates()).toMatchObject({ CNY: '7.05 (file rates.json)', VND: '25500 (file rates.json)', EUR: '0.94 (reference)' });

      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', 'set-rate', 'eur', '0.925'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
      expect(stdout.trim()).toBe('Done.');
      expect(await rates()).toMatchObject({ EUR: '0.925 (operator local)', CNY: '7.05 (file rates.json)' });
      await expect(
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', 'set-rate', 'XAU', '1'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } }),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('This currency is not available.'),
      });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
