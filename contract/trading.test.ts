import { describe, expect, test } from 'vitest';
import { Money } from './money';
import { closeLimitReached, optionResultAt, proRata, roeOf, trailingBest, trailingHit, trailingStopPrice, triggerReached } from './trading';

describe('optionResultAt', () => {
  test('up wins above the open price, down below it; at the open price both tie', () => {
    expect(optionResultAt(1, '95617.80', '95617.81')).toBe('win');
    expect(optionResultAt(1, '95617.80', '95617.79')).toBe('loss');
    expect(optionResultAt(-1, '95617.80', '95617.79')).toBe('win');
    expect(optionResultAt(-1, '95617.80', '95617.81')).toBe('loss');
    expect(optionResultAt(1, '95617.80', '95617.8')).toBe('tie');
    expect(optionResultAt(-1, '95617.80', '95617.80')).toBe('tie');
  });

  test('a live price as the app holds it (a number) is compared exactly', () => {
    expect(optionResultAt(1, '95617.80', 95_617.8)).toBe('tie');
    expect(optionResultAt(-1, '1.10', 1.1)).toBe('tie');
    expect(optionResultAt(-1, '1.10', 1.09)).toBe('win');
  });
});

describe('return on equity', () => {
  test('profit over the margin, in percent; none without a margin', () => {
    expect(roeOf('50.01', '480.096')?.toFixed(4)).toBe('10.4166');
    expect(roeOf('-96.0192', '960.192')?.toFixed()).toBe('-10');
    expect(roeOf('0', '100')?.toFixed()).toBe('0');
    expect(roeOf('10', '0')).toBeNull();
  });
});

describe('trailing stops', () => {
  test('the best price is a long’s highest trade, a short’s lowest', () => {
    expect(trailingBest(1, '98019.6', '97519.5').toFixed()).toBe('98019.6');
    expect(trailingBest(1, '98019.6', '98100').toFixed()).toBe('98100');
    expect(trailingBest(-1, '95019', '95419.08').toFixed()).toBe('95019');
    expect(trailingBest(-1, '95019', '94000').toFixed()).toBe('94000');
  });

  test('the stop lies the callback below a long’s best, above a short’s; a trade at or beyond it reaches it', () => {
    const long = trailingStopPrice(1, '98019.6', { rate: '0.01' });
    expect(long.toFixed()).toBe('97039.404');
    expect(trailingHit(1, long, '97039.41')).toBe(false);
    expect(trailingHit(1, long, '97039.40')).toBe(true);
    const short = trailingStopPrice(-1, '95019', { distance: '500' });
    expect(short.toFixed()).toBe('95519');
    expect(trailingHit(-1, short, '95518.99')).toBe(false);
    expect(trailingHit(-1, short, '95519')).toBe(true);
  });
});

describe('triggers and limits', () => {
  test('a buy stop triggers at or above its trigger, a sell stop at or below it', () => {
    expect(triggerReached(1, '97000', '97000')).toBe(true);
    expect(triggerReached(1, '97000', '96999.99')).toBe(false);
    expect(triggerReached(-1, '95000', '95000')).toBe(true);
    expect(triggerReached(-1, '95000', '95000.01')).toBe(false);
  });

  test('a long’s limit close sells at or above its limit, a short’s buys at or below it', () => {
    expect(closeLimitReached(1, '97000', '97000')).toBe(true);
    expect(closeLimitReached(1, '97000', '96999.99')).toBe(false);
    expect(closeLimitReached(-1, '95000', '95000')).toBe(true);
    expect(closeLimitReached(-1, '95000', '95000.01')).toBe(false);
  });

  test('a pro rata part is cut down; the parts never add up to more than the whole', () => {
    expect(proRata('411.510858', 1, 3, 6).toFixed()).toBe('137.170286');
    expect(proRata('960.192', 4, 10, 6).toFixed()).toBe('384.0768');
    const whole = '411.510858';
    const first = proRata(whole, 1, 3, 6);
    const second = proRata(new Money(whole).minus(first), 1, 2, 6);
    expect(first.plus(second).lte(whole)).toBe(true);
  });
});
