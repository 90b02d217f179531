import { describe, expect, test } from 'vitest';
import { copyCost, copyLots, numberInRange, stopDateOf, stopTimeOf, typedLots, typedMultiple } from './sizing';

const rules = { multiple_min: '0.01', multiple_max: '100', lots_min: 1, lots_max: 1000 };

describe('the multiple field', () => {
  test('keeps up to two decimals as typed', () => {
    expect(typedMultiple('1.5')).toBe('1.5');
    expect(typedMultiple('0.25')).toBe('0.25');
    expect(typedMultiple('2.')).toBe('2.');
    expect(typedMultiple('007')).toBe('7');
  });

  test('rounds a longer fraction to two decimals (spec 5), rather than cutting it', () => {
    expect(typedMultiple('1.256')).toBe('1.26');
    expect(typedMultiple('1.254')).toBe('1.25');
    expect(typedMultiple('3,333')).toBe('3.33');
  });

  test('drops what is not a number', () => {
    expect(typedMultiple('1.2.3x')).toBe('1.23');
    expect(typedLots('12.5')).toBe('125');
    expect(typedLots('0040')).toBe('40');
  });
});

describe('sizing a copy as the server does', () => {
  test('a multiple of the trader lots is rounded down to whole lots', () => {
    expect(copyLots('multiple', '1.5', 3)).toBe(4);
    expect(copyLots('multiple', '0.5', 1)).toBe(0);
    expect(copyLots('multiple', '2', 5)).toBe(10);
  });

  test('fixed lots ignore the trader size', () => {
    expect(copyLots('lots', '3', 50)).toBe(3);
  });

  test('margin is price x lot size x lots / leverage; the fee is on the notional', () => {
    const cost = copyCost({ lots: 4, lotSize: '0.01', price: '60000', multiple: 20, feeRate: '0.0005' });
    expect(cost.margin.toFixed()).toBe('120');
    expect(cost.fee.toFixed()).toBe('1.2');
  });

  test('numbers out of the rules are refused', () => {
    expect(numberInRange('multiple', '0.01', rules)).toBe(true);
    expect(numberInRange('multiple', '100', rules)).toBe(true);
    expect(numberInRange('multiple', '100.01', rules)).toBe(false);
    expect(numberInRange('multiple', '0', rules)).toBe(false);
    expect(numberInRange('multiple', '1.234', rules)).toBe(false);
    expect(numberInRange('lots', '1.5', rules)).toBe(false);
    expect(numberInRange('lots', '1000', rules)).toBe(true);
    expect(numberInRange('lots', '1001', rules)).toBe(false);
  });
});

test('a stop date ends at the next local midnight, and reads back as the same day', () => {
  const end = stopTimeOf('2030-03-09');
  expect(end).toBe(new Date(2030, 2, 10).getTime());
  expect(stopDateOf(end ?? 0)).toBe('2030-03-09');
  expect(stopTimeOf('')).toBeNull();
});
