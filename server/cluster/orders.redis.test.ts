import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { clusterTest, split } from '../testing/cluster';
import { until } from '../testing/until';
import { ok } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';

/**
 * PostgreSQL and Redis: issue 23's orders with several processes. Their requests run where
 * the market runs (sent through the member that does not run it), and what the desks keep
 * in memory of them (waiting spot stops, reduce-only close orders, a trailing stop's best
 * price) is read again from the store by the member that claims the market next, which
 * triggers them on its own trades as the first one would have.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

const { member } = clusterTest('orders', { SIGNUP_GIFT: '10000' });

test('stops, close orders and trailing stops placed through either member run on the owner, and carry on at the next owner after a takeover', async () => {
  const a = await member('member-a');
  const markets = a.ctx.market.instruments.length;
  await a.ctx.claims?.start();
  const ann = await a.registerUser('ann@example.com');
  await fund(a, await uidOf(a, ann), 'USDT', '5000', 'lever');
  await fund(a, await uidOf(a, ann), 'BTC', '0.1');
  await tradeAt(a, BTC_MARKET, 96_000); // 96,019.20

  // A second member takes half of the markets; requests go to whichever runs BTC/USDT.
  const b = await member('member-b');
  await b.ctx.claims?.start();
  await split(a, b);
  const [owner, other] = a.ctx.market.engine.has(BTC_MARKET) ? [a, b] : [b, a];

  const stop = await ok(
    other.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '97000', target_price: '97100' }, { token: ann }),
  );
  const oco = await ok(
    other.call(
      endpoints.spotTrade,
      { currency_id: BTC, legal_id: USDT, type: 'sell', order_type: 'oco', amount: '0.05', target_price: '99000', trigger_price: '95000', stop_limit_price: '94900' },
      { token: ann },
    ),
  );
  expect(owner.ctx.market.engine.resting(BTC_MARKET, oco.id)).toBe(5_000);
  const position = await ok(other.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: ann }));
  await ok(other.call(endpoints.leverTrailing, { id: position.id, callback_rate: '1' }, { token: ann }));
  const close = await ok(other.call(endpoints.leverReduce, { id: position.id, direction: 'sell', share: 4, type: 'limit', price: '98000' }, { token: ann }));
  expect(close.status).toBe('pending');
  // Its best price moves on the owner, stored with the trade: 98,019.60 (the close order closes 4 lots there).
  await replayPrices(owner, BTC_MARKET, [98_000]);
  const row = () => owner.ctx.db.selectFrom('lever_positions').selectAll().where('id', '=', position.id).executeTakeFirstOrThrow();
  expect(await row()).toMatchObject({ status: 'open', share: 6, trail_best: '98019.60' });
  // The stop triggered on the way up (97,000), its limit of 97,100 now a resting bid.
  const stopRow = await owner.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', stop.id).executeTakeFirstOrThrow();
  expect(stopRow.stop_state).toBe('triggered');

  // The owner leaves: the other claims BTC/USDT and reads what the desks keep from the store.
  await owner.ctx.claims?.stop();
  await until(() => other.ctx.market.owned.length === markets, 5_000);
  expect(other.ctx.market.engine.resting(BTC_MARKET, oco.id)).toBe(5_000);
  expect(other.ctx.market.engine.resting(BTC_MARKET, stop.id)).toBe(1_000);

  // 97,019.40 is at or below 98,019.60 x 0.99: the trailing stop from the stored best closes the rest.
  const [fall] = await replayPrices(other, BTC_MARKET, [97_000]);
  const closed = await other.ctx.db.selectFrom('lever_positions').selectAll().where('id', '=', position.id).executeTakeFirstOrThrow();
  expect(closed).toMatchObject({ status: 'closed', close_reason: 'trailing_stop', close_price: '97019.40' });
  expect(JSON.parse(closed.close_tick ?? 'null')).toMatchObject({ seq: fall!.seq });
  // And the OCO's stop, watched again on the new owner, triggers on its trades.
  await replayPrices(other, BTC_MARKET, [94_950]);
  const ocoRow = await other.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', oco.id).executeTakeFirstOrThrow();
  expect(ocoRow).toMatchObject({ stop_state: 'triggered', status: 'filled' });
  expect(other.ctx.market.engine.resting(BTC_MARKET, oco.id)).toBe(0);
  expect((await checkLedger(other.ctx.db)).violations).toEqual([]);
}, 60_000);
