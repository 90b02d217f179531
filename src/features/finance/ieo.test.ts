import { describe, expect, test } from 'vitest';
import { Money } from '../../../contract/money';
import { countdown, ieoLeft, ieoMost, ieoResult, nextMilestone, type IeoOrder, type IeoProject } from './ieo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const times = { start_at: 10 * DAY, end_at: 13 * DAY, list_at: 13 * DAY + HOUR, listed_at: null };

describe('the next milestone of an IEO project, by the clock (spec 4)', () => {
  test('warming up it waits for its start, in progress for its end, ended for its listing', () => {
    expect(nextMilestone(times, 9 * DAY)).toEqual({ milestone: 'start', at: 10 * DAY });
    expect(nextMilestone(times, 10 * DAY)).toEqual({ milestone: 'end', at: 13 * DAY });
    expect(nextMilestone(times, 13 * DAY)).toEqual({ milestone: 'list', at: 13 * DAY + HOUR });
  });

  test('past the time to market but not listed yet it still waits for the listing; once listed, for nothing', () => {
    expect(nextMilestone(times, 14 * DAY)).toEqual({ milestone: 'list', at: 13 * DAY + HOUR });
    expect(nextMilestone({ ...times, listed_at: 13 * DAY + HOUR }, 14 * DAY)).toBeNull();
  });
});

describe('countdown', () => {
  test('whole days and hh:mm:ss, rounded up to the second', () => {
    expect(countdown(2 * DAY + 3 * HOUR + 4 * 60_000 + 5_000)).toEqual({ days: 2, clock: '03:04:05' });
    expect(countdown(DAY - 1)).toEqual({ days: 1, clock: '00:00:00' });
    expect(countdown(1_001)).toEqual({ days: 0, clock: '00:00:02' });
  });

  test('a time passed reads zero', () => {
    expect(countdown(-5_000)).toEqual({ days: 0, clock: '00:00:00' });
  });
});

const project = { max_per_user: '100000', issue_price: '0.05', token_precision: 4 } satisfies Partial<IeoProject>;

describe('what a user may still subscribe', () => {
  test('the cap less what their subscriptions asked, never below zero', () => {
    expect(ieoLeft(project, []).toFixed()).toBe('100000');
    expect(ieoLeft(project, [{ amount: '1000.0000' }, { amount: '2500.5' }]).toFixed()).toBe('96499.5');
    expect(ieoLeft(project, [{ amount: '100000' }, { amount: '1' }]).toFixed()).toBe('0');
  });

  test('the most is the smaller of the cap left and what the balance pays at the issue price, cut to the token decimals', () => {
    const left = new Money(100_000);
    // 1,234.56789 USDT / 0.05 = 24,691.3578 KEST
    expect(ieoMost(project, left, '1234.56789').toFixed()).toBe('24691.3578');
    expect(ieoMost(project, left, '10000').toFixed()).toBe('100000');
    expect(ieoMost({ issue_price: '0.03', token_precision: 4 }, left, '1').toFixed()).toBe('33.3333');
    expect(ieoMost(project, left, null).toFixed()).toBe('100000');
  });
});

function order(fields: Partial<IeoOrder>): IeoOrder {
  return {
    id: 1,
    project: {} as IeoProject,
    amount: '0',
    price: '0.05',
    paid: '0',
    status: 'pending',
    allocated: null,
    cost: null,
    refund: null,
    created_at: 0,
    allocated_at: null,
    release_at: null,
    released_at: null,
    ...fields,
  };
}

describe("a user's result on a project", () => {
  test('none without subscriptions', () => {
    expect(ieoResult([])).toBeNull();
  });

  test('before the allocation: what was asked for and the payments frozen', () => {
    const result = ieoResult([order({ amount: '1000.0000', paid: '50.000000' }), order({ id: 2, amount: '500.0000', paid: '25.000000' })]);
    expect(result?.asked.toFixed()).toBe('1500');
    expect(result?.frozen.toFixed()).toBe('75');
    expect(result?.allocation).toBeNull();
  });

  test('after it: the tokens given, what they cost, what returned, when they unlock', () => {
    const release = 20 * DAY;
    const result = ieoResult([
      order({ amount: '1000', paid: '50', status: 'allocated', allocated: '600.0000', cost: '30.000000', refund: '20.000000', release_at: release }),
      order({ id: 2, amount: '500', paid: '25', status: 'allocated', allocated: '300.0000', cost: '15.000000', refund: '10.000000', release_at: release }),
    ]);
    expect(result?.frozen.toFixed()).toBe('0');
    expect(result?.allocation).toMatchObject({ releaseAt: release, released: false });
    expect(result?.allocation?.allocated.toFixed()).toBe('900');
    expect(result?.allocation?.cost.toFixed()).toBe('45');
    expect(result?.allocation?.refund.toFixed()).toBe('30');
  });

  test('released once every allocated subscription is; a subscription given nothing is refunded and never unlocks', () => {
    const refunded = order({ amount: '0.0001', paid: '0.000005', status: 'refunded', allocated: '0.0000', cost: '0.000000', refund: '0.000005' });
    expect(ieoResult([refunded])?.allocation).toMatchObject({ releaseAt: null, released: false });
    const released = order({ id: 2, amount: '10', paid: '0.5', status: 'released', allocated: '10.0000', cost: '0.500000', refund: '0.000000', release_at: 5, released_at: 5 });
    expect(ieoResult([refunded, released])?.allocation).toMatchObject({ releaseAt: 5, released: true });
  });
});
