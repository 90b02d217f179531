import { describe, expect, test } from 'vitest';
import { checkStake, followRounds, KEPT_RESULTS, netOf, nextPoll, secondsLeft, standingAt, type GameRound } from './game';

function round(id: number, status: GameRound['status'], extra: Partial<GameRound> = {}): GameRound {
  return {
    id,
    market_id: 1,
    symbol: 'BTC/USDT',
    guess: 'higher',
    stake: 100,
    start_tick: { market_id: 1, seq: 10, price: '60000.00', time: 1_000 },
    expires_at: 61_000,
    status,
    settle_tick: status === 'open' ? null : { market_id: 1, seq: 20, price: '60001.00', time: 61_050 },
    payout: status === 'won' ? 200 : status === 'tie' ? 100 : status === 'lost' ? 0 : null,
    created_at: 1_000,
    ...extra,
  };
}

describe('a round, as the server settles it', () => {
  test('"higher" wins above the start, loses below it, ties at the same price (in any number of decimals)', () => {
    expect(standingAt('higher', '60000.00', '60000.01')).toBe('won');
    expect(standingAt('higher', '60000.00', '59999.99')).toBe('lost');
    expect(standingAt('higher', '60000.00', '60000')).toBe('tie');
    expect(standingAt('lower', '60000.00', '59999.99')).toBe('won');
    expect(standingAt('lower', '60000.00', '60000.01')).toBe('lost');
  });

  test('a win pays twice the stake (+stake), a tie gives it back (0), a loss keeps it (-stake)', () => {
    expect(netOf(round(1, 'won'))).toBe(100);
    expect(netOf(round(1, 'tie'))).toBe(0);
    expect(netOf(round(1, 'lost'))).toBe(-100);
    expect(netOf(round(1, 'open'))).toBeNull();
  });

  test('the countdown counts whole seconds up to the expiry and stops at zero', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 70_000)).toBe(0);
  });
});

describe('the stake', () => {
  test('whole points from the minimum to what the player has', () => {
    expect(checkStake('100', 10, 1000)).toEqual({ ok: true, stake: 100 });
    expect(checkStake('1000', 10, 1000)).toEqual({ ok: true, stake: 1000 });
    expect(checkStake('', 10, 1000)).toEqual({ ok: false, problem: 'whole' });
    expect(checkStake('0', 10, 1000)).toEqual({ ok: false, problem: 'whole' });
    expect(checkStake('10.5', 10, 1000)).toEqual({ ok: false, problem: 'whole' });
    expect(checkStake('9', 10, 1000)).toEqual({ ok: false, problem: 'min' });
    expect(checkStake('1001', 10, 1000)).toEqual({ ok: false, problem: 'over' });
  });
});

describe('following the rounds', () => {
  test('asks again just after the first expiry, then every 2 s until it is settled; not at all when nothing runs', () => {
    expect(nextPoll([], 0)).toBeNull();
    expect(nextPoll([{ expires_at: 61_000 }, { expires_at: 30_000 }], 28_000)).toBe(2_300);
    expect(nextPoll([{ expires_at: 61_000 }], 1_000)).toBe(5_000);
    expect(nextPoll([{ expires_at: 61_000 }], 61_500)).toBe(2_000);
  });

  test('a running round stays until it settles, is then reported once with its result and kept among the newest results', () => {
    const first = followRounds([], [round(2, 'open'), round(1, 'won')], new Set());
    // A round settled before the screen opened is history, not a live round.
    expect(first.rounds.map((r) => r.id)).toEqual([2]);
    expect(first.landed).toEqual([]);
    const settled = followRounds(first.rounds, [round(2, 'lost'), round(1, 'won')], first.followed);
    expect(settled.rounds.map((r) => [r.id, r.status])).toEqual([[2, 'lost']]);
    expect(settled.landed.map((r) => r.id)).toEqual([2]);
    const again = followRounds(settled.rounds, [round(2, 'lost'), round(1, 'won')], settled.followed);
    expect(again.landed).toEqual([]);
    expect(again.rounds.map((r) => r.id)).toEqual([2]);
  });

  test('only the newest results stay; every running round does', () => {
    const shown = [round(9, 'open'), ...[8, 7, 6, 5].map((id) => round(id, 'won'))];
    const next = followRounds(shown, [round(9, 'open')], new Set([9, 8, 7, 6, 5]));
    expect(next.rounds.map((r) => r.id)).toEqual([9, 8, 7, 6].slice(0, 1 + KEPT_RESULTS));
    expect([...next.followed].sort()).toEqual([6, 7, 8, 9]);
  });
});
