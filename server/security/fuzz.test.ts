import fs from 'node:fs';
import { Type } from '@sinclair/typebox';
import sharp from 'sharp';
import { Value } from '@sinclair/typebox/value';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allEndpoints, endpoints, type Endpoint } from '../../contract/api';
import { buildOpenApi } from '../../contract/openapi';
import { createSession } from '../auth/sessions';
import { APP_VERSION } from '../common/routes';
import { checkLedger } from '../ledger/check';
import { operatorTokenFile } from '../operator/auth';
import { fund, tradeAt, uidOf } from '../testing/market';
import { createHarness, ok, type Harness } from '../testing/harness';
import { FuzzGenerator, HOSTILE_TEXT, operationsOf, type FuzzRequest, type Known } from '../testing/fuzz';
import { setPayPassword, uploadImage, userIdOf, verifyIdentity } from '../testing/wallet';

/**
 * The OpenAPI-driven fuzz: every operation of the document the server serves, logged in
 * and not, gets FUZZ_CASES generated hostile requests (300 by default, with a fixed seed;
 * `npm run soak` runs more with a new seed) in every encoding the server reads
 * (server/testing/fuzz.ts). No answer may be a 5xx, take longer than ANSWER_MS, fall
 * outside the envelope or the contract's output, or show a stack trace, a source path,
 * SQL or an untranslated message key. The caller is verified, funded and has a pay
 * password, so money endpoints run for real when a case happens to be valid; afterwards
 * every ledger invariant still holds.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);
const CASES = Number(process.env['FUZZ_CASES'] ?? 300);
const ANSWER_MS = Number(process.env['FUZZ_ANSWER_MS'] ?? 5000);
/** Requests in flight at once per operation (the exchange's queue orders what must be ordered). */
const PARALLEL = 4;
const BTC = 1;
const USDT = 3;

const document = buildOpenApi(allEndpoints(), { title: 'Kestrel exchange API', version: APP_VERSION });
const operations = operationsOf(document);
const contract = new Map<string, Endpoint>(allEndpoints().map((endpoint) => [`${endpoint.method} /api${endpoint.path}`, endpoint]));

