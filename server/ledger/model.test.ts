import fc from 'fast-check';
import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatAmount } from '../../contract/format';
import { floor, Money, text, ZERO } from '../../contract/money';
import { createHarness, type Harness } from '../testing/harness';
import { setPayPassword, uploadImage, verifyIdentity } from '../testing/wallet';
import { usdPrice } from '../wallet/prices';
import { checkLedger } from './check';

/**
 * Random sequences of every money operation, by three users (two at verification level 1,
 * one at level 2), with operators approving and refusing in between and the clock moving
 * on. The model knows the rules by itself (the configured exchange fee and withdrawal
 * minimums and fees, the welcome coupons, pay-password lock-outs, the 24-hour limits, the
 * address book): it predicts every answer, the failures word for word, and after every
 * step every ledger invariant holds and every balance of every user in every account and
 * part, and the house's fees, equal the model's. Only the market's prices are read from
 * the server: they are the market's, not the wallet's.
 */

// The configuration the server runs with; the model reads it from here, never back from the server.
const EXCHANGE_FEE = '0.0025';
const SIGNUP_GIFT = '10000';
const WELCOME_DISCOUNT = '0.5';
const WELCOME_BONUS = '20';
const COUPON_DAYS = 30;
const PAY_PASSWORD = '246810';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LEVEL_LIMIT_BTC: Record<number, string> = { 1: '200', 2: '500' };

const COINS = { BTC: { id: 1, precision: 8 }, ETH: { id: 2, precision: 8 }, USDT: { id: 3, precision: 6 } } as const;
type Coin = keyof typeof COINS;
const COIN_NAMES = Object.keys(COINS) as Coin[];

const BTC_TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const ETHEREUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const NETWORKS = {
  BTC: { coin: 'BTC', network: 'BTC', env: 'BTC', name: 'Bitcoin (testnet)', min: '0.002', fee: '0.0004', good: BTC_TESTNET, bad: [TRON, ETHEREUM] },
  ETH: { coin: 'ETH', network: 'ERC20', env: 'ETH', name: 'Ethereum (ERC20)', min: '0.02', fee: '0.004', good: ETHEREUM, bad: [BTC_TESTNET, 'K'.repeat(40)] },
  USDT_ERC20: { coin: 'USDT', network: 'ERC20', env: 'USDT_ERC20', name: 'Ethereum (ERC20)', min: '15', fee: '4', good: ETHEREUM, bad: [TRON, `${ETHEREUM.slice(0, -1)}D`] },
  USDT_TRC20: { coin: 'USDT', network: 'TRC20', env: 'USDT_TRC20', name: 'TRON (TRC20)', min: '12', fee: '1.5', good: TRON, bad: [ETHEREUM, TRON.slice(0, -1) + 'u'] },
} as const;
type Net = keyof typeof NETWORKS;
const NET_NAMES = Object.keys(NETWORKS) as Net[];
const ENV: Record<string, string> = {
  DEMO: 'true', // the welcome coupons
  AUTO_APPROVE: 'none',
  SIGNUP_GIFT,
  EXCHANGE_FEE,
  ...Object.fromEntries(
    Object.values(NETWORKS).flatMap((n) => [
      [`WITHDRAW_MIN_${n.env}`, n.min],
      [`WITHDRAW_FEE_${n.env}`, n.fee],
    ]),
  ),
};

const KINDS = ['legal', 'change', 'lever', 'micro'] as const;
type Kind = (typeof KINDS)[number];
/** Which coins each account may hold. */
const HOLDS: Record<Kind, readonly Coin[]> = { legal: ['USDT', 'BTC', 'ETH'], change: COIN_NAMES, lever: ['USDT'], micro: ['USDT'] };

type Op =
  | { op: 'recharge'; user: number; net: Net; amount: string; approve: boolean }
  | { op: 'withdraw'; user: number; net: Net; amount: string; address: number; password: 'right' | 'wrong' }
  | { op: 'withdrawSaved'; user: number; pick: number; amounts: Record<Coin, string>; password: 'right' | 'wrong' }
  | { op: 'settle'; pick: number; approve: boolean }
  | { op: 'move'; user: number; coin: Coin; from: Kind; to: Kind; amount: string }
  | { op: 'exchange'; user: number; from: Coin; to: Coin; amount: string }
  | { op: 'adjust'; user: number; coin: Coin; kind: 'change' | 'legal'; amount: string }
  | { op: 'bonus'; user: number }
  | { op: 'welcomeBonus'; user: number }
  | { op: 'saveAddress'; user: number; net: Net; address: number; name: string }
  | { op: 'guess'; user: number; times: number }
  | { op: 'advance'; minutes: number };

