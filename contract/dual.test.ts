import { describe, expect, test } from 'vitest';
import { dualPayout } from './dual';

/** Spec 9's settlement, worked by hand: 0.1 BTC for 7 days at 36.5 % APR: factor 1 + 7 x 0.365 / 365 = 1.007. */
const decimals = { invested: 8, other: 6 };
describe('dual investment payouts', () => {
  const sellHigh = { type: 'call' as const, linked_price: '100000', apr: '0.365', days: 7 };
  test('sell high: below the linked price the coin with interest; at or above it USDT at the linked price', () => {
    expect(dualPayout(sellHigh, '0.1', '99999.99', decimals).currency).toBe('invested');
    expect(dualPayout(sellHigh, '0.1', '99999.99', decimals).amount.toFixed()).toBe('0.1007');
    expect(dualPayout(sellHigh, '0.1', '100000', decimals).currency).toBe('other');
    expect(dualPayout(sellHigh, '0.1', '100000', decimals).amount.toFixed()).toBe('10070');
    expect(dualPayout(sellHigh, '0.1', '120000', decimals).amount.toFixed()).toBe('10070');
  });
  const buyLow = { type: 'put' as const, linked_price: '90000', apr: '0.365', days: 7 };
  test('buy low: above the linked price USDT with interest; at or below it the coin bought at the linked price', () => {
    expect(dualPayout(buyLow, '1000', '90000.01', decimals).currency).toBe('invested');
    expect(dualPayout(buyLow, '1000', '90000.01', decimals).amount.toFixed()).toBe('1007');
    expect(dualPayout(buyLow, '1000', '90000', decimals).currency).toBe('other');
    // 1000 x 1.007 / 90000 = 0.0111888..., rounded down to BTC's 8 decimals.
    expect(dualPayout(buyLow, '1000', '80000', { invested: 6, other: 8 }).amount.toFixed()).toBe('0.01118888');
  });
});
