import { randomBytes } from 'node:crypto';
import type { Candle } from '../../contract/market';
import { Money } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import { hashPassword } from '../security/passwords';
import { MARGIN_CURRENCY } from '../trading/config';
import { createUser } from '../user/users';

/**
 * The demo's strategy bots (COPY_BOTS, on in the demo): three trader accounts the exchange
 * runs on the simulated market, so the copy-trading list has traders to follow from the
 * first start. Each trades through the same contract desk as anyone, from its own
 * futures account, by a plain rule on the market's one-minute candles; their profiles
 * say they are bots, and their statistics are computed from their positions like
 * anyone's. Nobody can log in as one (their password is random and never kept).
 */
interface Bot {
  email: string;
  nickname: string;
  signature: string;
  symbol: string;
  lots: number;
  multiple: number;
  /** take-profit and stop-loss distances from the opening price, as fractions */
  takeProfit: number;
  stopLoss: number;
  /** the position's direction from the candles, oldest first; null: stay out */
  decide: (candles: readonly Candle[]) => 1 | -1 | null;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const closes = (candles: readonly Candle[], count: number) => candles.slice(-count).map((candle) => candle.close);

export const BOTS: readonly Bot[] = [
  {
    email: 'bot.trend@kestrel.local',
    nickname: 'Trend Bot',
    signature: 'Strategy bot: follows the trend of BTC/USDT (5 against 20 one-minute closes).',
    symbol: 'BTC/USDT',
    lots: 5,
    multiple: 20,
    takeProfit: 0.004,
    stopLoss: 0.0025,
    decide: (candles) => {
      if (candles.length < 20) return null;
      const fast = mean(closes(candles, 5));
      const slow = mean(closes(candles, 20));
      return fast > slow ? 1 : fast < slow ? -1 : null;
    },
  },
  {
    email: 'bot.revert@kestrel.local',
    nickname: 'Reversion Bot',
    signature: 'Strategy bot: bets that ETH/USDT returns to its 20-minute average after a stretch.',
    symbol: 'ETH/USDT',
    lots: 10,
    multiple: 10,
    takeProfit: 0.003,
    stopLoss: 0.004,
    decide: (candles) => {
      if (candles.length < 20) return null;
      const last = candles.at(-1)?.close ?? 0;
      const average = mean(closes(candles, 20));
      const stretch = (last - average) / average;
      return stretch > 0.001 ? -1 : stretch < -0.001 ? 1 : null;
    },
  },
  {
    email: 'bot.breakout@kestrel.local',
    nickname: 'Breakout Bot',
    signature: 'Strategy bot: trades SOL/USDT breakouts of the last 15 one-minute candles.',
    symbol: 'SOL/USDT',
    lots: 10,
    multiple: 10,
    takeProfit: 0.005,
    stopLoss: 0.003,
    decide: (candles) => {
      if (candles.length < 16) return null;
      const last = candles.at(-1);
      const before = candles.slice(-16, -1);
      if (!last) return null;
      if (last.close > Math.max(...before.map((candle) => candle.high))) return 1;
      if (last.close < Math.min(...before.map((candle) => candle.low))) return -1;
      return null;
    },
  },
];

/** What a bot starts with in its futures account, through the ledger. */
const BOT_STAKE = '10000';
/** A bot closes a position it has held this long, whatever its price. */
const HOLD_AT_MOST_MS = 45 * 60_000;

/** Creates the bots that are missing, each an approved trader with its stake; never touches one that exists. */
export async function seedCopyBots(ctx: AppContext): Promise<void> {
  for (const bot of BOTS) {
    const exists = await ctx.db.selectFrom('users').select('id').where('email', '=', bot.email).executeTakeFirst();
    if (exists) continue;
    const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
    await ctx.exchange.run(async (step) => {
      const again = await step.trx.selectFrom('users').select('id').where('email', '=', bot.email).executeTakeFirst();
      if (again) return;
      const user = await createUser(step.trx, { ref: { kind: 'email', email: bot.email }, passwordHash, invitedBy: null, now: step.time });
      await step.trx.updateTable('users').set({ nickname: bot.nickname, signature: bot.signature }).where('id', '=', user.id).execute();
      await record(step, {
        reason: 'member_gift',
        ref: { kind: 'signup-gift', id: user.id },
        userId: user.id,
        memo: 'strategy bot stake',
        movements: [{ from: house('gifts', MARGIN_CURRENCY), to: userAccount(user.id, MARGIN_CURRENCY, 'lever'), amount: BOT_STAKE }],
        at: step.time,
      });
      await step.trx.insertInto('traders').values({ user_id: user.id, status: 'approved', bot: 1, visibility: 'live', reason: '', applied_at: step.time, reviewed_at: step.time }).execute();
    });
  }
}

/** One round of every bot: a position held too long is closed; with none open, the rule may open one. */
export async function runCopyBots(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .selectFrom('users')
    .innerJoin('traders', 'traders.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('traders.bot', '=', 1)
    .where('traders.status', '=', 'approved')
    .execute();
  for (const row of rows) {
    const bot = BOTS.find((candidate) => candidate.email === row.email);
    if (!bot) continue;
    try {
      await runBot(ctx, row.id, bot);
    } catch (error) {
      // A refusal (a balance run down, a market closed) waits for the next round.
      if (!(error instanceof ApiError)) throw error;
    }
  }
}

async function runBot(ctx: AppContext, userId: number, bot: Bot): Promise<void> {
  const { contracts } = ctx.trading;
  const market = ctx.catalogue.bySymbol(bot.symbol);
  // Several processes: a bot trades only where its market runs (the job runs on one process; another round may run elsewhere).
  if (!ctx.market.engine.has(market.id)) return;
  const now = ctx.now();
  const open = contracts.liveWhere((row) => row.user_id === userId && row.market_id === market.id && (row.status === 'open' || row.status === 'pending'));
  for (const row of open) {
    if (row.status === 'open' && now - (row.opened_at ?? now) >= HOLD_AT_MOST_MS) await ctx.exchange.run((step) => contracts.close(step, userId, row.id));
  }
  if (open.some((row) => row.status === 'open' && now - (row.opened_at ?? now) < HOLD_AT_MOST_MS)) return;
  const { data: candles } = await ctx.market.candles.snapshot(market.id, '1min', now - 30 * 60_000, now, 30);
  const direction = bot.decide(candles);
  if (direction === null) return;
  const price = new Money(ctx.market.view.lastPrice(market.id));
  const away = (fraction: number) =>
    price
      .times(1 + fraction)
      .toDecimalPlaces(market.pricePrecision)
      .toFixed(market.pricePrecision);
  await ctx.exchange.run((step) =>
    contracts.submit(step, userId, {
      currency_id: market.base.id,
      legal_id: market.quote.id,
      direction: direction === 1 ? 'buy' : 'sell',
      share: bot.lots,
      multiple: bot.multiple,
      target_profit_price: away(direction * bot.takeProfit),
      stop_loss_price: away(-direction * bot.stopLoss),
    }),
  );
}