const user = fc.integer({ min: 0, max: 2 });
const scaled = (max: number, decimals: number) => fc.integer({ min: 1, max }).map((n) => new Money(n).div(10 ** decimals).toFixed());
/** Amounts around each coin's minimums, balances and the level limits. */
const amountOf = (coin: Coin): fc.Arbitrary<string> =>
  coin === 'BTC'
    ? fc.oneof({ weight: 3, arbitrary: scaled(50_000, 5) }, scaled(300_000, 8), { weight: 2, arbitrary: fc.integer({ min: 1, max: 320 }).map(String) })
    : coin === 'ETH'
      ? fc.oneof({ weight: 3, arbitrary: scaled(500_000, 5) }, fc.integer({ min: 1, max: 40 }).map(String))
      : fc.oneof({ weight: 3, arbitrary: scaled(600_000, 2) }, fc.integer({ min: 1, max: 40_000 }).map(String));
const coin = fc.constantFrom<Coin>(...COIN_NAMES);
const net = fc.constantFrom<Net>(...NET_NAMES);
const kind = fc.constantFrom<Kind>(...KINDS);
const password = fc.constantFrom<'right' | 'wrong'>('right', 'right', 'right', 'right', 'right', 'wrong');
/** 0: the network's own address; 1, 2: one that is not valid on it. */
const addressPick = fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2);

const operation: fc.Arbitrary<Op> = fc.oneof(
  net.chain((n) => fc.record({ op: fc.constant('recharge' as const), user, net: fc.constant(n), amount: amountOf(NETWORKS[n].coin), approve: fc.boolean() })),
  { weight: 3, arbitrary: net.chain((n) => fc.record({ op: fc.constant('withdraw' as const), user, net: fc.constant(n), amount: amountOf(NETWORKS[n].coin), address: addressPick, password })) },
  fc.record({ op: fc.constant('withdrawSaved' as const), user, pick: fc.nat(), amounts: fc.record({ BTC: amountOf('BTC'), ETH: amountOf('ETH'), USDT: amountOf('USDT') }), password }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), approve: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: coin.chain((c) => {
      // Mostly between accounts that hold the coin; sometimes any account.
      const holding = fc.constantFrom<Kind>(...KINDS.filter((k) => HOLDS[k].includes(c)));
      const pair = fc.oneof({ weight: 5, arbitrary: fc.tuple(holding, holding).filter(([from, to]) => from !== to) }, fc.tuple(kind, kind));
      return fc.record({ op: fc.constant('move' as const), user, coin: fc.constant(c), accounts: pair, amount: amountOf(c) }).map(({ accounts: [from, to], ...rest }) => ({ ...rest, from, to }));
    }),
  },
  // Wrong pay passwords in a row: the fifth locks withdrawals for 15 minutes.
  fc.record({ op: fc.constant('guess' as const), user, times: fc.constantFrom(1, 2, 5) }),
  {
    weight: 2,
    arbitrary: fc
      .record({ op: fc.constant('exchange' as const), user, from: coin, to: coin, amount: fc.constant('') })
      .filter((s) => s.from !== s.to)
      .chain((s) => amountOf(s.from).map((amount) => ({ ...s, amount }))),
  },
  coin.chain((c) =>
    fc.record({
      op: fc.constant('adjust' as const),
      user,
      coin: fc.constant(c),
      kind: fc.constantFrom<'change' | 'legal'>('change', 'legal'),
      amount: fc.tuple(fc.boolean(), amountOf(c)).map(([minus, a]) => (minus ? `-${a}` : a)),
    }),
  ),
  fc.record({ op: fc.constant('bonus' as const), user }),
  fc.record({ op: fc.constant('welcomeBonus' as const), user }),
  fc.record({ op: fc.constant('saveAddress' as const), user, net, address: addressPick, name: fc.constantFrom('Cold wallet', 'Ledger', '交易所') }),
  // Up to 8 hours a step: the 24-hour limits and the pay-password lock-out roll over, sessions (30 days) stay.
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 60, max: 8 * 60 })) }) },
);

