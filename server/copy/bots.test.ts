import { afterEach, beforeEach, expect, test } from 'vitest';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness } from '../testing/harness';
import { replayPrices } from '../testing/market';
import { runCopyBots } from './bots';

/** The demo's strategy bots trade through the contract desk by their rule, from their own stake. */
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ COPY_BOTS: 'true' });
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const botId = async (nickname: string) => (await h.ctx.db.selectFrom('users').select('id').where('nickname', '=', nickname).executeTakeFirstOrThrow()).id;
const positions = async (userId: number) => h.ctx.db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).execute();

test('after twenty rising minutes of BTC the trend bot goes long, with its take-profit above and stop-loss below; it does not add a second', async () => {
  const trend = await botId('Trend Bot');
  await replayPrices(
    h,
    1,
    Array.from({ length: 25 }, (_, minute) => 95_000 + minute * 40),
    60_000,
  );
  await runCopyBots(h.ctx);
  const [position] = await positions(trend);
  expect(position).toMatchObject({ status: 'open', direction: 1, share: 5, multiple: 20 });
  expect(new Money(position?.target_profit_price ?? 0).gt(position?.price ?? 0)).toBe(true);
  expect(new Money(position?.stop_loss_price ?? 0).lt(position?.price ?? 0)).toBe(true);
  await runCopyBots(h.ctx);
  expect(await positions(trend)).toHaveLength(1);
});

test('a position held 45 minutes is closed at the next round', async () => {
  const trend = await botId('Trend Bot');
  await replayPrices(
    h,
    1,
    Array.from({ length: 25 }, (_, minute) => 95_000 + minute * 40),
    60_000,
  );
  await runCopyBots(h.ctx);
  h.advance(45 * 60_000);
  await runCopyBots(h.ctx);
  const rows = await positions(trend);
  expect(rows[0]).toMatchObject({ status: 'closed', close_reason: 'user' });
});
