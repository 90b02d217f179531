import fc from 'fast-check';
import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { floor, Money } from '../../contract/money';
import { createHarness, type Harness } from '../testing/harness';
import { balance, setPayPassword, uploadImage, verifyIdentity } from '../testing/wallet';
import { usdPrice } from '../wallet/prices';
import { checkLedger } from './check';

/**
 * Random sequences of every money operation, by three users, with operators approving
 * and refusing in between. After every step: every ledger invariant holds, and each
 * user's USDT in every account and part, and BTC and ETH in the coin account, equal a
 * plain model of what should be there.
 */
const USDT = 3;
const BTC = 1;
const ETH = 2;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const KINDS = ['legal', 'change', 'lever', 'micro'] as const;
const COINS = { BTC, ETH, USDT } as const;
type Coin = keyof typeof COINS;
type Kind = (typeof KINDS)[number];

type Op =
  | { op: 'recharge'; user: number; amount: number; approve: boolean }
  | { op: 'withdraw'; user: number; amount: number }
  | { op: 'settle'; pick: number; approve: boolean }
  | { op: 'move'; user: number; from: Kind; to: Kind; amount: number }
  | { op: 'exchange'; user: number; from: Coin; to: Coin; units: number }
  | { op: 'adjust'; user: number; amount: number }
  | { op: 'bonus'; user: number };

const user = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 600_000 }).map((cents) => cents / 100);
const kind = fc.constantFrom<Kind>(...KINDS);
const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('recharge' as const), user, amount, approve: fc.boolean() }),
  fc.record({ op: fc.constant('withdraw' as const), user, amount }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('move' as const), user, from: kind, to: kind, amount }),
  fc
    .record({ op: fc.constant('exchange' as const), user, from: fc.constantFrom<Coin>('BTC', 'ETH', 'USDT'), to: fc.constantFrom<Coin>('BTC', 'ETH', 'USDT'), units: fc.integer({ min: 1, max: 1000 }) })
    .filter((step) => step.from !== step.to),
  fc.record({ op: fc.constant('adjust' as const), user, amount: fc.integer({ min: -300_000, max: 300_000 }).filter((n) => n !== 0).map((n) => n / 100) }),
  fc.record({ op: fc.constant('bonus' as const), user }),
);

interface Model {
  /** USDT in each account */
  available: Record<Kind, Money>;
  frozen: Money;
  /** BTC and ETH in the coin account */
  coins: { BTC: Money; ETH: Money };
}

/** The amount an exchange step offers: BTC in thousandths, ETH in hundredths, USDT in whole dollars. */
const offered = (coin: Coin, units: number) => (coin === 'BTC' ? units / 10_000 : coin === 'ETH' ? units / 1000 : units * 5);

