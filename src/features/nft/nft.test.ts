import { describe, expect, test } from 'vitest';
import { auctionFigures, balanceAfter, bidProblem, countdown, countdownTarget, phaseAt, rarityOdds } from './nft';

const window = { start_at: 1_000, end_at: 5_000 };

describe('the phase from the clock (spec 4)', () => {
  test('not started before the start, on sale until the end, ended from the end on', () => {
    expect(phaseAt(window, 999)).toBe('upcoming');
    expect(phaseAt(window, 1_000)).toBe('live');
    expect(phaseAt(window, 4_999)).toBe('live');
    expect(phaseAt(window, 5_000)).toBe('ended');
  });

  test('the countdown runs to the start, then to the end, then stops', () => {
    expect(countdownTarget(window, 0)).toEqual({ to: 'start', at: 1_000 });
    expect(countdownTarget(window, 2_000)).toEqual({ to: 'end', at: 5_000 });
    expect(countdownTarget(window, 5_000)).toBeNull();
  });

  test('a time left reads days and hh:mm:ss, rounded up to the second', () => {
    expect(countdown(90_061_001)).toEqual({ days: 1, clock: '01:01:02' });
    expect(countdown(999)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdown(-5)).toEqual({ days: 0, clock: '00:00:00' });
  });
});

describe('a bid (spec 5)', () => {
  test('at least the minimum the auction names now: below it is refused, naming it', () => {
    expect(bidProblem('110', '110', 2)).toBeNull();
    expect(bidProblem('110.01', '110', 2)).toBeNull();
    expect(bidProblem('109.99', '110', 2)).toEqual({ key: 'bid_low', min: '110' });
  });

  test('no more decimals than the currency has, and a positive amount', () => {
    expect(bidProblem('110.001', '110', 2)).toEqual({ key: 'bid_decimals', decimals: 2 });
    expect(bidProblem('', '110', 2)).toEqual({ key: 'bid_invalid' });
    expect(bidProblem('0', '0', 2)).toEqual({ key: 'bid_invalid' });
    expect(bidProblem('1e3', '110', 2)).toEqual({ key: 'bid_invalid' });
  });
});

describe("an auction's figures", () => {
  const sale = { id: 7, status: 'live' as const, current_bid: '100', min_bid: '110', price: '50', bids: 3, end_at: 9_000 };

  test('the loaded sale until a push comes', () => {
    expect(auctionFigures(sale, null)).toEqual({ status: 'live', current_bid: '100', min_bid: '110', bids: 3, end_at: 9_000, leader: null });
  });

  test("a newer push wins, its later end included (a bid in the last minutes); another sale's or an older one does not", () => {
    const push = { id: 7, status: 'live', current_bid: '110', min_bid: '120', bids: 4, end_at: 9_500, leader: 'b***' };
    expect(auctionFigures(sale, push)).toEqual({ status: 'live', current_bid: '110', min_bid: '120', bids: 4, end_at: 9_500, leader: 'b***' });
    expect(auctionFigures(sale, { ...push, id: 8 }).bids).toBe(3);
    expect(auctionFigures(sale, { ...push, bids: 2 }).bids).toBe(3);
  });
});

test("a box's contents by rarity, each with its share of the box", () => {
  const odds = rarityOdds([{ rarity: 'legendary' }, { rarity: 'common' }, { rarity: 'common' }, { rarity: 'rare' }]);
  expect(odds.map((row) => [row.rarity, row.count, row.share.toFixed()])).toEqual([
    ['common', 2, '0.5'],
    ['rare', 1, '0.25'],
    ['legendary', 1, '0.25'],
  ]);
  expect(rarityOdds([])).toEqual([]);
});

test('what the balance leaves after paying, or nothing when it is short', () => {
  expect(balanceAfter('100', '99.5')?.toFixed()).toBe('0.5');
  expect(balanceAfter('100', '100')?.toFixed()).toBe('0');
  expect(balanceAfter('99.99', '100')).toBeNull();
});
