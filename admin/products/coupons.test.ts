import { describe, expect, test } from 'vitest';
import { couponShare } from './coupons';

describe('a fee discount typed in percent', () => {
  test.each([
    ['50', '0.5'],
    ['12.5', '0.125'],
    ['0.01', '0.0001'],
    ['100', '1'],
    [' 25 % ', '0.25'],
  ])('%s %% is the share %s', (percent, share) => {
    expect(couponShare(percent)).toBe(share);
  });

  test.each(['0', '0.00', '100.01', '150', '-5', '12.345', 'half', '', '1e2', '07'])('%s is not one', (percent) => {
    expect(couponShare(percent)).toBeNull();
  });
});
