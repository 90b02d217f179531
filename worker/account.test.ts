import { describe, expect, test } from 'vitest';
import type { PositionView } from '../contract/worker-api';
import { POSITION_WIDTH } from '../contract/worker-api';
import { AccountBook } from './account';

const DAY = 86_400_000;
/** 23:00 UTC: an hour before a midnight. */
const evening = Date.UTC(2026, 10, 22, 23, 0, 0);

const position: PositionView = {
  id: 7,
  market_id: 1,
  symbol: 'BTC/USDT',
  direction: 'buy',
  type: 'market',
  status: 'open',
  share: 10,
  quantity: '0.1',
  multiple: 10,
  price: '96000.00',
  limit_price: null,
  margin: '960.000000',
  fee: '4.800000',
  overnight_rate: '0.0003',
  overnight: '0.000000',
  target_profit_price: null,
  stop_loss_price: null,
  close_price: null,
  close_reason: null,
  profit: null,
  shortfall: '0.000000',
  open_tick: null,
  close_tick: null,
  created_at: evening,
  opened_at: evening,
  closed_at: null,
  copy: null,
  parent_id: null,
  roe: null,
  trailing: null,
};

describe('the account book values positions as the server does', () => {
  test('a position held over midnight owes its night at once: profit, liquidation and the overnight cell move', () => {
    const book = new AccountBook();
    book.reset({ positions: [position], balance: '1000', liquidationRisk: '0.2' });
    const at = (now: number) => Array.from(book.figures(() => 97_000, now).rows);
    const before = at(evening + 30 * 60_000);
    expect(before).toHaveLength(POSITION_WIDTH);
    // (97,000 - 96,000) x 0.1 = 100, nothing owed yet.
    expect(before.slice(0, 3)).toEqual([7, 97_000, 100]);
    expect(before[4]).toBe(0);
    // Past midnight: 96,000 x 0.1 x 0.0003 = 2.88 for the night, from the profit too.
    const after = at(evening + 2 * 60 * 60_000);
    expect(after[4]).toBeCloseTo(2.88, 9);
    expect(after[2]).toBeCloseTo(97.12, 9);
    // A worse effective opening: the long's liquidation price rises by the fee per coin.
    expect((after[3] as number) - (before[3] as number)).toBeCloseTo(28.8, 6);
    // Two days on (23:01 two days later), two midnights: two nights.
    expect(at(evening + 2 * DAY + 60_000)[4]).toBeCloseTo(5.76, 9);
  });

  test("the server's own figure stands when it is ahead (a snapshot taken after the device's clock)", () => {
    const book = new AccountBook();
    book.reset({ positions: [{ ...position, overnight: '2.880000' }], balance: '1000', liquidationRisk: '0.2' });
    expect(book.figures(() => 97_000, evening + 60_000).rows[4]).toBeCloseTo(2.88, 9);
  });
});

describe('return on equity and trailing stops, live', () => {
  test('ROE is the profit over the margin, as contract/trading.ts gives it to the server', () => {
    const book = new AccountBook();
    book.reset({ positions: [position], balance: '1000', liquidationRisk: '0.2' });
    // +100 on a margin of 960: 10.4166… %
    expect(book.figures(() => 97_000, evening + 60_000).rows[5]).toBeCloseTo((100 / 960) * 100, 9);
    expect(book.figures(() => 95_040, evening + 60_000).rows[5]).toBeCloseTo((-96 / 960) * 100, 9);
  });

  test("a trailing stop follows the best price the worker sees, from the server's, and never back", () => {
    const book = new AccountBook();
    const trailing = { callback_rate: '0.01', distance: null, best: '96500.00', stop: '95535.00', set_at: evening };
    book.reset({ positions: [{ ...position, trailing }], balance: '1000', liquidationRisk: '0.2' });
    const stop = (price: number) => book.figures(() => price, evening + 60_000).rows[6];
    expect(stop(96_000)).toBeCloseTo(96_500 * 0.99, 6);
    expect(stop(98_000)).toBeCloseTo(98_000 * 0.99, 6);
    expect(stop(97_000)).toBeCloseTo(98_000 * 0.99, 6);
    // A position without one shows none.
    book.reset({ positions: [position], balance: '1000', liquidationRisk: '0.2' });
    expect(book.figures(() => 97_000, evening + 60_000).rows[6]).toBeNaN();
  });
});