test('random sequences of money operations keep the ledger consistent and every balance as modelled', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 30 }), async (ops) => {
      const h: Harness = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
      try {
        const users: { token: string; uid: number; voucher: string }[] = [];
        const model: Model[] = [];
        for (let i = 0; i < 3; i++) {
          const email = `m${i}@example.com`;
          const token = await h.registerUser(email);
          await setPayPassword(h, token, email);
          await verifyIdentity(h, token);
          const info = await h.call(endpoints.userInfo, {}, { token });
          if (info.type !== 'ok') throw new Error(info.message);
          users.push({ token, uid: info.message.uid, voucher: await uploadImage(h, token) });
          // A little BTC to exchange from.
          await h.call(endpoints.adjust, { uid: info.message.uid, currency: 'BTC', amount: '1', reason: 'model' }, { operator: true });
          model.push({
            available: { legal: new Money(0), change: new Money(10000), lever: new Money(0), micro: new Money(0) },
            frozen: new Money(0),
            coins: { BTC: new Money(1), ETH: new Money(0) },
          });
        }
        const pending: { id: number; user: number; amount: Money }[] = [];

        for (const step of ops) {
          switch (step.op) {
            case 'recharge': {
              const u = users[step.user]!;
              await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: String(step.amount), voucher: u.voucher }, { token: u.token });
              const log = await h.call(endpoints.rechargeLog, { limit: 1 }, { token: u.token });
              if (log.type !== 'ok') throw new Error(log.message);
              const id = log.message.data[0]!.id;
              if (step.approve) {
                expect((await h.call(endpoints.approveRecharge, { id }, { operator: true })).type).toBe('ok');
                model[step.user]!.available.change = model[step.user]!.available.change.plus(step.amount);
              } else {
                await h.call(endpoints.rejectRecharge, { id, reason: 'model' }, { operator: true });
              }
              break;
            }
            case 'withdraw': {
              const u = users[step.user]!;
              const m = model[step.user]!;
              const answer = await h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: String(step.amount), pay_password: '246810' }, { token: u.token });
              const allowed = step.amount >= 10 && m.available.change.gte(step.amount);
              expect(answer.type, `withdraw ${step.amount}: ${answer.message}`).toBe(allowed ? 'ok' : 'error');
              if (allowed) {
                m.available.change = m.available.change.minus(step.amount);
                m.frozen = m.frozen.plus(step.amount);
                const log = await h.call(endpoints.withdrawLog, { limit: 1 }, { token: u.token });
                if (log.type !== 'ok') throw new Error(log.message);
                pending.push({ id: log.message.data[0]!.id, user: step.user, amount: new Money(step.amount) });
              }
              break;
            }
            case 'settle': {
              if (pending.length === 0) break;
              const [item] = pending.splice(step.pick % pending.length, 1);
              const m = model[item!.user]!;
              if (step.approve) await h.call(endpoints.approveWithdrawal, { id: item!.id }, { operator: true });
              else {
                await h.call(endpoints.rejectWithdrawal, { id: item!.id, reason: 'model' }, { operator: true });
                m.available.change = m.available.change.plus(item!.amount);
              }
              m.frozen = m.frozen.minus(item!.amount);
              break;
            }
            case 'move': {
              const u = users[step.user]!;
              const m = model[step.user]!;
              const answer = await h.call(endpoints.moveFunds, { currency_id: USDT, number: String(step.amount), from_field: step.from, to_field: step.to }, { token: u.token });
              const allowed = step.from !== step.to && m.available[step.from].gte(step.amount);
              expect(answer.type, `move ${step.amount} ${step.from}->${step.to}: ${answer.message}`).toBe(allowed ? 'ok' : 'error');
              if (allowed) {
                m.available[step.from] = m.available[step.from].minus(step.amount);
                m.available[step.to] = m.available[step.to].plus(step.amount);
              }
              break;
            }
            case 'exchange': {
              const u = users[step.user]!;
              const m = model[step.user]!;
              const amount = new Money(offered(step.from, step.units));
              const held = (coin: Coin) => (coin === 'USDT' ? m.available.change : m.coins[coin]);
              const price = (coin: Coin) => new Money(usdPrice(h.ctx, COINS[coin])!.price);
              const worth = amount.times(price(step.from));
              const answer = await h.call(endpoints.exchange, { number: amount.toFixed(), from_currency_id: COINS[step.from], to_currency_id: COINS[step.to] }, { token: u.token });
              const allowed = held(step.from).gte(amount) && worth.gte(1);
              expect(answer.type, `exchange ${amount.toFixed()} ${step.from}->${step.to}: ${answer.message}`).toBe(allowed ? 'ok' : 'error');
              if (answer.type !== 'ok') break;
              // At the live prices, less the fee the exchange recorded (a coupon may lower it).
              const row = await h.ctx.db.selectFrom('exchanges').select(['fee_rate']).orderBy('id', 'desc').executeTakeFirstOrThrow();
              const places = step.to === 'BTC' || step.to === 'ETH' ? 8 : 6;
              const gross = floor(worth.div(price(step.to)), places);
              const fee = floor(gross.times(row.fee_rate), places);
              expect(new Money(answer.message.received).toFixed(places)).toBe(gross.minus(fee).toFixed(places));
              expect(new Money(answer.message.fee).toFixed(places)).toBe(fee.toFixed(places));
              const add = (coin: Coin, delta: Money) => {
                if (coin === 'USDT') m.available.change = m.available.change.plus(delta);
                else m.coins[coin] = m.coins[coin].plus(delta);
              };
              add(step.from, amount.neg());
              add(step.to, new Money(answer.message.received));
              break;
            }
            case 'adjust': {
              const m = model[step.user]!;
              const answer = await h.call(endpoints.adjust, { uid: users[step.user]!.uid, currency: 'USDT', amount: String(step.amount), reason: 'model' }, { operator: true });
              const allowed = step.amount > 0 || m.available.change.gte(-step.amount);
              expect(answer.type, `adjust ${step.amount}: ${answer.message}`).toBe(allowed ? 'ok' : 'error');
              if (allowed) m.available.change = m.available.change.plus(step.amount);
              break;
            }
            case 'bonus': {
              const u = users[step.user]!;
              const userId = (await h.ctx.db.selectFrom('users').select('id').where('uid', '=', u.uid).executeTakeFirstOrThrow()).id;
              const { id } = await h.ctx.db
                .insertInto('coupons')
                .values({ user_id: userId, kind: 'bonus', value: '3', currency_id: USDT, status: 'available', expires_at: h.ctx.now() + 86_400_000, used_at: null, used_ref: null, created_at: h.ctx.now() })
                .returning('id')
                .executeTakeFirstOrThrow();
              expect((await h.call(endpoints.couponUse, { id }, { token: u.token })).type).toBe('ok');
              expect((await h.call(endpoints.couponUse, { id }, { token: u.token })).type).toBe('error');
              model[step.user]!.available.change = model[step.user]!.available.change.plus(3);
              break;
            }
          }
          const report = await checkLedger(h.ctx.db);
          expect(report.violations, JSON.stringify(step)).toEqual([]);
          for (let i = 0; i < 3; i++) {
            for (const k of KINDS) {
              const shown = await balance(h, users[i]!.token, USDT, k);
              expect(shown.available, `user ${i} ${k} after ${JSON.stringify(step)}`).toBe(model[i]!.available[k].toFixed(6));
              if (k === 'change') expect(shown.frozen).toBe(model[i]!.frozen.toFixed(6));
            }
            for (const coin of ['BTC', 'ETH'] as const) {
              expect((await balance(h, users[i]!.token, COINS[coin])).available, `user ${i} ${coin} after ${JSON.stringify(step)}`).toBe(model[i]!.coins[coin].toFixed(8));
            }
          }
        }
      } finally {
        await h.close();
      }
    }),
    { numRuns: 12 },
  );
}, 180_000);
