import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money, text } from '../../contract/money';
import { readTick } from './market';
import { checkLedger } from '../ledger/check';
import { INSTRUMENTS } from '../market/instruments';
import { Rng } from '../market/rng';
import { Simulator } from '../market/simulator';
import { createHarness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * A soak of random trading: the simulated market runs for two minutes of its clock while
 * four users place and cancel spot orders, open, stop and close positions (some at high
 * multiples) and buy options. Their accounts are too large for two minutes of the market
 * to liquidate, so halfway through BTC trades 3 % lower for a moment (a flash crash the
 * market maker quotes back from) while a fifth, thinly funded user holds a 100x long: it
 * is liquidated past its margin. Afterwards every ledger invariant holds, the books are
 * not crossed, and every option whose expiry a trade has passed is settled.
 */
test('the ledger checks out after a soak of random trading', async () => {
  const h = await createHarness({ SIGNUP_GIFT: '10000' });
  try {
    const users: string[] = [];
    let invite: string | undefined;
    for (let i = 0; i < 4; i++) {
      // The first invites the others: their fees share with it (invite rebates).
      const token = await h.registerUser(`soak${i}@example.com`, undefined, invite ? { invite } : {});
      if (i === 0) {
        const info = await h.call(endpoints.userInfo, {}, { token });
        if (info.type === 'ok') invite = info.message.invite_code;
      }
      const uid = await uidOf(h, token);
      await fund(h, uid, 'BTC', '1');
      await fund(h, uid, 'USDT', '3000', 'lever');
      await fund(h, uid, 'USDT', '1000', 'micro');
      users.push(token);
    }
    // A thinly funded user, whose 100x long is caught by a flash crash halfway through.
    const thin = await h.registerUser('soak-thin@example.com', undefined, invite ? { invite } : {});
    await fund(h, await uidOf(h, thin), 'USDT', '20', 'lever');
    const CRASH_STEP = 600;
    let crashLong: { id: number } | undefined;
    const engine = h.ctx.market.engine;
    const simulator = new Simulator({
      instruments: INSTRUMENTS,
      startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
      startTime: h.ctx.now(),
      seed: 17,
      tradesPerSecond: 400,
      now: () => h.ctx.now(),
    });
    const rng = new Rng(23);
    const random = () => rng.next();
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const outcomes = { ok: 0, refused: 0 };
    const count = (answer: { type: string }) => void (answer.type === 'ok' ? outcomes.ok++ : outcomes.refused++);

    for (let step = 0; step < 1200; step++) {
      h.advance(100);
      await h.ctx.exchange.process(simulator.runUntil(h.ctx.now()));
      if (step === CRASH_STEP) {
        crashLong = await ok(h.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 1, multiple: 100 }, { token: thin }));
        await tradeAt(h, 1, engine.lastPrice(1) * 0.97);
      }
      if (random() > 0.35) continue;
      const token = pick(users);
      const last = engine.lastPrice(1);
      switch (pick(['limit', 'market', 'cancel', 'open', 'close', 'stops', 'batch', 'option'] as const)) {
        case 'limit':
          count(
            await h.call(
              endpoints.spotTrade,
              { currency_id: 1, legal_id: 3, type: pick(['buy', 'sell']), amount: (0.001 + random() * 0.02).toFixed(5), target_price: (last * (0.995 + random() * 0.01)).toFixed(2) },
              { token },
            ),
          );
          break;
        case 'market':
          count(await h.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, type: pick(['buy', 'sell']), amount: (0.001 + random() * 0.01).toFixed(5) }, { token }));
          break;
        case 'cancel': {
          const open = await h.call(endpoints.spotList, { status: 'open' }, { token });
          if (open.type === 'ok' && open.message.data.length > 0) count(await h.call(endpoints.spotCancel, { id: pick(open.message.data).id }, { token }));
          break;
        }
        case 'open': {
          // A BTC or ETH contract (the currency's id is its market's); a limit price near that market's last trade.
          const market = pick([1, 2]);
          count(
            await h.call(
              endpoints.leverSubmit,
              {
                currency_id: market,
                legal_id: 3,
                direction: pick(['buy', 'sell']),
                share: 1 + Math.floor(random() * 5),
                multiple: pick([5, 10, 20, 50, 100]),
                ...(random() < 0.3 ? { type: 'limit', price: (engine.lastPrice(market) * (0.999 + random() * 0.002)).toFixed(2) } : {}),
              },
              { token },
            ),
          );
          break;
        }
        case 'close': {
          const live = await h.call(endpoints.leverPositions, {}, { token });
          if (live.type === 'ok' && live.message.positions.length > 0) {
            const position = pick(live.message.positions);
            count(await h.call(position.status === 'open' ? endpoints.leverClose : endpoints.leverCancel, { id: position.id }, { token }));
          }
          break;
        }
        case 'stops': {
          const live = await h.call(endpoints.leverPositions, {}, { token });
          const position = live.type === 'ok' ? live.message.positions.find((p) => p.status === 'open' && p.market_id === 1) : undefined;
          if (position) {
            const long = position.direction === 'buy';
            count(
              await h.call(
                endpoints.leverSetStop,
                { id: position.id, target_profit_price: (last * (long ? 1.0005 : 0.9995)).toFixed(2), stop_loss_price: (last * (long ? 0.9995 : 1.0005)).toFixed(2) },
                { token },
              ),
            );
          }
          break;
        }
        case 'batch':
          count(await h.call(endpoints.leverBatchClose, { type: pick(['all', 'buy', 'sell']) }, { token }));
          break;
        case 'option':
          count(
            await h.call(
              endpoints.optionSubmit,
              { match_id: pick([1, 2, 25]), currency_id: 3, type: pick(['up', 'down']), seconds: pick([30, 60]), number: String(10 + Math.floor(random() * 50)) },
              { token },
            ),
          );
          break;
      }
    }

    expect(outcomes.ok).toBeGreaterThan(100);
    const report = await checkLedger(h.ctx.db);
    expect(report.violations).toEqual([]);
    const closes = await h.ctx.db.selectFrom('lever_positions').select('close_reason').distinct().execute();
    expect(closes.map((row) => row.close_reason)).toEqual(expect.arrayContaining(['user', 'batch', 'take_profit', 'stop_loss', 'liquidation']));
    // The crash liquidated the thin long at a trade after the one it opened at, past its margin: the house bore the gap.
    const crashed = await h.ctx.db
      .selectFrom('lever_positions')
      .selectAll()
      .where('id', '=', crashLong?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(crashed.close_reason).toBe('liquidation');
    expect(readTick(crashed.close_tick)?.seq).toBeGreaterThan(readTick(crashed.open_tick)?.seq ?? Infinity);
    expect(new Money(crashed.shortfall).gt(0)).toBe(true);
    expect(await balance(h, thin, 3, 'lever')).toMatchObject({ available: '0.000000', frozen: '0.000000' });
    const reasons = await h.ctx.db.selectFrom('ledger_transactions').select('reason').distinct().execute();
    expect(reasons.map((row) => row.reason)).toEqual(
      expect.arrayContaining(['spot_trade', 'spot_freeze', 'spot_release', 'lever_open', 'lever_close', 'option_stake', 'option_settle', 'invite_rebate']),
    );
    // The bills show each memo beside its translated reason, in every language: symbols,
    // numbers, seconds (30s) and ids only (an operator's adjustment keeps the operator's words).
    const memos = await h.ctx.db.selectFrom('ledger_transactions').select('memo').where('reason', '!=', 'adjustment').distinct().execute();
    expect(memos.length).toBeGreaterThan(10);
    for (const { memo } of memos) expect(memo.replace(/ \d+s /, ' ')).toMatch(/^[A-Z]+\/[A-Z]+ [^a-z]*$|^$/);
    // Each rebate is a fifth of its fee cut down to the currency's decimals, paid once under its own reference.
    const rebates = await h.ctx.db.selectFrom('invite_rebates').selectAll().execute();
    expect(rebates.length).toBeGreaterThan(10);
    for (const rebate of rebates) expect(rebate.amount).toBe(text(new Money(rebate.fee).times(h.ctx.config.rebateRate), h.ctx.catalogue.currency(rebate.currency_id).precision));
    const paid = await h.ctx.db.selectFrom('ledger_transactions').select(['ref_kind', 'ref_id']).where('reason', '=', 'invite_rebate').execute();
    expect(paid.map((t) => `${t.ref_kind}:${t.ref_id}`).sort()).toEqual(rebates.map((r) => r.ledger_ref).sort());
    for (const def of INSTRUMENTS) {
      const { bids, asks } = engine.depth(def.id);
      if (bids.length > 0 && asks.length > 0) expect(bids[0]![0], def.base).toBeLessThan(asks[0]![0]);
    }
    const overdue = await h.ctx.db
      .selectFrom('micro_orders')
      .select('id')
      .where('status', '=', 'open')
      .where('expires_at', '<', engine.time - 1000)
      .execute();
    expect(overdue).toEqual([]);
  } finally {
    await h.close();
  }
}, 120_000);
