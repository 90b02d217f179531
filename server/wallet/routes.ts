import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { Money, text } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { ACCOUNT_KINDS, userAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import { MARGIN_CURRENCY } from '../trading/config';
import { deleteAddress, listAddresses, saveAddress } from './address-book';
import { ACCOUNT_CURRENCIES, billsOf, holdings } from './balances';
import { listCoupons, useBonus } from './coupons';
import { addressFor, requestRecharge } from './deposits';
import { exchange, exchangeable, quote } from './exchange';
import { moveFunds } from './moves';
import { usdPrice } from './prices';
import { listRates } from './rates';
import { requestWithdrawal } from './withdrawals';

const page = (input: { page?: number | undefined; limit?: number | undefined }) => ({ page: input.page ?? 1, limit: input.limit ?? 10 });

export function walletRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.coinList, async ({ auth }) => {
    const entries = [];
    for (const net of ctx.catalogue.networks) {
      const { currency } = net;
      entries.push({
        id: currency.id,
        name: currency.code,
        subName: currency.code === 'USDT' ? net.network : '',
        type: net.network,
        status: 1,
        address: auth ? await addressFor(ctx, auth.user.id, net) : '',
        precision: currency.precision,
        min_withdraw: net.minWithdraw,
        withdraw_fee: net.withdrawFee,
      });
    }
    return entries;
  });

  route(app, ctx, endpoints.walletList, async ({ auth }) => holdings(ctx, auth.user.id));

  route(app, ctx, endpoints.walletDetail, async ({ input, auth }) => {
    const { accounts } = await holdings(ctx, auth.user.id);
    const currency = ctx.catalogue.currency(input.currency);
    const found = accounts.find((account) => account.kind === input.type)?.currencies.find((c) => c.currency_id === input.currency);
    return (
      found ?? {
        currency_id: currency.id,
        code: currency.code,
        name: currency.name,
        precision: currency.precision,
        available: text(0, currency.precision),
        frozen: text(0, currency.precision),
        locked: text(0, currency.precision),
        usd_value: '0.00',
        locked_usd: '0.00',
      }
    );
  });

  route(app, ctx, endpoints.bills, async ({ input, auth }) => {
    const { page: p, limit } = page(input);
    return billsOf(ctx, auth.user.id, { ...(input.currency !== undefined ? { currency: input.currency } : {}), ...(input.type !== undefined ? { kind: input.type } : {}) }, p, limit);
  });

  route(app, ctx, endpoints.coinInfo, async ({ input, auth }) => {
    const currency = ctx.catalogue.currency(input.currency);
    const available = await balanceOf(ctx.db, userAccount(auth.user.id, currency.id, 'change'));
    return {
      currency_id: currency.id,
      code: currency.code,
      name: currency.name,
      precision: currency.precision,
      available: text(available, currency.precision),
      usd_price: usdPrice(ctx, currency.id)?.price ?? 0,
      networks: ctx.catalogue.networks
        .filter((net) => net.currency.id === currency.id)
        .map((net) => ({ network: net.network, name: net.name, min_withdraw: net.minWithdraw, withdraw_fee: net.withdrawFee })),
    };
  });

  route(app, ctx, endpoints.rates, async ({ input }) => {
    const fiats = (await listRates(ctx.db)).map(({ code, rate, updated_at, source }) => ({ code, rate, updated_at, source }));
    if (input.id === undefined) return { fiats };
    const price = usdPrice(ctx, input.id);
    if (!price) throw new ApiError('server:errors.currency_unknown');
    return { fiats, usd_price: price.price };
  });

  route(app, ctx, endpoints.depositAddress, async ({ input, auth }) => {
    const net = ctx.catalogue.network(input.currency, input.network);
    return { currency_id: net.currency.id, network: net.network, address: await addressFor(ctx, auth.user.id, net) };
  });

  route(app, ctx, endpoints.rechargeRequest, async ({ input, auth, t }) => {
    const { credited } = await requestRecharge(ctx, auth.user.id, input);
    return t(credited ? 'server:ok.recharge_credited' : 'server:ok.recharge_submitted');
  });

  route(app, ctx, endpoints.rechargeLog, async ({ input, auth }) => {
    const { page: p, limit } = page(input);
    const rows = await ctx.db
      .selectFrom('recharges')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((p - 1) * limit)
      .execute();
    return {
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        currency_id: row.currency_id,
        code: ctx.catalogue.currency(row.currency_id).code,
        network: row.network,
        amount: row.amount,
        status: row.status,
        reason: row.reason,
        created_at: row.created_at,
        reviewed_at: row.reviewed_at,
      })),
      page: p,
      limit,
      more: rows.length > limit,
    };
  });

  route(app, ctx, endpoints.withdraw, async ({ input, auth, t }) => {
    await requestWithdrawal(ctx, auth.user, input);
    return t('server:ok.withdrawal_submitted');
  });

  route(app, ctx, endpoints.withdrawLog, async ({ input, auth }) => {
    const { page: p, limit } = page(input);
    const rows = await ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((p - 1) * limit)
      .execute();
    return {
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        currency_id: row.currency_id,
        code: ctx.catalogue.currency(row.currency_id).code,
        network: row.network,
        address: row.address,
        amount: row.amount,
        fee: row.fee,
        net: row.net,
        status: row.status,
        reason: row.reason,
        txid: row.txid,
        created_at: row.created_at,
      })),
      page: p,
      limit,
      more: rows.length > limit,
    };
  });

  route(app, ctx, endpoints.movableCurrencies, async ({ auth }) => {
    const { accounts } = await holdings(ctx, auth.user.id);
    // Open positions keep what they need of the futures account's margin currency: what may move out is capped.
    const leverCap = await ctx.exchange.run((step) => ctx.trading.contracts.withdrawable(step, auth.user.id));
    const codes = ['USDT', 'BTC', 'ETH'];
    return codes.flatMap((code) => {
      const currency = ctx.catalogue.currencyByCodeOf(code);
      const availableIn = (kind: (typeof ACCOUNT_KINDS)[number]) => {
        if (!ACCOUNT_CURRENCIES[kind](currency)) return text(0, currency.precision);
        const available = accounts.find((a) => a.kind === kind)?.currencies.find((c) => c.code === code)?.available ?? text(0, currency.precision);
        return kind === 'lever' && currency.id === MARGIN_CURRENCY && leverCap !== null ? text(Money.min(new Money(available), leverCap), currency.precision) : available;
      };
      return [
        {
          currency_id: currency.id,
          code,
          precision: currency.precision,
          available: { legal: availableIn('legal'), change: availableIn('change'), lever: availableIn('lever'), micro: availableIn('micro') },
        },
      ];
    });
  });

  route(app, ctx, endpoints.moveFunds, async ({ input, auth, t }) => {
    await moveFunds(ctx, auth.user.id, input);
    return t('server:ok.moved');
  });

  route(app, ctx, endpoints.moveHistory, async ({ input, auth }) => {
    const { page: p, limit } = page(input);
    const rows = await ctx.db
      .selectFrom('account_transfers')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((p - 1) * limit)
      .execute();
    return {
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        currency_id: row.currency_id,
        code: ctx.catalogue.currency(row.currency_id).code,
        amount: row.amount,
        from_kind: row.from_kind,
        to_kind: row.to_kind,
        created_at: row.created_at,
      })),
      page: p,
      limit,
      more: rows.length > limit,
    };
  });

  route(app, ctx, endpoints.exchangeList, async ({ auth }) => {
    const list = [];
    for (const id of exchangeable(ctx)) {
      const currency = ctx.catalogue.currency(id);
      const price = usdPrice(ctx, id);
      if (!price) continue;
      const available = await balanceOf(ctx.db, userAccount(auth.user.id, id, 'change'));
      list.push({ currency_id: id, code: currency.code, name: currency.name, precision: currency.precision, usd_price: price.price, available: text(available, currency.precision) });
    }
    return list;
  });

  route(app, ctx, endpoints.exchangeQuote, async ({ input, auth }) => quote(ctx, auth.user.id, input.from_currency_id, input.to_currency_id));

  route(app, ctx, endpoints.exchange, async ({ input, auth, t }) => {
    const done = await exchange(ctx, auth.user.id, input);
    return { received: done.received, fee: done.fee, message: t('server:ok.exchanged', done) };
  });

  route(app, ctx, endpoints.addressSave, async ({ input, auth, t }) => {
    await saveAddress(ctx, auth.user.id, input);
    return t('server:ok.address_saved');
  });

  route(app, ctx, endpoints.addressList, async ({ input, auth }) => {
    const { page: p, limit } = page(input);
    return listAddresses(ctx, auth.user.id, p, limit);
  });

  route(app, ctx, endpoints.addressDelete, async ({ input, auth, t }) => {
    await deleteAddress(ctx, auth.user.id, input.id);
    return t('server:ok.address_deleted');
  });

  route(app, ctx, endpoints.couponList, async ({ input, auth }) => listCoupons(ctx, auth.user.id, input.status ?? 'available'));

  route(app, ctx, endpoints.couponUse, async ({ input, auth, t }) => t('server:ok.coupon_used', await ctx.exchange.run((step) => useBonus(step, auth.user.id, input.id))));
}
