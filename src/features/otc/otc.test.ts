import { describe, expect, test } from 'vitest';
import { Money } from '../../../contract/money';
import { adDraftErrors, coinsFor, countdownText, fiatProblem, largestFiat, livePrice, releaseTime, type AdDraft } from './otc';

const ad = { min_fiat: '100.00', max_fiat: '1000.00', remaining: '120.000000', price: '7.20', precision: 6 };

describe('an order from an advertisement', () => {
  test('a fiat amount comes to its coins at the price, cut down to the coin’s decimals as the desk takes it', () => {
    expect(coinsFor(new Money('720'), '7.20', 6).toFixed()).toBe('100');
    expect(coinsFor(new Money('100'), '7.20', 6).toFixed()).toBe('13.888888');
    expect(coinsFor(new Money('100'), '96000.00', 8).toFixed()).toBe('0.00104166');
    expect(coinsFor(new Money('100'), '0', 6).toFixed()).toBe('0');
  });

  test('the most one order takes: the highest limit, or what the remaining coins are worth when less', () => {
    expect(largestFiat(ad).toFixed(2)).toBe('864.00');
    expect(largestFiat({ ...ad, remaining: '500.000000' }).toFixed(2)).toBe('1000.00');
    expect(largestFiat({ ...ad, remaining: '0.333333' }).toFixed(2)).toBe('2.39');
  });

  test('an amount outside the limits, over the remaining coins or not a number is refused, with why', () => {
    expect(fiatProblem('720', ad)).toBeNull();
    expect(fiatProblem('100', ad)).toBeNull();
    expect(fiatProblem('99.99', ad)).toBe('below');
    expect(fiatProblem('1000.01', { ...ad, remaining: '500' })).toBe('above');
    expect(fiatProblem('900', ad)).toBe('remaining');
    expect(fiatProblem('', ad)).toBe('invalid');
    expect(fiatProblem('12.345', ad)).toBe('invalid');
    expect(fiatProblem('abc', ad)).toBe('invalid');
  });
});

test('the time to pay reads as a clock, hours only past an hour, never below zero', () => {
  expect(countdownText(15 * 60_000)).toBe('15:00');
  expect(countdownText(61_500)).toBe('01:02');
  expect(countdownText(65 * 60_000)).toBe('1:05:00');
  expect(countdownText(-5000)).toBe('00:00');
});

test('an average release time in seconds, minutes or hours', () => {
  expect(releaseTime(90)).toEqual({ unit: 'seconds', count: 90 });
  expect(releaseTime(150)).toEqual({ unit: 'minutes', count: 3 });
  expect(releaseTime(3 * 3600)).toEqual({ unit: 'hours', count: 3 });
});

test('a floating price: the dollar price times the fiat rate times the margin, to cents half up', () => {
  expect(livePrice(1, 7.2, '1.05')?.toFixed(2)).toBe('7.56');
  expect(livePrice(96000, 1, '0.995')?.toFixed(2)).toBe('95520.00');
  expect(livePrice(1.0001, 7.1234, '1')?.toFixed(2)).toBe('7.12');
  expect(livePrice(undefined, 7.2, '1')).toBeNull();
  expect(livePrice(1, 7.2, 'x')).toBeNull();
});

describe('the advertisement form', () => {
  const draft: AdDraft = { priceType: 'fixed', price: '7.2', margin: '1', minFiat: '100', maxFiat: '1000', amount: '500', payments: ['domestic'], window: '15' };

  test('a good advertisement has no errors', () => {
    expect(adDraftErrors(draft, 6)).toEqual({});
    expect(adDraftErrors({ ...draft, priceType: 'floating', price: '', margin: '1.2' }, 6)).toEqual({});
  });

  test('each wrong field is named, by the server’s rules', () => {
    expect(adDraftErrors({ ...draft, price: '7.205' }, 6)).toEqual({ price: true });
    expect(adDraftErrors({ ...draft, priceType: 'floating', margin: '1.21' }, 6)).toEqual({ margin: true });
    expect(adDraftErrors({ ...draft, priceType: 'floating', margin: '0.79' }, 6)).toEqual({ margin: true });
    expect(adDraftErrors({ ...draft, minFiat: '1000', maxFiat: '100' }, 6)).toEqual({ limits: true });
    expect(adDraftErrors({ ...draft, amount: '0.123456789' }, 8)).toEqual({ amount: true });
    expect(adDraftErrors({ ...draft, payments: [] }, 6)).toEqual({ payments: true });
    expect(adDraftErrors({ ...draft, window: '4' }, 6)).toEqual({ window: true });
    expect(adDraftErrors({ ...draft, window: '121' }, 6)).toEqual({ window: true });
  });
});
