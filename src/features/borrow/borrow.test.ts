import { describe, expect, test } from 'vitest';
import { decimalsOf, healthOf, maxBorrow, previewLoan, shareOf } from './borrow';

/** What the borrow card shows before a loan is taken: the rules the server applies (contract/borrow.ts). */
describe('a loan before it is taken', () => {
  test('0.01 BTC at 60,000 lends at most 300 USDT (50 %), cut to the debt decimals', () => {
    expect(maxBorrow('0.01', '60000', 6).toFixed()).toBe('300');
    expect(maxBorrow('0.00333333', '60000.01', 6).toFixed()).toBe('99.999916');
  });

  test('200 USDT against 0.01 BTC at 60,000: LTV 1/3, a day at 12 % APR, margin call and liquidation prices rounded up', () => {
    const preview = previewLoan({ collateral: '0.01', amount: '200', price: '60000', apr: '0.12', debtDecimals: 6, priceDecimals: 2 });
    expect(preview.value.toFixed()).toBe('600');
    expect(preview.ltv.toDecimalPlaces(4).toFixed()).toBe('0.3333');
    // 200 x 0.12 x 24 / 8760 = 0.0657534246... rounded up to 6 decimals
    expect(preview.dailyInterest.toFixed()).toBe('0.065754');
    // 200 / (0.01 x 0.7) = 28,571.428571...; 200 / (0.01 x 0.83) = 24,096.385542...
    expect(preview.marginCallPrice.toFixed()).toBe('28571.43');
    expect(preview.liquidationPrice.toFixed()).toBe('24096.39');
  });

  test('a price written with its decimals tells them', () => {
    expect(decimalsOf('60000.10')).toBe(2);
    expect(decimalsOf('3000')).toBe(0);
  });

  test('a share of the balance never takes more than there is', () => {
    expect(shareOf('0.012345678', 33, 8).toFixed()).toBe('0.00407407');
    expect(shareOf('0.5', 100, 8).toFixed()).toBe('0.5');
  });
});

describe('a loan’s health', () => {
  test('safe to 50 %, watched to 70 %, margin-called to 83 %, liquidated from 83 %', () => {
    expect(healthOf('0.5')).toBe('safe');
    expect(healthOf('0.5001')).toBe('watch');
    expect(healthOf('0.7')).toBe('margin');
    expect(healthOf('0.8299')).toBe('margin');
    expect(healthOf('0.83')).toBe('liquidation');
  });
});