/** What no answer may show: stack frames, source paths, SQL and database errors, untranslated keys. */
const LEAKS: readonly [string, RegExp][] = [
  ['stack frame', /\n\s+at \S|\bat \S+ \(\S+:\d+:\d+\)|\.(?:ts|js|mjs|cjs):\d+:\d+/],
  ['source path', /\/server\/|\/contract\/|node_modules|\/work\/|\/home\/|\/tmp\//],
  [
    'SQL',
    /\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b \S+ \bSET\b|\bDELETE FROM\b|sqlite|SQLITE_|syntax error|no such (?:table|column)|relation "|duplicate key|violates|constraint failed|kysely/i,
  ],
  ['server error', /Internal Server Error|Something went wrong on our side/],
];
/** What a refusal's message may not be: a key instead of its text, a placeholder left, JavaScript showing through. */
const BROKEN_MESSAGE: readonly [string, RegExp][] = [
  ['untranslated key', /\b(?:server|validation|common):[a-z_]+|\{\{|\}\}/],
  ['JavaScript leftovers', /\[object Object\]|\bundefined\b|\bNaN\b|TypeError|RangeError|ReferenceError|SyntaxError/],
];

let h: Harness;
let token: string;
let userId: number;
let operatorToken: string;
let known: Known;
const stats = {
  requests: 0,
  unsendable: 0,
  ok: 0,
  refused: 0,
  statuses: new Map<number, number>(),
  slowest: 0,
  started: 0,
  cpu: process.cpuUsage(),
  accepted: new Map<string, number>(),
  byKind: new Map<string, [number, number]>(),
};

beforeAll(async () => {
  stats.started = Date.now();
  stats.cpu = process.cpuUsage();
  h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
  token = await h.registerUser('fuzz@example.com');
  userId = await userIdOf(h, 'fuzz@example.com');
  await verifyIdentity(h, token);
  await setPayPassword(h, token, 'fuzz@example.com');
  const uid = await uidOf(h, token);
  await fund(h, uid, 'BTC', '2');
  await fund(h, uid, 'USDT', '5000', 'lever');
  await fund(h, uid, 'USDT', '5000', 'micro');
  const image = await uploadImage(h, token);
  operatorToken = fs.readFileSync(operatorTokenFile(h.dataDir), 'utf8').trim();
  const amounts = ['0.001', '0.01', '1', '10', '100', '0.00000001'];
  // What a valid order needs: the BTC/USDT market, its last price, a lock-up product's minimum.
  const btc = await ok(h.call(endpoints.spotInfo, { currency_id: BTC, legal_id: USDT }, { token }));
  const last = Number(btc.last);
  // A trade on the book, so options open and conversions have their price.
  await tradeAt(h, btc.market_id, last);
  const price = (factor: number) => (last * factor).toFixed(2);
  const product = (await ok(h.call(endpoints.lockupConfig, {})))[0]!;
  // Identity photos leave the public folder once submitted: their own uploads.
  const [front, back] = [await uploadImage(h, token), await uploadImage(h, token)];
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  // A bonus coupon to redeem (as an operator would grant it).
  const coupon = await h.ctx.db
    .insertInto('coupons')
    .values({
      user_id: userId,
      kind: 'bonus',
      value: '5',
      scope: null,
      currency_id: USDT,
      status: 'available',
      expires_at: h.ctx.now() + 86_400_000,
      used_at: null,
      used_ref: null,
      created_at: h.ctx.now(),
      granted_by: null,
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cardCommon = { real_name: 'Ann Tester', bank_name: 'Bank', bank_account: '6222020012345678', phone: '+86 138 0000 8000' };
  known = {
    values: {
      currency: [1, 2, 3, 'USDT', 'BTC'],
      currency_id: [1, 2, 3],
      legal_id: [3],
      from_currency_id: [1, 2, 3],
      to_currency_id: [1, 2, 3],
      match_id: [1, 2, 3],
      market_id: [1, 2, 3],
      id: [1, 2, 3],
      config_id: [1, 2],
      uid: [uid],
      network: ['BTC', 'ERC20', 'TRC20'],
      address: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      amount: amounts,
      number: amounts,
      total: amounts,
      price: ['1', '100', '30000'],
      target_price: ['1', '100', '30000'],
      target_profit_price: ['', '100000'],
      stop_loss_price: ['', '1'],
      share: [1, 2],
      multiple: [5, 10, 100],
      seconds: [30, 60, 300],
      pay_password: ['246810'],
      re_pay_password: ['246810'],
      voucher: [image],
      qrcode: [image],
      head_portrait: [image],
      front_pic: [image],
      reverse_pic: [image],
      cover: [image],
      user_string: ['fuzz@example.com', 'someone@example.com', '13800138000'],
      account: ['fuzz@example.com', 'TXfrom-my-exchange'],
      email: ['fuzz@example.com', 'other@example.com'],
      password: ['secret-pass'],
      re_password: ['secret-pass'],
      repassword: ['secret-pass'],
      code: ['123456'],
      email_code: ['123456'],
      area_code: ['86', '1'],
      mobile: ['13800138000'],
      symbol: ['BTC/USDT', 'ETH/USDT', 'BTCUSDT'],
      period: ['1min', '1day'],
      request_id: ['fuzz-request-0001', 'fuzz-request-0002'],
      keyword: ['site_name', 'unknown_key'],
      name: ['fuzzer', 'My wallet'],
      nickname: ['Fuzzer'],
      reason: ['Checked'],
      real_name: ['Ann Tester'],
    },
    inputs: {
      '/api/wallet/out': [{ currency: USDT, network: 'TRC20', address: TRON, amount: '20', pay_password: '246810' }],
      '/api/wallet/change': [
        { currency_id: USDT, number: '5', from_field: 'change', to_field: 'lever' },
        { currency_id: USDT, number: '5', from_field: '3', to_field: '2' },
      ],
      '/api/user/Transfer': [{ number: '10', from_currency_id: USDT, to_currency_id: BTC }],
      '/api/wallet/charge_req': [{ currency: USDT, network: 'TRC20', amount: '50', account: 'TX from my exchange', voucher: image }],
      '/api/user/wallet/save': [{ currency: USDT, network: 'TRC20', name: 'Wallet', address: TRON, qrcode: image }],
      '/api/coin/trade': [
        { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.001' },
        { currency_id: BTC, legal_id: USDT, type: 'buy', total: '20' },
        { currency_id: BTC, legal_id: USDT, type: 'sell', amount: '0.001', target_price: price(1.05) },
        { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.001', target_price: price(0.95) },
      ],
      '/api/lever/submit': [
        { currency_id: BTC, legal_id: USDT, direction: 'buy', type: 'market', share: 1, multiple: 10 },
        { currency_id: BTC, legal_id: USDT, direction: 'sell', type: 'limit', share: 1, multiple: 5, price: price(1.05), target_profit_price: price(0.9), stop_loss_price: price(1.2) },
      ],
      '/api/lever/setstop': [{ id: 1, target_profit_price: price(1.5), stop_loss_price: price(0.5) }],
      '/api/microtrade/submit': [{ match_id: btc.market_id, currency_id: USDT, type: 'up', seconds: 60, number: '10' }],
      '/api/lh/deposit': [{ config_id: product.id, amount: product.min_amount }],
      '/api/user/cash_save': [{ ...cardCommon, bank_network: 'Branch', bank_dizhi: 'Hong Kong' }],
      '/api/user/cash_save_international': [{ ...cardCommon, alipay_account: '021000021', swift_code: 'FATBUS33XXX', wechat_account: '1 Main Street', bank_dizhi: 'New York' }],
      '/api/user/real': [{ real_type: 2, front_pic: front, reverse_pic: back }],
      '/api/operator/adjust': [{ uid, currency: 'USDT', amount: '1', account: 'change', reason: 'fuzz' }],
      '/api/operator/recharge/reject': [{ id: 1, reason: 'Not received' }],
      '/api/operator/withdrawal/approve': [{ id: 1, txid: 'abc123' }],
      '/api/operator/withdrawal/reject': [2, 3, 4].map((id) => ({ id, reason: 'Refused' })),
      '/api/operator/identity/reject': [2, 3, 4].map((id) => ({ id, reason: 'Unreadable' })),
      '/api/coupon/use': [{ id: coupon.id }],
      '/api/operator/rate': [{ code: 'EUR', rate: '0.9' }],
      '/api/operator/coupon/grant': [
        { uid, kind: 'bonus', currency: 'USDT', value: '5', days: 30, request_id: 'fuzz-grant-0001' },
        { uid, kind: 'fee_discount', scope: 'spot', value: '0.5', days: 7, request_id: 'fuzz-grant-0002' },
      ],
      '/api/operator/coupon/revoke': [{ id: coupon.id, reason: 'Granted by mistake' }],
      '/api/operator/news/save': [{ c_id: 4, lang: 'en', title: 'Notice', content: '<p>Text</p>' }],
      '/api/operator/faq/save': [{ lang: 'en', question: 'Why?', answer: '<p>Because.</p>' }],
      '/api/operator/dual/create': [
        { market_id: 1, type: 'call', unit_price: '0.01', apr: '0.2', linked_price: '100000', days: 1, subscribe_until: h.ctx.now() + 3_600_000, total_shares: 10 },
        { market_id: 2, type: 'put', unit_price: '100', apr: '0.3', linked_price: '3000', days: 7, subscribe_until: h.ctx.now() + 3_600_000, total_shares: 5 },
      ],
      '/api/operator/dual/close': [1, 2, 3].map((id) => ({ id })),
      '/api/operator/dual': [{}, { status: 'open', page: 1, limit: 5 }, { status: 'closed' }],
      '/api/operator/ieo': [{}, { stage: 'upcoming', page: 2, limit: 1 }],
      '/api/operator/ieo/create': [
        {
          name: 'Fuzz',
          token: 'FUZZ',
          token_name: 'Fuzz',
          token_precision: 2,
          pay_currency_id: USDT,
          issue_price: '0.5',
          total_issuance: '1000',
          max_per_user: '100',
          lock_days: 1,
          start_at: h.ctx.now() + 3_600_000,
          end_at: h.ctx.now() + 7_200_000,
          list_at: h.ctx.now() + 10_800_000,
          white_paper: 'https://example.com/fuzz.pdf',
          website: 'https://example.com/fuzz',
          intro: 'A fuzzed project.',
        },
      ],
      '/api/operator/lockup/create': [{ currency: 'ETH', days: 12, min_amount: '0.2', rate_min: '0.001', rate_max: '0.002', full_rate_amount: '4', penalty_rate: '0.001', sort: 8 }],
      '/api/operator/lockup/update': [{ id: 3, days: 15, min_amount: '0.01', rate_min: '0.001', rate_max: '0.0015', full_rate_amount: '1', penalty_rate: '0.002', sort: 3 }],
      '/api/operator/lockup/pause': [{ id: 4 }],
      '/api/operator/lockup/open': [{ id: 4 }],
    },
    files: [{ name: 'a.png', type: 'image/png', bytes: png }],
  };
}, 60_000);

afterAll(async () => {
  const seconds = (Date.now() - stats.started) / 1000;
  const cpu = process.cpuUsage(stats.cpu);
  const statuses = [...stats.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(
    `fuzz: seed ${SEED}, ${operations.length} operations x ${CASES} cases = ${stats.requests} requests (${stats.unsendable} unsendable) in ${seconds.toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); ` +
      `ok ${stats.ok}, refused ${stats.refused}; HTTP ${statuses}; slowest answer ${stats.slowest} ms; ` +
      [...stats.byKind].map(([kind, [count, total]]) => `${kind} ${count} x ${(total / count).toFixed(2)} ms`).join(', ') +
      `; never accepted: ${
        operations
          .map((operation) => `${operation.method} ${operation.path}`)
          .filter((key) => !stats.accepted.has(key))
          .join(', ') || 'none'
      }`,
  );
  await h?.close();
});

/** Sends one request; answers what was wrong with its answer (nothing when it was right). */
async function send(operationKey: string, request: FuzzRequest, ip: string, access: 'public' | 'user' | 'operator'): Promise<string[]> {
  const headers = { ...request.headers };
  if (request.loggedIn) {
    if (access === 'operator') headers['x-operator-token'] = operatorToken;
    else headers['authorization'] = token;
  }
  let response: LightMyRequestResponse;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), ANSWER_MS)));
    const answered = await Promise.race([
      h.app.inject({ method: request.method, url: request.url, headers, ...(request.payload === undefined ? {} : { payload: request.payload }), remoteAddress: ip }),
      timeout,
    ]);
    if (answered === 'hang') return [`no answer within ${ANSWER_MS} ms`];
    response = answered;
  } catch (error) {
    // The request could not be written (a header light-my-request refuses): nothing reached the server.
    if (error instanceof TypeError || (error instanceof Error && /header|Invalid/i.test(error.message))) {
      stats.unsendable++;
      return [];
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const elapsed = Date.now() - started;
  const kind = request.label.split(' ')[0]!;
  const [count, total] = stats.byKind.get(kind) ?? [0, 0];
  stats.byKind.set(kind, [count + 1, total + elapsed]);
  stats.requests++;
  stats.slowest = Math.max(stats.slowest, elapsed);
  stats.statuses.set(response.statusCode, (stats.statuses.get(response.statusCode) ?? 0) + 1);

  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`);
  for (const [what, pattern] of LEAKS) if (pattern.test(response.body)) problems.push(`${what} in the answer`);

  // The envelope, in whichever style the route answers ({type, message}; {code, msg} for the
  // kline endpoint; URL-encoded for uploads), and an ok answer within the contract.
  if (request.method === 'HEAD') return problems;
  let body: unknown;
  try {
    body = /^\s*\{/.test(response.body) ? response.json() : JSON.parse(decodeURIComponent(response.body));
  } catch {
    problems.push(`not an envelope: ${response.body.slice(0, 200)}`);
    return problems;
  }
  const envelope = (body ?? {}) as { type?: unknown; message?: unknown; code?: unknown; msg?: unknown };
  const coded = 'code' in envelope && !('type' in envelope);
  const type = coded ? (envelope.code === 1 ? 'ok' : envelope.code === 0 ? 'error' : undefined) : envelope.type;
  if (!['ok', 'error', '999', '998'].includes(String(type))) problems.push(`envelope type ${String(type)}`);
  if (type === 'ok') {
    stats.ok++;
    if (!request.offRoute) stats.accepted.set(operationKey, (stats.accepted.get(operationKey) ?? 0) + 1);
    const message = coded ? Object.fromEntries(Object.entries(envelope).filter(([key]) => key !== 'code' && key !== 'msg')) : envelope.message;
    const endpoint = contract.get(operationKey)!;
    if (!request.offRoute && !Value.Check(Type.Object({ message: endpoint.output }), { message })) problems.push('answered outside its contract');
  } else {
    stats.refused++;
    const text = coded ? envelope.msg : envelope.message;
    if (typeof text !== 'string' || text.trim() === '') problems.push('a refusal without a message');
    else for (const [what, pattern] of BROKEN_MESSAGE) if (pattern.test(text)) problems.push(`${what} in the message: ${text.slice(0, 120)}`);
    // The caller's session must outlive the fuzz: /user/logout ends it on purpose, and the
    // operator's user endpoints may have ended it or frozen the account (lifted here as an
    // operator would, so the rest of the fuzz runs logged in).
    if (type === '999' && request.loggedIn && access !== 'operator') {
      await h.ctx.db.updateTable('users').set({ frozen_at: null, frozen_reason: null, frozen_by: null }).where('id', '=', userId).execute();
      token = await createSession(h.ctx, userId, '127.0.0.1', 'fuzz');
    }
  }
  return problems;
}

/** Each operation's own sequence, so adding an endpoint does not change the others' cases. */
function seedOf(key: string): number {
  let hash = SEED >>> 0;
  for (const ch of key) hash = (Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0) ^ (hash >>> 7);
  return hash >>> 0;
}

const IPS = ['127.0.0.1', '10.77.0.1', '10.77.0.2', '192.0.2.44', '::1', '2001:db8::7'];

test('no text the fuzz sends looks like a leak itself (answers echo stored text)', () => {
  for (const text of HOSTILE_TEXT) for (const [what, pattern] of LEAKS) expect(pattern.test(text), `${what}: ${text.slice(0, 60)}`).toBe(false);
});

test('the fuzzed document is the one the server serves, and it lists every endpoint', async () => {
  const served = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(served.json()).toEqual(document);
  expect(operations).toHaveLength(allEndpoints().length);
  expect(operations.length).toBeGreaterThan(90);
});

describe(`every operation, ${CASES} hostile requests each (seed ${SEED})`, () => {
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`;
    test(
      `${key} (${operation.access})`,
      async () => {
        const generator = new FuzzGenerator(seedOf(key), known);
        const requests = Array.from({ length: CASES }, (_, i) => generator.request(operation, i % 2 === 0));
        const failures: string[] = [];
        let next = 0;
        const worker = async () => {
          while (next < requests.length) {
            const index = next++;
            const request = requests[index]!;
            const problems = await send(key, request, IPS[index % IPS.length]!, operation.access);
            if (problems.length > 0) failures.push(`#${index} ${request.loggedIn ? 'logged in' : 'anonymous'} ${problems.join(', ')}: ${request.label}`);
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        expect(failures.slice(0, 10)).toEqual([]);
      },
      Math.max(60_000, CASES * 200),
    );
  }
});

describe('what the fuzz found, kept as fixed cases', () => {
  test("a path the router cannot decode answers the not-found envelope in the caller's language, not the framework's own error", async () => {
    for (const url of ['/api/user/info%E0%A4%A', '/api/getSiteConfig%', '/h5/%zz', '/uploads/' + 'a'.repeat(300)]) {
      const response = await h.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ type: 'error', message: h.ctx.i18n.t('zh', 'server:errors.not_found') });
    }
  });

  test('a user number past any integer column is refused (PostgreSQL answered 500)', async () => {
    for (const uid of ['9223372036854775808', '9'.repeat(40)]) {
      const answer = await h.call(endpoints.adjust, { uid, currency: 'USDT', amount: '1', reason: 'test' }, { operator: true });
      expect(answer).toEqual({ type: 'error', message: 'User number is not valid.' });
    }
  });

  test('one operator name added four times at once: added once, the others told it exists (PostgreSQL answered 500)', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => h.call(endpoints.addOperator, { name: 'twin' }, { operator: true })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.type !== 'ok')).toEqual(Array.from({ length: 3 }, () => ({ type: 'error', message: h.ctx.i18n.t('en', 'server:errors.operator_exists') })));
    expect(await h.ctx.db.selectFrom('operators').select('name').where('name', '=', 'twin').execute()).toHaveLength(1);
  });
});

test('the fuzz neither made nor lost money: every ledger invariant holds', async () => {
  const report = await checkLedger(h.ctx.db);
  expect(report.violations).toEqual([]);
  expect(report.checked.transactions).toBeGreaterThan(0);
  // The session still works, so the logged-in half of the cases really were logged in.
  expect((await h.call(endpoints.userInfo, {}, { token })).type).toBe('ok');
});
