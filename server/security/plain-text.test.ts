import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, type Endpoint } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { setPayPassword, uploadImage, verifyIdentity } from '../testing/wallet';

/**
 * Names, numbers and addresses users type and others are shown (finding 11): markup and
 * control characters are refused by the contract with a translated message naming the
 * field, and nothing is stored. The app shows these fields as text; the API keeps them text.
 */
let h: Harness;
let ann: string;
let fresh: string;
let qrcode: string;
let voucher: string;
let rechargeId: number;
let withdrawalId: number;
let identityId: number;

const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SCRIPT = '<script>alert(1)</script>';
/** What is refused besides markup: control characters (not tab or line breaks), DEL and C1, and a right-to-left override. */
const HOSTILE = [SCRIPT, 'Ann <b>Tester</b>', 'Ann>', 'Ann\u0000Tester', 'Ann\u000bTester', 'Ann\u001bTester', 'Ann\u007fTester', 'Ann\u0085Tester', 'Ann\u202eretseT'];

beforeAll(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  ann = await h.registerUser('ann@example.com');
  fresh = await h.registerUser('fresh@example.com');
  await verifyIdentity(h, ann);
  await setPayPassword(h, ann, 'ann@example.com');
  const { uid } = await ok(h.call(endpoints.userInfo, {}, { token: ann }));
  await ok(h.call(endpoints.adjust, { uid, currency: 'USDT', amount: '500', reason: 'test funds' }, { operator: true }));
  qrcode = await uploadImage(h, ann);
  voucher = await uploadImage(h, ann);
  await ok(h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '100', voucher }, { token: ann }));
  await ok(h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '246810' }, { token: ann }));
  const pending = await ok(h.call(endpoints.operatorPending, {}, { operator: true }));
  rechargeId = pending.recharges[0]!.id;
  withdrawalId = pending.withdrawals[0]!.id;
  // A level-1 submission waiting for review, to refuse with a reason.
  const other = await h.registerUser('other@example.com');
  await ok(h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Other Person', card_id: 'Y7654321' }, { token: other }));
  identityId = (await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).identities[0]!.id;
});
afterAll(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** Everything these endpoints store or change: none of it may move on a refusal. */
async function stored() {
  const [cards, addresses, recharges, withdrawals, identities, actions, transactions] = await Promise.all([
    h.ctx.db.selectFrom('bank_cards').selectAll().execute(),
    h.ctx.db.selectFrom('user_wallets').selectAll().execute(),
    h.ctx.db.selectFrom('recharges').selectAll().orderBy('id').execute(),
    h.ctx.db.selectFrom('withdrawals').selectAll().orderBy('id').execute(),
    h.ctx.db.selectFrom('identity_submissions').selectAll().orderBy('id').execute(),
    h.ctx.db.selectFrom('operator_actions').selectAll().execute(),
    h.ctx.db.selectFrom('ledger_transactions').select('id').execute(),
  ]);
  return { cards, addresses, recharges, withdrawals, identities, actions: actions.length, transactions: transactions.length };
}

const domestic = {
  real_name: 'Ann Tester',
  bank_name: 'Bank of Kestrel',
  bank_account: '6222 0200 1234 5678',
  phone: '+86 138 0000 8000',
  bank_network: 'Harbour Road branch',
  bank_dizhi: 'Hong Kong',
};
const international = {
  real_name: 'Ann Tester',
  bank_name: 'First Atlantic Bank',
  bank_account: 'US12-3456-7890',
  phone: '+1 555 0100',
  alipay_account: '021000021',
  swift_code: 'FATBUS33XXX',
  wechat_account: '1 Main Street, Springfield',
  bank_dizhi: '200 Park Avenue, New York',
};

interface Case {
  endpoint: Endpoint;
  /** a valid input; each of `fields` in turn is replaced by markup */
  input: () => Record<string, unknown>;
  fields: Record<string, string>;
  as: 'ann' | 'fresh' | 'operator';
}

const cases: Case[] = [
  {
    endpoint: endpoints.cashSave,
    input: () => domestic,
    fields: { real_name: 'Card holder', bank_name: 'Bank name', bank_network: 'Branch', bank_dizhi: 'Bank address', bank_account: '', phone: '' },
    as: 'ann',
  },
  {
    endpoint: endpoints.cashSaveInternational,
    input: () => international,
    fields: { real_name: 'Card holder', bank_name: 'Bank name', wechat_account: "Card holder's address", bank_dizhi: 'Bank address', swift_code: '', alipay_account: '' },
    as: 'ann',
  },
  { endpoint: endpoints.addressSave, input: () => ({ currency: USDT, network: 'TRC20', name: 'My TRON wallet', address: TRON, qrcode }), fields: { name: 'Name', address: '' }, as: 'ann' },
  { endpoint: endpoints.rechargeRequest, input: () => ({ currency: USDT, network: 'TRC20', amount: '5', account: 'TXabc from my exchange', voucher }), fields: { account: 'Account' }, as: 'ann' },
  { endpoint: endpoints.realSubmit, input: () => ({ real_type: 1, id_type: 'passport', name: 'Fresh Person', card_id: 'Z1234567' }), fields: { name: 'Name', card_id: '' }, as: 'fresh' },
  { endpoint: endpoints.rejectRecharge, input: () => ({ id: rechargeId, reason: 'Not received' }), fields: { reason: 'Reason' }, as: 'operator' },
  { endpoint: endpoints.rejectWithdrawal, input: () => ({ id: withdrawalId, reason: 'Address on a sanctions list' }), fields: { reason: 'Reason' }, as: 'operator' },
  { endpoint: endpoints.approveWithdrawal, input: () => ({ id: withdrawalId, txid: 'a1b2c3' }), fields: { txid: 'Transaction id' }, as: 'operator' },
  { endpoint: endpoints.rejectIdentity, input: () => ({ id: identityId, reason: 'Photo unreadable' }), fields: { reason: 'Reason' }, as: 'operator' },
];

const options = (as: Case['as'], extra: { json?: boolean; lang?: string } = {}) => ({ ...(as === 'operator' ? { operator: true } : { token: as === 'ann' ? ann : fresh }), ...extra });

describe('markup and control characters are refused where a name, number or address is expected', () => {
  for (const { endpoint, input, fields, as } of cases) {
    test(`${endpoint.path}: every text field refuses <script> with a message naming it, and nothing is stored`, async () => {
      const before = await stored();
      for (const [field, label] of Object.entries(fields)) {
        for (const json of [false, true]) {
          const answer = await h.call(endpoint, { ...input(), [field]: SCRIPT }, options(as, { json }));
          expect(answer.type, `${field} ${json ? 'json' : 'form'}`).toBe('error');
          // Free-text fields say why; fields with their own pattern (digits, a SWIFT code) keep their own message.
          if (label) expect(answer.message).toBe(`${label} cannot contain <, > or control characters.`);
          else expect(answer.message).not.toMatch(/script/i);
        }
      }
      const free = Object.entries(fields).find(([, label]) => label)![0];
      for (const value of HOSTILE) {
        expect(await h.call(endpoint, { ...input(), [free]: value }, options(as)), JSON.stringify(value)).toMatchObject({ type: 'error', message: expect.stringContaining('cannot contain') });
      }
      const translated = await h.call(endpoint, { ...input(), [free]: SCRIPT }, options(as, { lang: 'zh-cn' }));
      expect(translated).toMatchObject({ type: 'error', message: expect.stringContaining('不能包含') });
      expect(await stored()).toEqual(before);
    });
  }

  test('plain text with quotes, ampersands, accents and other scripts is kept as typed', async () => {
    await ok(h.call(endpoints.cashSave, { ...domestic, bank_name: 'Crédit "Agricole" & Co', bank_dizhi: '香港 中環 1號' }, { token: ann }));
    expect(await ok(h.call(endpoints.cashInfo, {}, { token: ann }))).toMatchObject({ bank_name: 'Crédit "Agricole" & Co', bank_dizhi: '香港 中環 1號' });
    await ok(h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: "Ann's wallet", address: TRON, qrcode }, { token: ann }));
    expect((await ok(h.call(endpoints.addressList, {}, { token: ann }))).data.map((row) => row.name)).toEqual(["Ann's wallet"]);
  });

  test('a NUL character is refused in any text field, on either store (PostgreSQL text cannot hold one), never a 500', async () => {
    const before = await stored();
    const news = await h.ctx.db.selectFrom('news').select('id').execute();
    const refusals: [Endpoint, Record<string, unknown>, Record<string, unknown>, string][] = [
      [endpoints.login, { user_string: 'ann\u0000@example.com', password: 'secret-pass' }, {}, 'Account is not valid.'],
      [endpoints.sendCode, { user_string: 'a\u0000b@example.com', scene: 'register' }, {}, 'Account is not valid.'],
      [endpoints.operatorNewsSave, { c_id: 4, lang: 'en', title: 'Notice\u0000', content: '<p>x</p>' }, { operator: true }, 'Title is not valid.'],
    ];
    for (const [endpoint, input, extra, message] of refusals) {
      for (const json of [false, true]) {
        expect(await h.call(endpoint, input, { ...extra, json }), `${endpoint.path} ${json ? 'json' : 'form'}`).toEqual({ type: 'error', message });
      }
    }
    expect(await h.ctx.db.selectFrom('news').select('id').execute()).toEqual(news);
    expect(await stored()).toEqual(before);
  });

  test('the OpenAPI document states the rule as a pattern', async () => {
    const document = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { pattern?: string }> } }> } }>>;
    }>();
    const name = document.paths['/api/user/cash_save']!['post']!.requestBody!.content['application/json']!.schema.properties['real_name']!;
    expect(name.pattern).toBeDefined();
    expect(new RegExp(name.pattern!).test(SCRIPT)).toBe(false);
    expect(JSON.stringify(document)).not.toContain('patternErrorKey');
  });
});
