import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { isFiatCurrency } from '../../contract/fiat';
import { text } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { approveIdentity, rejectIdentity } from '../identity/service';
import { house, isAccountKind, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import { MARGIN_CURRENCY } from '../trading/config';
import { amountIn } from '../wallet/amounts';
import { approveRecharge, rejectRecharge } from '../wallet/deposits';
import { rateText, writeRate } from '../wallet/rates';
import { approveWithdrawal, rejectWithdrawal } from '../wallet/withdrawals';
import * as accounts from './accounts';
import { audit, LOCAL_OPERATOR } from './auth';
import { overview, runLedgerCheck } from './overview';
import { computeTraderStats } from '../copy/stats';
import { NFT_CURRENCY } from '../nft/desk';
import { newToken, tokenHash } from '../security/tokens';

/** The operator API: reviews, adjustments and rates; every decision is audited. */
export function operatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const by = (operator: string | null) => operator ?? 'unknown';

  route(app, ctx, endpoints.operatorPending, async () => {
    const recharges = await ctx.db
      .selectFrom('recharges')
      .innerJoin('users', 'users.id', 'recharges.user_id')
      .select(['recharges.id', 'users.uid', 'recharges.currency_id', 'recharges.network', 'recharges.amount', 'recharges.sender', 'recharges.voucher', 'recharges.created_at'])
      .where('recharges.status', '=', 'pending')
      .orderBy('recharges.id')
      .execute();
    const withdrawals = await ctx.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([
        'withdrawals.id',
        'users.uid',
        'withdrawals.currency_id',
        'withdrawals.network',
        'withdrawals.amount',
        'withdrawals.fee',
        'withdrawals.address',
        'withdrawals.created_at',
        'users.frozen_at',
      ])
      .where('withdrawals.status', '=', 'pending')
      .orderBy('withdrawals.id')
      .execute();
    const identities = await ctx.db
      .selectFrom('identity_submissions')
      .innerJoin('users', 'users.id', 'identity_submissions.user_id')
      .select([
        'identity_submissions.id',
        'users.uid',
        'identity_submissions.level',
        'identity_submissions.id_type',
        'identity_submissions.name',
        'identity_submissions.card_id',
        'identity_submissions.front_pic',
        'identity_submissions.reverse_pic',
        'identity_submissions.created_at',
      ])
      .where('identity_submissions.status', '=', 'pending')
      .orderBy('identity_submissions.id')
      .execute();
    const code = (id: number) => ctx.catalogue.currency(id).code;
    return {
      recharges: recharges.map(({ currency_id, ...row }) => ({ ...row, code: code(currency_id) })),
      withdrawals: withdrawals.map(({ currency_id, frozen_at, ...row }) => ({ ...row, code: code(currency_id), frozen: frozen_at !== null })),
      identities,
      traders: await ctx.db
        .selectFrom('traders')
        .innerJoin('users', 'users.id', 'traders.user_id')
        .select(['traders.user_id as id', 'users.uid', 'users.nickname', 'traders.applied_at'])
        .where('traders.status', '=', 'pending')
        .orderBy('traders.applied_at')
        .execute(),
      chat_reports: await ctx.db
        .selectFrom('chat_reports')
        .innerJoin('chat_messages', 'chat_messages.id', 'chat_reports.message_id')
        .innerJoin('users as author', 'author.id', 'chat_messages.user_id')
        .innerJoin('users as reporter', 'reporter.id', 'chat_reports.reporter_id')
        .select([
          'chat_reports.id',
          'chat_reports.message_id',
          'chat_messages.room',
          'author.uid as author_uid',
          'chat_messages.body',
          'reporter.uid as reporter_uid',
          'chat_reports.reason',
          'chat_reports.created_at',
        ])
        .where('chat_reports.handled_at', 'is', null)
        .orderBy('chat_reports.id')
        .execute(),
      otc_appeals: (
        await ctx.db
          .selectFrom('otc_orders')
          .innerJoin('users as buyer', 'buyer.id', 'otc_orders.buyer_id')
          .innerJoin('users as seller', 'seller.id', 'otc_orders.seller_id')
          .innerJoin('users as appellant', 'appellant.id', 'otc_orders.appeal_by')
          .select([
            'otc_orders.id',
            'buyer.uid as buyer_uid',
            'seller.uid as seller_uid',
            'otc_orders.currency_id',
            'otc_orders.amount',
            'otc_orders.fiat',
            'otc_orders.fiat_amount',
            'appellant.uid as appeal_by_uid',
            'otc_orders.appeal_reason',
            'otc_orders.proof',
            'otc_orders.created_at',
          ])
          .where('otc_orders.status', '=', 'appeal')
          .orderBy('otc_orders.id')
          .execute()
      ).map(({ currency_id, appeal_reason, ...row }) => ({ ...row, code: code(currency_id), appeal_reason: appeal_reason ?? '' })),
      nft_sales: (
        await ctx.db
          .selectFrom('nft_sales')
          .innerJoin('nft_items', 'nft_items.id', 'nft_sales.item_id')
          .innerJoin('users', 'users.id', 'nft_sales.seller_id')
          .select([
            'nft_sales.id',
            'users.uid',
            'nft_items.code',
            'nft_items.name',
            'nft_items.cover',
            'nft_sales.mode',
            'nft_sales.price',
            'nft_sales.start_at',
            'nft_sales.end_at',
            'nft_sales.created_at',
          ])
          .where('nft_sales.status', '=', 'review')
          .orderBy('nft_sales.id')
          .execute()
      ).map((row) => ({ ...row, currency: NFT_CURRENCY })),
    };
  });

  route(app, ctx, endpoints.approveRecharge, async ({ input, operator, t }) => {
    await approveRecharge(ctx, input.id, by(operator));
    await audit(ctx, by(operator), 'approve-recharge', `recharge:${input.id}`, '');
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.rejectRecharge, async ({ input, operator, t }) => {
    await rejectRecharge(ctx, input.id, by(operator), input.reason);
    await audit(ctx, by(operator), 'reject-recharge', `recharge:${input.id}`, input.reason);
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.approveWithdrawal, async ({ input, operator, t }) => {
    await approveWithdrawal(ctx, input.id, by(operator), input.txid ?? '');
    await audit(ctx, by(operator), 'approve-withdrawal', `withdrawal:${input.id}`, input.txid ?? '');
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.rejectWithdrawal, async ({ input, operator, t }) => {
    await rejectWithdrawal(ctx, input.id, by(operator), input.reason);
    await audit(ctx, by(operator), 'reject-withdrawal', `withdrawal:${input.id}`, input.reason);
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.approveIdentity, async ({ input, operator, t }) => {
    await approveIdentity(ctx, input.id, by(operator));
    await audit(ctx, by(operator), 'approve-identity', `identity:${input.id}`, '');
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.rejectIdentity, async ({ input, operator, t }) => {
    await rejectIdentity(ctx, input.id, by(operator), input.reason);
    await audit(ctx, by(operator), 'reject-identity', `identity:${input.id}`, input.reason);
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.approveTrader, async ({ input, operator, t }) => {
    await ctx.exchange.run(async (step) => {
      await ctx.copy.review(step, input.id, { approve: true });
      await audit(step, by(operator), 'approve-trader', `trader:${input.id}`, '');
    });
    await computeTraderStats(ctx, input.id);
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.rejectTrader, async ({ input, operator, t }) => {
    await ctx.exchange.run(async (step) => {
      await ctx.copy.review(step, input.id, { approve: false, reason: input.reason });
      await audit(step, by(operator), 'reject-trader', `trader:${input.id}`, input.reason);
    });
    return t('server:ok.done');
  });

  // Several processes: a dual product is settled where its market runs (RouteOptions.market).
  route(
    app,
    ctx,
    endpoints.createDual,
    async ({ input, operator }) => {
      // The audit entry commits with the product, in its step.
      const row = await ctx.exchange.run(async (step) => {
        const made = await ctx.dual.offer(step, input);
        await audit(step, by(operator), 'create-dual', `dual:${made.id}`, JSON.stringify(input));
        return made;
      });
      return { id: row.id };
    },
    { market: ({ input }) => (ctx.catalogue.markets.some((market) => market.id === input.market_id) ? input.market_id : null) },
  );
  route(app, ctx, endpoints.createProject, async ({ input, operator }) => {
    const row = await ctx.exchange.run(async (step) => {
      const made = await ctx.ieo.create(step, input);
      await audit(step, by(operator), 'create-ieo', `ieo:${made.id}`, JSON.stringify(input));
      return made;
    });
    return { id: row.id };
  });
  route(
    app,
    ctx,
    endpoints.closeDual,
    async ({ input, operator, t }) => {
      await ctx.exchange.run(async (step) => {
        const refunded = await ctx.dual.withdraw(step, input.id);
        await audit(step, by(operator), 'close-dual', `dual:${input.id}`, `refunded=${refunded}`);
      });
      return t('server:ok.done');
    },
    { market: async ({ input }) => (await ctx.db.selectFrom('dual_products').select('market_id').where('id', '=', input.id).executeTakeFirst())?.market_id ?? null },
  );

  route(app, ctx, endpoints.adjust, async ({ input, operator, t }) => {
    const user = await ctx.db.selectFrom('users').select('id').where('uid', '=', input.uid).executeTakeFirst();
    if (!user) throw new ApiError('server:errors.user_unknown');
    const currency = ctx.catalogue.currencyByCodeOf(input.currency);
    const kind = input.account ?? 'change';
    if (!isAccountKind(kind)) throw new ApiError('validation:account_kind_invalid');
    const negative = input.amount.startsWith('-');
    const amount = amountIn(currency, negative ? input.amount.slice(1) : input.amount);
    const account = userAccount(user.id, currency.id, kind);
    const pool = house('adjustments', currency.id);
    await ctx.exchange.run(async (step) => {
      // A debit of the contract account's margin currency may not take what its open
      // positions need (their current loss, the margin above liquidation): checked by the
      // contract desk in the same step, as for a user's own move out.
      if (negative && kind === 'lever' && currency.id === MARGIN_CURRENCY) {
        await ctx.trading.contracts.checkWithdrawal(
          step,
          user.id,
          amount,
          (limit) => new ApiError('server:errors.lever_adjust_limit', { amount: text(limit, currency.precision), currency: currency.code }),
        );
      }
      const { trx, time: now } = step;
      const { id } = await trx
        .insertInto('operator_actions')
        .values({ operator: by(operator), action: 'adjust', target: `uid:${input.uid}`, detail: `${input.amount} ${currency.code} ${kind}: ${input.reason}`, at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record(step, {
        reason: 'adjustment',
        ref: { kind: 'adjustment', id },
        userId: user.id,
        memo: input.reason,
        movements: [negative ? { from: account, to: pool, amount } : { from: pool, to: account, amount }],
        at: now,
      });
    });
    return t('server:ok.done');
  });

  // Newest first by id (ids only grow: a page boundary stays put while new decisions arrive).
  route(app, ctx, endpoints.auditLog, async ({ input }) => {
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('operator_actions').select(['id', 'operator', 'action', 'target', 'detail', 'at']);
    if (input.operator !== undefined) query = query.where('operator', '=', input.operator);
    if (input.action !== undefined) query = query.where('action', '=', input.action);
    if (input.target !== undefined) query = query.where('target', '=', input.target);
    if (input.before !== undefined) query = query.where('id', '<', input.before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const actions = await ctx.db.selectFrom('operator_actions').select('action').distinct().orderBy('action').execute();
    return { data: rows.slice(0, limit), more: rows.length > limit, actions: actions.map((row) => row.action) };
  });

  route(app, ctx, endpoints.operatorMe, async ({ operator }) => ({ name: by(operator) }));

  route(app, ctx, endpoints.operatorOverview, async () => overview(ctx));
  route(app, ctx, endpoints.operatorLedgerCheck, async ({ operator }) => runLedgerCheck(ctx, by(operator)));

  // Operator accounts (server/operator/accounts.ts).
  const tokenOf = (request: { headers: Record<string, string | string[] | undefined> }) => {
    const header = request.headers['x-operator-token'];
    return typeof header === 'string' ? header : undefined;
  };
  route(app, ctx, endpoints.operatorSignIn, async ({ input, ip, userAgent }) => accounts.signIn(ctx, input, { ip, userAgent }), { rateLimited: true });
  route(app, ctx, endpoints.operatorSignOut, async ({ request, t }) => {
    await accounts.signOut(ctx, tokenOf(request));
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.operatorAccount, async ({ operator, request }) => accounts.accountOf(ctx, by(operator), tokenOf(request)));
  route(app, ctx, endpoints.operatorTotpStart, async ({ operator }) => accounts.startTotp(ctx, by(operator)));
  route(app, ctx, endpoints.operatorSecure, async ({ input, operator, t }) => {
    await accounts.secure(ctx, by(operator), input);
    return t('server:ok.done');
  });
  route(app, ctx, endpoints.operatorSessionRevoke, async ({ input, operator, t }) => {
    await accounts.revokeSession(ctx, by(operator), input.id);
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.listOperators, async () => ctx.db.selectFrom('operators').select(['name', 'created_at']).orderBy('id').execute());

  route(app, ctx, endpoints.addOperator, async ({ input, operator }) => {
    if (operator !== LOCAL_OPERATOR) throw new ApiError('server:errors.operator_local_only');
    const token = newToken();
    // The name's unique key decides, so two adds of one name at once answer "exists", not a 500.
    const added = await ctx.db
      .insertInto('operators')
      .values({ name: input.name, token_hash: tokenHash(token), created_at: ctx.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) throw new ApiError('server:errors.operator_exists');
    await audit(ctx, operator, 'operator-add', input.name, '');
    return { name: input.name, token };
  });

  route(app, ctx, endpoints.removeOperator, async ({ input, operator, t }) => {
    if (operator !== LOCAL_OPERATOR) throw new ApiError('server:errors.operator_local_only');
    if (input.name === LOCAL_OPERATOR) throw new ApiError('server:errors.operator_local_stays');
    const removed = await ctx.db.deleteFrom('operators').where('name', '=', input.name).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new ApiError('server:errors.record_unknown');
    await audit(ctx, operator, 'operator-remove', input.name, '');
    return t('server:ok.done');
  });

  // One of the eleven fiat currencies the app offers; USD stays 1, the unit of the table.
  route(app, ctx, endpoints.setRate, async ({ input, operator, t }) => {
    const code = input.code;
    if (!isFiatCurrency(code)) throw new ApiError('server:errors.currency_unknown');
    const rate = rateText(code, input.rate);
    if (rate === null) throw new ApiError('validation:rate_invalid');
    // The rate and its audit entry commit together.
    const at = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await writeRate(trx, code, rate, at, `operator ${by(operator)}`);
      await audit({ trx, time: at }, by(operator), 'set-rate', code, rate);
    });
    return t('server:ok.done');
  });
}
