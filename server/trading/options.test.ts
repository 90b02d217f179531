import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Seconds options on a replayed feed: each opens at the last trade and is decided by the
 * first trade at or after its expiry, once, even across a restart.
 */
const USDT = 3;
const BTC_MARKET = 1;
const STEP = 10_000;

describe('seconds options', () => {
  let h: Harness;
  let ann: string;
  beforeEach(async () => {
    h = await createHarness();
    ann = await h.registerUser('ann@example.com');
    await fund(h, await uidOf(h, ann), 'USDT', '1000', 'micro');
    await tradeAt(h, BTC_MARKET, 96_000); // last trade 96,019.20
  });
  afterEach(async () => {
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
    await h.close();
  });

  const buy = (type: 'up' | 'down', number = '100', seconds = 30) => h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type, seconds, number }, { token: ann });
  const micro = async () => (await balance(h, ann, USDT, 'micro')).available;

  test('durations, payout ratios and limits come from the configuration', async () => {
    const durations = await ok(h.call(endpoints.optionDurations, {}));
    expect(durations.max_open).toBe(5);
    expect(durations.durations[0]).toEqual({ seconds: 30, profit_ratio: '0.8', fee_rate: '0.001', min_amount: '10', max_amount: '5000' });
    expect(await ok(h.call(endpoints.optionCurrencies, {}, { token: ann }))).toEqual([{ currency_id: USDT, code: 'USDT', precision: 6, available: '1000.000000' }]);
  });

  test('a win pays stake x (1 + ratio) at the first trade at or after expiry', async () => {
    const option = await ok(buy('up'));
    const opening = h.ctx.market.engine.recentTrades(BTC_MARKET).at(-1)!;
    expect(option).toMatchObject({ status: 'open', direction: 'up', open_price: '96019.20', stake: '100.000000', fee: '0.100000', result: null });
    expect(option.open_tick).toEqual({ market_id: BTC_MARKET, seq: opening.seq, price: '96019.20', time: opening.time });
    expect(option.expires_at - option.created_at).toBe(30_000);
    expect(await micro()).toBe('899.900000');

    const trades = await replayPrices(h, BTC_MARKET, [95_000, 95_500, 96_500, 90_000], STEP);
    const settled = await ok(h.call(endpoints.optionResult, { id: option.id }, { token: ann }));
    // The trade at 30 s (96,519.30) decides: the one at 40 s (90,018) comes too late to matter.
    expect(trades[2]!.time).toBe(option.expires_at);
    expect(settled).toMatchObject({ status: 'settled', result: 'win', close_price: '96519.30', payout: '180.000000', profit: '79.900000' });
    expect(settled.close_tick).toEqual({ market_id: BTC_MARKET, seq: trades[2]!.seq, price: '96519.30', time: trades[2]!.time });
    expect(await micro()).toBe('1079.900000');
  });

  test('a tie returns the stake; a loss pays nothing', async () => {
    const tie = await ok(buy('up'));
    await replayPrices(h, BTC_MARKET, [96_000, 96_000, 96_000], STEP);
    expect(await ok(h.call(endpoints.optionResult, { id: tie.id }, { token: ann }))).toMatchObject({ result: 'tie', payout: '100.000000', profit: '-0.100000' });
    const loss = await ok(buy('down', '50'));
    await replayPrices(h, BTC_MARKET, [96_100, 96_200, 96_300], STEP);
    expect(await ok(h.call(endpoints.optionResult, { id: loss.id }, { token: ann }))).toMatchObject({ result: 'loss', payout: '0.000000', profit: '-50.050000' });
    expect(await micro()).toBe('949.850000');
    const settled = await ok(h.call(endpoints.optionList, { status: 'settled' }, { token: ann }));
    expect(settled.data.map((o) => o.id)).toEqual([loss.id, tie.id]);
    expect(settled.limit).toBe(5);
  });

  test('bad orders get a clear message and change nothing', async () => {
    for (let i = 0; i < 5; i++) await ok(buy('up', '10'));
    expect(await buy('up', '10')).toEqual({ type: 'error', message: 'You can have at most 5 options open at once.' });
    const before = await micro();
    expect(await buy('up', '10', 45)).toEqual({ type: 'error', message: 'Please choose one of the offered durations.' });
    expect(await buy('up', '5')).toEqual({ type: 'error', message: 'The amount must be between 10 and 5,000 USDT.' });
    expect(await buy('up', '10.1234567')).toEqual({ type: 'error', message: 'USDT amounts have at most 6 decimals.' });
    expect(await h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: 1, type: 'up', seconds: 30, number: '10' }, { token: ann })).toEqual({
      type: 'error',
      message: 'Options cannot be bought with this currency.',
    });
    expect(await h.call(endpoints.optionSubmit, { match_id: 999, currency_id: USDT, type: 'up', seconds: 30, number: '10' }, { token: ann })).toEqual({
      type: 'error',
      message: 'This market does not exist.',
    });
    expect(await micro()).toBe(before);
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '10' }, { token: bob })).toEqual({
      type: 'error',
      message: 'Insufficient balance.',
    });
    expect(await h.call(endpoints.optionResult, { id: 1 }, { token: bob })).toEqual({ type: 'error', message: 'This record does not exist.' });
  });
});

test('an option open across a restart is settled after it, once, by the first trade at or after expiry', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-options-'));
  try {
    let server = await createHarness({}, { persist: dir });
    const token = await server.registerUser('cy@example.com');
    await fund(server, await uidOf(server, token), 'USDT', '500', 'micro');
    await tradeAt(server, BTC_MARKET, 96_000);
    const bought = await server.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'down', seconds: 60, number: '100' }, { token });
    if (bought.type !== 'ok') throw new Error(bought.message);
    await server.close();

    server = await createHarness({}, { persist: dir, start: bought.message.created_at + 20_000 });
    await replayPrices(server, BTC_MARKET, [95_000, 94_000, 93_000], 20_000);
    await replayPrices(server, BTC_MARKET, [99_000], 20_000);
    const result = await server.call(endpoints.optionResult, { id: bought.message.id }, { token });
    expect(result).toMatchObject({ type: 'ok', message: { result: 'win', payout: '185.000000', status: 'settled' } });
    const settlements = await server.ctx.db.selectFrom('ledger_transactions').select('id').where('ref_kind', '=', 'option-settle').execute();
    expect(settlements).toHaveLength(1);
    expect((await balance(server, token, USDT, 'micro')).available).toBe('584.900000');
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
    await server.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