interface Parts {
  available: Money;
  frozen: Money;
}
interface Withdrawal {
  id: number;
  user: number;
  coin: Coin;
  net: Net;
  amount: Money;
  /** as the request stored it: cut to 8 decimals */
  btcValue: Money;
  at: number;
  status: 'pending' | 'completed' | 'rejected';
}
interface Model {
  level: 1 | 2;
  accounts: Record<Kind, Partial<Record<Coin, Parts>>>;
  feeCoupon: { id: number; used: boolean; expires: number };
  bonusCoupon: { id: number; used: boolean; expires: number };
  payFailures: number[];
  book: { net: Net; name: string; address: string }[];
}

const fmt = (value: Money | string) => formatAmount(new Money(value).toFixed(), 'en');

function parts(m: Model, k: Kind, c: Coin): Parts {
  return (m.accounts[k][c] ??= { available: ZERO, frozen: ZERO });
}

/** "Insufficient balance.", or, with part of that coin held in that account, what is available and what is held. */
function shortMessage(m: Model, k: Kind, c: Coin): string {
  const p = parts(m, k, c);
  return p.frozen.gt(0) ? `Only ${fmt(p.available)} ${c} is available; ${fmt(p.frozen)} ${c} is held by open orders, pending withdrawals or lock-ups.` : 'Insufficient balance.';
}

/** One sequence always run first: every kind of refusal, both coupons, the address book, BTC and ETH in and out. */
const EVERY_CASE: Op[] = [
  { op: 'withdraw', user: 0, net: 'USDT_TRC20', amount: '300', address: 0, password: 'right' },
  { op: 'move', user: 0, coin: 'USDT', from: 'change', to: 'lever', amount: '10000' }, // 300 is frozen
  { op: 'exchange', user: 0, from: 'USDT', to: 'BTC', amount: '9800' },
  { op: 'withdraw', user: 0, net: 'USDT_TRC20', amount: '9700.01', address: 0, password: 'right' },
  { op: 'move', user: 0, coin: 'BTC', from: 'change', to: 'lever', amount: '1' }, // lever holds USDT only
  { op: 'move', user: 0, coin: 'USDT', from: 'micro', to: 'micro', amount: '1' },
  { op: 'adjust', user: 1, coin: 'BTC', kind: 'change', amount: '250' },
  { op: 'withdraw', user: 1, net: 'BTC', amount: '150', address: 0, password: 'right' },
  { op: 'withdraw', user: 1, net: 'BTC', amount: '60', address: 0, password: 'right' }, // over the 200 BTC of level 1
  { op: 'withdraw', user: 1, net: 'BTC', amount: '0.001', address: 0, password: 'right' }, // below the minimum
  { op: 'withdraw', user: 1, net: 'ETH', amount: '1', address: 1, password: 'right' }, // a bitcoin address
  { op: 'withdraw', user: 1, net: 'ETH', amount: '1', address: 0, password: 'wrong' },
  { op: 'recharge', user: 2, net: 'ETH', amount: '2.5', approve: true },
  { op: 'recharge', user: 2, net: 'BTC', amount: '0.12345678', approve: true },
  { op: 'recharge', user: 2, net: 'USDT_ERC20', amount: '70.5', approve: false },
  { op: 'saveAddress', user: 2, net: 'ETH', address: 0, name: 'Ledger' },
  { op: 'saveAddress', user: 2, net: 'BTC', address: 1, name: 'Ledger' },
  { op: 'withdrawSaved', user: 2, pick: 0, amounts: { BTC: '0.1', ETH: '3', USDT: '20' }, password: 'right' },
  { op: 'guess', user: 2, times: 5 },
  { op: 'withdraw', user: 2, net: 'BTC', amount: '0.01', address: 0, password: 'right' }, // locked out
  { op: 'advance', minutes: 16 },
  { op: 'withdraw', user: 2, net: 'BTC', amount: '0.01', address: 0, password: 'right' },
  { op: 'settle', pick: 0, approve: true },
  { op: 'settle', pick: 0, approve: false },
  { op: 'exchange', user: 2, from: 'ETH', to: 'BTC', amount: '1' }, // the welcome discount
  { op: 'exchange', user: 2, from: 'ETH', to: 'BTC', amount: '1' }, // the full fee
  { op: 'exchange', user: 2, from: 'USDT', to: 'ETH', amount: '0.5' }, // too small
  { op: 'welcomeBonus', user: 0 },
  { op: 'welcomeBonus', user: 0 },
  { op: 'move', user: 1, coin: 'BTC', from: 'change', to: 'legal', amount: '1' },
  { op: 'adjust', user: 1, coin: 'BTC', kind: 'legal', amount: '-1.00000001' },
];

