import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { pruneAttempts, reserveAttempt, waitFor, type Budget } from './rate-limit';

describe('waitFor: what a budget allows after the attempts it remembers', () => {
  test('`limit` attempts per window, then a wait until the oldest of them leaves it', () => {
    const budget: Budget = { name: 'b', windowMs: 1000, limit: 3 };
    expect(waitFor(budget, [], 0)).toBe(0);
    expect(waitFor(budget, [0, 100], 200)).toBe(0);
    expect(waitFor(budget, [0, 100, 200], 300)).toBe(700);
    expect(waitFor(budget, [0, 100, 200], 1000)).toBe(0);
    expect(waitFor(budget, [100, 200, 1000], 1050)).toBe(50);
  });

  test('after `free` attempts, each further one waits a delay that doubles up to its maximum', () => {
    const budget: Budget = { name: 'b', windowMs: 60_000, limit: 100, backoff: { free: 2, firstMs: 1000, maxMs: 5000 } };
    expect(waitFor(budget, [0], 0)).toBe(0);
    expect(waitFor(budget, [0, 0], 0)).toBe(1000);
    expect(waitFor(budget, [0, 0], 1000)).toBe(0);
    expect(waitFor(budget, [0, 0, 1000], 1000)).toBe(2000);
    expect(waitFor(budget, [0, 0, 1000, 3000], 3000)).toBe(4000);
    expect(waitFor(budget, [0, 0, 1000, 3000, 7000], 7000)).toBe(5000);
    expect(waitFor(budget, [0, 0, 1000, 3000, 7000, 12_000], 12_000)).toBe(5000);
    // Attempts older than the window are forgotten, and the delays with them.
    expect(waitFor(budget, [0, 0, 1000, 3000, 7000, 12_000], 61_500)).toBe(0);
  });
});

describe('reserveAttempt: budgets in the database', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });
  const budget: Budget = { name: 'test', windowMs: 15 * 60_000, limit: 5 };
  const key = { budget, subject: 'k' };
  const turn = () => new Promise((resolve) => setTimeout(resolve, 2));

  test('of 100 tries at once on one key, all wrong, exactly the budget is let through', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const { attempt, waitMs } = await reserveAttempt(h.ctx.db, h.ctx.now, [key]);
        if (!attempt) return waitMs;
        await turn();
        await attempt.settle();
        return 0;
      }),
    );
    expect(outcomes.filter((wait) => wait === 0)).toHaveLength(5);
    expect(outcomes.filter((wait) => wait === 15 * 60_000)).toHaveLength(95);
    // Another subject has a budget of its own.
    expect((await reserveAttempt(h.ctx.db, h.ctx.now, [{ budget, subject: 'other' }])).waitMs).toBe(0);
  });

  test('tries at once that turn out right all get their turn, never more than the budget at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const { attempt } = await reserveAttempt(h.ctx.db, h.ctx.now, [key]);
        if (!attempt) return false;
        most = Math.max(most, ++inFlight);
        await turn();
        inFlight--;
        await attempt.refund(key);
        return true;
      }),
    );
    expect(outcomes.every(Boolean)).toBe(true);
    expect(most).toBeLessThanOrEqual(5);
  });

  test('all keys or none: a key out of budget records nothing under the others', async () => {
    const small: Budget = { name: 'small', windowMs: 60_000, limit: 1 };
    await (await reserveAttempt(h.ctx.db, h.ctx.now, [{ budget: small, subject: 'a' }])).attempt?.settle();
    for (let i = 0; i < 10; i++) expect((await reserveAttempt(h.ctx.db, h.ctx.now, [key, { budget: small, subject: 'a' }])).waitMs).toBe(60_000);
    for (let i = 0; i < 5; i++) await (await reserveAttempt(h.ctx.db, h.ctx.now, [key])).attempt?.settle();
    expect((await reserveAttempt(h.ctx.db, h.ctx.now, [key])).waitMs).toBe(15 * 60_000);
  });

  test('a refund gives the try back, a clear every try; a try never settled counts after a minute; old rows are pruned', async () => {
    const reserve = async () => {
      const { attempt } = await reserveAttempt(h.ctx.db, h.ctx.now, [key]);
      if (!attempt) throw new Error('refused');
      return attempt;
    };
    for (let i = 0; i < 4; i++) await (await reserve()).settle();
    const right = await reserve();
    await right.refund(key);
    await right.settle();
    const lost = await reserve();
    // `lost` never settles (its process stopped): it counts as wrong once it is a minute old, so the next is refused, not kept waiting.
    h.advance(61_000);
    const started = performance.now();
    expect((await reserveAttempt(h.ctx.db, h.ctx.now, [key])).waitMs).toBe(15 * 60_000 - 61_000);
    expect(performance.now() - started).toBeLessThan(1000);
    await lost.clear(key);
    expect((await reserveAttempt(h.ctx.db, h.ctx.now, [key])).waitMs).toBe(0);

    h.advance(60 * 60_000);
    await (await reserveAttempt(h.ctx.db, h.ctx.now, [{ budget, subject: 'later' }])).attempt?.settle();
    expect(await pruneAttempts(h.ctx.db, h.ctx.now())).toBe(1);
    const left = await h.ctx.db.selectFrom('attempts').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['test:later']);
  });
});
