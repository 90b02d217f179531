import { floor, Money, text } from '../../contract/money';
import type { AppContext } from '../context';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { once, type Remember } from '../http/request-ids';
import { house, userAccount } from '../ledger/accounts';
import { bestFeeCoupon, couponRate } from '../ledger/fees';
import { explainShortfall } from '../ledger/ledger';
import { amountIn } from './amounts';
import { spendCoupon } from './coupons';
import { usdPrice } from './prices';

/**
 * Coin exchange in the coin account at the live market prices (each coin's last trade
 * against USDT), less a fee (the fee path: a fee coupon waives its share; conversions
 * earn no invitation rebate). The exchange records the ticks its prices came from. The
 * fee rate is configured (EXCHANGE_FEE, ctx.config).
 */
/** Exchanges worth less than a dollar are refused. */
const MINIMUM_USD = 1;

/**
 * The coins with a price: USDT, each coin with a market against it (an IEO token once
 * listed), and US dollars, the currency stocks trade in at spot (held in the coin account).
 */
export function exchangeable(ctx: Pick<AppContext, 'catalogue'>): number[] {
  return ctx.catalogue.currencies.filter((c) => isExchangeable(ctx, c)).map((c) => c.id);
}

function isExchangeable(ctx: Pick<AppContext, 'catalogue'>, currency: { id: number; code: string; kind: string }): boolean {
  if (currency.code === 'USD') return true;
  return currency.kind === 'crypto' && (currency.code === 'USDT' || ctx.catalogue.marketOfBase(currency.id) !== undefined);
}

function priced(ctx: AppContext, currencyId: number) {
  const currency = ctx.catalogue.currency(currencyId);
  if (!isExchangeable(ctx, currency)) throw new ApiError('server:errors.currency_unknown');
  const price = usdPrice(ctx, currencyId);
  if (!price) throw new ApiError('server:errors.no_price');
  return { currency, ...price };
}

export async function quote(ctx: AppContext, userId: number, fromId: number, toId: number) {
  if (fromId === toId) throw new ApiError('server:errors.same_currency');
  const from = priced(ctx, fromId);
  const to = priced(ctx, toId);
  const coupon = await bestFeeCoupon(ctx.db, userId, 'conversion', ctx.now());
  return { rate: from.price / to.price, fee_rate: new Money(ctx.config.exchangeFee).toFixed(), discount: coupon?.discount.toFixed() ?? '0', coupon_id: coupon?.id ?? null };
}

type Exchanged = { amount: string; received: string; fee: string; from: string; to: string };

export async function exchange(ctx: AppContext, userId: number, input: { number: string; from_currency_id: number; to_currency_id: number; request_id?: string | undefined }): Promise<Exchanged> {
  // Sent again with its request id, it answers the first conversion, at the first one's price.
  return once(
    ctx,
    { userId, requestId: input.request_id, kind: 'exchange' },
    (remember) => ctx.exchange.run((step) => convert(ctx, step, userId, input, remember)),
    async (id) => {
      const row = await ctx.db.selectFrom('exchanges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { amount: row.amount, received: row.received, fee: row.fee, from: ctx.catalogue.currency(row.from_currency_id).code, to: ctx.catalogue.currency(row.to_currency_id).code };
    },
  );
}

async function convert(ctx: AppContext, step: Step, userId: number, input: { number: string; from_currency_id: number; to_currency_id: number }, remember: Remember): Promise<Exchanged> {
  if (input.from_currency_id === input.to_currency_id) throw new ApiError('server:errors.same_currency');
  const from = priced(ctx, input.from_currency_id);
  const to = priced(ctx, input.to_currency_id);
  const amount = amountIn(from.currency, input.number);
  if (amount.times(from.price).lt(MINIMUM_USD)) throw new ApiError('server:errors.exchange_too_small');
  const gross = floor(amount.times(from.price).div(to.price), to.currency.precision);

  const { trx, time } = step;
  const { rate: feeRate, coupon } = await couponRate(trx, userId, 'conversion', new Money(ctx.config.exchangeFee), time);
  const fee = floor(gross.times(feeRate), to.currency.precision);
  const received = gross.minus(fee);
  if (received.lte(0)) throw new ApiError('server:errors.exchange_too_small');
  const { id } = await trx
    .insertInto('exchanges')
    .values({
      user_id: userId,
      from_currency_id: from.currency.id,
      to_currency_id: to.currency.id,
      amount: text(amount, from.currency.precision),
      received: text(received, to.currency.precision),
      fee: text(fee, to.currency.precision),
      fee_rate: feeRate.toFixed(),
      coupon_id: coupon?.id ?? null,
      ticks: JSON.stringify({ from: from.tick, to: to.tick }),
      created_at: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await remember(trx, id);
  if (coupon && !(await spendCoupon(trx, coupon.id, 'conversion', `exchange:${id}`, time))) throw new ApiError('server:errors.coupon_unusable');
  await ctx.fees
    .record(
      step,
      {
        reason: 'exchange',
        ref: { kind: 'exchange', id },
        userId,
        memo: `${from.currency.code} → ${to.currency.code}`,
        movements: [
          { from: userAccount(userId, from.currency.id, 'change'), to: house('exchange', from.currency.id), amount },
          { from: house('exchange', to.currency.id), to: userAccount(userId, to.currency.id, 'change'), amount: received },
        ],
        at: time,
      },
      [{ payer: userId, from: house('exchange', to.currency.id), currency: to.currency.id, amount: fee, ref: { kind: 'exchange', id }, rebate: null, memo: '' }],
    )
    .catch(async (error: unknown) => {
      throw await explainShortfall(step, error, { user: userId, currency: from.currency.id, kind: 'change' });
    });
  return {
    amount: text(amount, from.currency.precision),
    received: text(received, to.currency.precision),
    fee: text(fee, to.currency.precision),
    from: from.currency.code,
    to: to.currency.code,
  };
}