test('random sequences of money operations keep the ledger consistent and every balance as modelled', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 40, size: 'max' }), async (ops) => {
      const h: Harness = await createHarness(ENV);
      try {
        const users: { token: string; uid: number; voucher: string }[] = [];
        const model: Model[] = [];
        const withdrawals: Withdrawal[] = [];
        const fees: Record<Coin, Money> = { BTC: ZERO, ETH: ZERO, USDT: ZERO };
        for (let i = 0; i < 3; i++) {
          const email = `m${i}@example.com`;
          const token = await h.registerUser(email);
          const registered = h.ctx.now();
          await setPayPassword(h, token, email, PAY_PASSWORD);
          const level = i === 2 ? 2 : 1;
          await verifyIdentity(h, token, level);
          const info = await h.call(endpoints.userInfo, {}, { token });
          if (info.type !== 'ok') throw new Error(info.message);
          users.push({ token, uid: info.message.uid, voucher: await uploadImage(h, token) });
          // A little BTC and ETH to spend.
          for (const [c, amount] of [
            ['BTC', '1.5'],
            ['ETH', '12'],
          ] as const) {
            expect(await h.call(endpoints.adjust, { uid: info.message.uid, currency: c, amount, reason: 'model' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
          }
          // The welcome coupons the demo gives: a fee discount and a bonus.
          const coupons = await h.call(endpoints.couponList, { status: 'available' }, { token });
          if (coupons.type !== 'ok') throw new Error(coupons.message);
          expect(coupons.message.map((c) => `${c.kind} ${c.value}`).sort()).toEqual([`bonus ${WELCOME_BONUS}`, `fee_discount ${WELCOME_DISCOUNT}`]);
          const expires = registered + COUPON_DAYS * DAY;
          model.push({
            level,
            accounts: {
              legal: {},
              change: { USDT: { available: new Money(SIGNUP_GIFT), frozen: ZERO }, BTC: { available: new Money('1.5'), frozen: ZERO }, ETH: { available: new Money(12), frozen: ZERO } },
              lever: {},
              micro: {},
            },
            feeCoupon: { id: coupons.message.find((c) => c.kind === 'fee_discount')!.id, used: false, expires },
            bonusCoupon: { id: coupons.message.find((c) => c.kind === 'bonus')!.id, used: false, expires },
            payFailures: [],
            book: [],
          });
        }
        const price = (c: Coin) => new Money(usdPrice(h.ctx, COINS[c].id)!.price);

        /** Predicts a withdrawal's answer by the rules, in the server's order, and books it when it goes through. */
        const withdraw = async (i: number, n: Net, amountText: string, address: string, good: boolean, pass: 'right' | 'wrong') => {
          const m = model[i]!;
          const network = NETWORKS[n];
          const c = network.coin;
          const amount = new Money(amountText);
          const now = h.ctx.now();
          const answer = await h.call(
            endpoints.withdraw,
            { currency: COINS[c].id, network: network.network, address, amount: amountText, pay_password: pass === 'right' ? PAY_PASSWORD : '135790' },
            { token: users[i]!.token },
          );
          const refused = (message: string) => expect(answer, `withdraw ${amountText} ${n}`).toEqual({ type: 'error', message });
          if (amount.lt(network.min)) return refused(`The minimum is ${fmt(network.min)} ${c}.`);
          if (!good) return refused(`This is not a valid ${network.name} address.`);
          m.payFailures = m.payFailures.filter((t) => t > now - 15 * MINUTE);
          if (m.payFailures.length >= 5)
            return refused(`Too many wrong pay passwords. Please try again in ${Math.ceil((m.payFailures[m.payFailures.length - 5]! + 15 * MINUTE - now) / MINUTE)} minutes.`);
          if (pass === 'wrong') {
            m.payFailures.push(now);
            return refused('The pay password is wrong.');
          }
          // The right pay password does not forget the wrong ones: they count for their 15 minutes.
          const btcValue = amount.times(price(c)).div(price('BTC'));
          const used = withdrawals.filter((w) => w.user === i && w.status !== 'rejected' && w.at > now - DAY).reduce((sum, w) => sum.plus(w.btcValue), ZERO);
          const limit = new Money(LEVEL_LIMIT_BTC[m.level]!);
          if (used.plus(btcValue).gt(limit)) {
            return refused(
              `This is over your 24-hour withdrawal limit of ${limit.toFixed()} BTC for verification level ${m.level}. You can still withdraw ${formatAmount(text(Money.max(limit.minus(used), 0), 8), 'en')} BTC worth.`,
            );
          }
          const coinAccount = parts(m, 'change', c);
          if (coinAccount.available.lt(amount)) return refused(shortMessage(m, 'change', c));
          expect(answer, `withdraw ${amountText} ${n}`).toEqual({ type: 'ok', message: 'Your withdrawal request has been submitted.' });
          coinAccount.available = coinAccount.available.minus(amount);
          coinAccount.frozen = coinAccount.frozen.plus(amount);
          const log = await h.call(endpoints.withdrawLog, { limit: 1 }, { token: users[i]!.token });
          if (log.type !== 'ok') throw new Error(log.message);
          expect(log.message.data[0]).toMatchObject({ amount: text(amount, COINS[c].precision), fee: text(network.fee, COINS[c].precision), address, status: 'pending' });
          withdrawals.push({ id: log.message.data[0]!.id, user: i, coin: c, net: n, amount, btcValue: floor(btcValue, 8), at: now, status: 'pending' });
        };

        for (const step of ops) {
          const label = JSON.stringify(step);
          switch (step.op) {
            case 'recharge': {
              const u = users[step.user]!;
              const network = NETWORKS[step.net];
              const answer = await h.call(endpoints.rechargeRequest, { currency: COINS[network.coin].id, network: network.network, amount: step.amount, voucher: u.voucher }, { token: u.token });
              expect(answer, label).toEqual({ type: 'ok', message: 'Your recharge has been submitted for review.' });
              const log = await h.call(endpoints.rechargeLog, { limit: 1 }, { token: u.token });
              if (log.type !== 'ok') throw new Error(log.message);
              const id = log.message.data[0]!.id;
              if (step.approve) {
                expect(await h.call(endpoints.approveRecharge, { id }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
                const p = parts(model[step.user]!, 'change', network.coin);
                p.available = p.available.plus(step.amount);
              } else {
                expect((await h.call(endpoints.rejectRecharge, { id, reason: 'model' }, { operator: true })).type).toBe('ok');
              }
              break;
            }
            case 'withdraw': {
              const network = NETWORKS[step.net];
              const address = step.address === 0 ? network.good : network.bad[step.address - 1]!;
              await withdraw(step.user, step.net, step.amount, address, step.address === 0, step.password);
              break;
            }
            case 'withdrawSaved': {
              const book = model[step.user]!.book;
              if (book.length === 0) break;
              const entry = book[step.pick % book.length]!;
              await withdraw(step.user, entry.net, step.amounts[NETWORKS[entry.net].coin], entry.address, true, step.password);
              break;
            }
            case 'settle': {
              const pending = withdrawals.filter((w) => w.status === 'pending');
              if (pending.length === 0) break;
              const item = pending[step.pick % pending.length]!;
              const p = parts(model[item.user]!, 'change', item.coin);
              if (step.approve) {
                expect(await h.call(endpoints.approveWithdrawal, { id: item.id, txid: 'model' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
                fees[item.coin] = fees[item.coin].plus(NETWORKS[item.net].fee);
                item.status = 'completed';
              } else {
                expect(await h.call(endpoints.rejectWithdrawal, { id: item.id, reason: 'model' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
                p.available = p.available.plus(item.amount);
                item.status = 'rejected';
              }
              p.frozen = p.frozen.minus(item.amount);
              break;
            }
            case 'move': {
              const m = model[step.user]!;
              const answer = await h.call(endpoints.moveFunds, { currency_id: COINS[step.coin].id, number: step.amount, from_field: step.from, to_field: step.to }, { token: users[step.user]!.token });
              const refused = (message: string) => expect(answer, label).toEqual({ type: 'error', message });
              if (step.from === step.to) refused('Please choose two different accounts.');
              else if (!HOLDS[step.from].includes(step.coin) || !HOLDS[step.to].includes(step.coin)) refused('This currency is not available.');
              else if (parts(m, step.from, step.coin).available.lt(step.amount)) refused(shortMessage(m, step.from, step.coin));
              else {
                expect(answer, label).toEqual({ type: 'ok', message: 'Transfer complete.' });
                parts(m, step.from, step.coin).available = parts(m, step.from, step.coin).available.minus(step.amount);
                parts(m, step.to, step.coin).available = parts(m, step.to, step.coin).available.plus(step.amount);
              }
              break;
            }
            case 'exchange': {
              const u = users[step.user]!;
              const m = model[step.user]!;
              const now = h.ctx.now();
              const amount = new Money(step.amount);
              const discount = !m.feeCoupon.used && m.feeCoupon.expires > now ? new Money(WELCOME_DISCOUNT) : ZERO;
              const quote = await h.call(endpoints.exchangeQuote, { from_currency_id: COINS[step.from].id, to_currency_id: COINS[step.to].id }, { token: u.token });
              expect(quote, label).toMatchObject({
                type: 'ok',
                message: { fee_rate: new Money(EXCHANGE_FEE).toFixed(), discount: discount.toFixed(), coupon_id: discount.gt(0) ? m.feeCoupon.id : null },
              });
              const answer = await h.call(endpoints.exchange, { number: step.amount, from_currency_id: COINS[step.from].id, to_currency_id: COINS[step.to].id }, { token: u.token });
              const places = COINS[step.to].precision;
              const worth = amount.times(price(step.from));
              const gross = floor(worth.div(price(step.to)), places);
              const fee = floor(gross.times(new Money(EXCHANGE_FEE).times(new Money(1).minus(discount))), places);
              const received = gross.minus(fee);
              const refused = (message: string) => expect(answer, label).toEqual({ type: 'error', message });
              if (worth.lt(1) || received.lte(0)) refused('The amount is too small to exchange.');
              else if (parts(m, 'change', step.from).available.lt(amount)) refused(shortMessage(m, 'change', step.from));
              else {
                expect(answer, label).toEqual({
                  type: 'ok',
                  message: {
                    received: text(received, places),
                    fee: text(fee, places),
                    message: `Exchanged ${formatAmount(text(amount, COINS[step.from].precision), 'en')} ${step.from} for ${formatAmount(text(received, places), 'en')} ${step.to}.`,
                  },
                });
                parts(m, 'change', step.from).available = parts(m, 'change', step.from).available.minus(amount);
                parts(m, 'change', step.to).available = parts(m, 'change', step.to).available.plus(received);
                fees[step.to] = fees[step.to].plus(fee);
                if (discount.gt(0)) m.feeCoupon.used = true;
              }
              break;
            }
            case 'adjust': {
              const p = parts(model[step.user]!, step.kind, step.coin);
              const amount = new Money(step.amount);
              const answer = await h.call(endpoints.adjust, { uid: users[step.user]!.uid, currency: step.coin, account: step.kind, amount: step.amount, reason: 'model' }, { operator: true });
              if (amount.lt(0) && p.available.lt(amount.neg())) expect(answer, label).toEqual({ type: 'error', message: 'Insufficient balance.' });
              else {
                expect(answer, label).toEqual({ type: 'ok', message: 'Done.' });
                p.available = p.available.plus(amount);
              }
              break;
            }
            case 'bonus': {
              const u = users[step.user]!;
              const userId = (await h.ctx.db.selectFrom('users').select('id').where('uid', '=', u.uid).executeTakeFirstOrThrow()).id;
              const { id } = await h.ctx.db
                .insertInto('coupons')
                .values({
                  user_id: userId,
                  kind: 'bonus',
                  value: '3',
                  currency_id: COINS.USDT.id,
                  status: 'available',
                  expires_at: h.ctx.now() + DAY,
                  used_at: null,
                  used_ref: null,
                  created_at: h.ctx.now(),
                  granted_by: null,
                  revoked_at: null,
                  revoked_by: null,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              expect(await h.call(endpoints.couponUse, { id }, { token: u.token })).toEqual({ type: 'ok', message: '3.00 USDT has been added to your coin account.' });
              expect(await h.call(endpoints.couponUse, { id }, { token: u.token })).toEqual({ type: 'error', message: 'This coupon cannot be used.' });
              const p = parts(model[step.user]!, 'change', 'USDT');
              p.available = p.available.plus(3);
              break;
            }
            case 'welcomeBonus': {
              const m = model[step.user]!;
              const answer = await h.call(endpoints.couponUse, { id: m.bonusCoupon.id }, { token: users[step.user]!.token });
              if (m.bonusCoupon.used || m.bonusCoupon.expires <= h.ctx.now()) expect(answer, label).toEqual({ type: 'error', message: 'This coupon cannot be used.' });
              else {
                expect(answer, label).toEqual({ type: 'ok', message: `${formatAmount(text(WELCOME_BONUS, 6), 'en')} USDT has been added to your coin account.` });
                const p = parts(m, 'change', 'USDT');
                p.available = p.available.plus(WELCOME_BONUS);
                m.bonusCoupon.used = true;
              }
              break;
            }
            case 'saveAddress': {
              const m = model[step.user]!;
              const u = users[step.user]!;
              const network = NETWORKS[step.net];
              const address = step.address === 0 ? network.good : network.bad[step.address - 1]!;
              const answer = await h.call(endpoints.addressSave, { currency: COINS[network.coin].id, network: network.network, name: step.name, address, qrcode: u.voucher }, { token: u.token });
              if (step.address === 0) {
                expect(answer, label).toEqual({ type: 'ok', message: 'Address saved.' });
                m.book.unshift({ net: step.net, name: step.name, address });
              } else {
                expect(answer, label).toEqual({ type: 'error', message: `This is not a valid ${network.name} address.` });
              }
              const list = await h.call(endpoints.addressList, { limit: 50 }, { token: u.token });
              if (list.type !== 'ok') throw new Error(list.message);
              expect(list.message.data.map((a) => `${a.code} ${a.network} ${a.name} ${a.address}`)).toEqual(
                m.book.map((b) => `${NETWORKS[b.net].coin} ${NETWORKS[b.net].network} ${b.name} ${b.address}`),
              );
              break;
            }
            case 'guess':
              for (let i = 0; i < step.times; i++) await withdraw(step.user, 'USDT_TRC20', '20', TRON, true, 'wrong');
              break;
            case 'advance':
              h.advance(step.minutes * MINUTE);
              break;
          }

          // After every step: the ledger's invariants, and every figure as modelled.
          const report = await checkLedger(h.ctx.db);
          expect(report.violations, label).toEqual([]);
          for (let i = 0; i < 3; i++) {
            const list = await h.call(endpoints.walletList, {}, { token: users[i]!.token });
            if (list.type !== 'ok') throw new Error(list.message);
            const shown = new Map<string, string>();
            for (const account of list.message.accounts) for (const c of account.currencies) shown.set(`${account.kind} ${c.code}`, `${c.available} ${c.frozen} ${c.locked}`);
            // Every account and coin either side knows of; one not listed holds nothing.
            const seen = new Map<string, string>();
            const modelled = new Map<string, string>();
            for (const k of KINDS) {
              for (const c of COIN_NAMES) {
                const places = COINS[c].precision;
                const p = model[i]!.accounts[k][c] ?? { available: ZERO, frozen: ZERO };
                const nothing = `${text(0, places)} ${text(0, places)} ${text(0, places)}`;
                const figures = `${text(p.available, places)} ${text(p.frozen, places)} ${text(0, places)}`;
                if (figures === nothing && !shown.has(`${k} ${c}`)) continue;
                seen.set(`${k} ${c}`, shown.get(`${k} ${c}`) ?? nothing);
                modelled.set(`${k} ${c}`, figures);
              }
            }
            expect(
              [...shown.keys()].filter((key) => !seen.has(key)),
              `user ${i}: coins the model does not know`,
            ).toEqual([]);
            expect(seen, `user ${i} after ${label}`).toEqual(modelled);
          }
          const house = await h.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'balance']).where('owner', '=', 'house:fees').execute();
          for (const c of COIN_NAMES) expect(new Money(house.find((row) => row.currency_id === COINS[c].id)?.balance ?? 0).toFixed(), `fees in ${c} after ${label}`).toBe(fees[c].toFixed());
          const stored = await h.ctx.db.selectFrom('withdrawals').select(['id', 'status']).orderBy('id').execute();
          expect(stored, `withdrawals after ${label}`).toEqual(withdrawals.map((w) => ({ id: w.id, status: w.status })));
        }
      } finally {
        await h.close();
      }
    }),
    { numRuns: 36, examples: [[EVERY_CASE]] },
  );
}, 240_000);
