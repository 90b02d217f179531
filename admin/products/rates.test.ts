import { describe, expect, test } from 'vitest';
import { rateChange } from './rates';

describe("a rate's change, shown before it is set", () => {
  test('in percent of the rate in force', () => {
    expect(rateChange('7.25', '7.975')).toBeCloseTo(10, 10);
    expect(rateChange('154', '77')).toBe(-50);
    expect(rateChange('1', '1')).toBe(0);
  });
  test.each(['', '0', 'seven', '-7', '7.'])('none for %j', (typed) => {
    expect(rateChange('7.25', typed)).toBeNull();
  });
});
