import { describe, expect, test } from 'vitest';
import { dualOutcomes, termYield } from './dual';

/** The screens' two outcomes are the shared rule's payouts on each side of the linked price (spec 9). */
describe('dual outcomes', () => {
  test('sell high: 0.1 BTC for 7 days at 36.5 % pays 0.1007 BTC below the linked price, 10,070 USDT at or above it', () => {
    const terms = { type: 'call', linked_price: '100000', apr: '0.365', days: 7 } as const;
    const { invested, other } = dualOutcomes(terms, '0.1', { invested: 8, other: 6 });
    expect(invested.toFixed()).toBe('0.1007');
    expect(other.toFixed()).toBe('10070');
  });

  test('buy low: 1,000 USDT for 7 days at 36.5 % pays 1,007 USDT above the linked price, the BTC it buys at or below it, cut to 8 decimals', () => {
    const terms = { type: 'put', linked_price: '90000', apr: '0.365', days: 7 } as const;
    const { invested, other } = dualOutcomes(terms, '1000', { invested: 6, other: 8 });
    expect(invested.toFixed()).toBe('1007');
    // 1,007 / 90,000 = 0.0111888...
    expect(other.toFixed()).toBe('0.01118888');
  });

  test('the yield for the term is days x APR / 365', () => {
    expect(termYield({ apr: '0.365', days: 7 }).toFixed()).toBe('0.007');
  });
});
