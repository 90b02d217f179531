import { describe, expect, test } from 'vitest';
import { Money } from '../../../../contract/money';
import { fromLocalInput, resaleProblems, resaleProceeds, toLocalInput, type ResaleDraft } from './resale';

const rates = { fee_rate: '0.025', royalty_rate: '0.05', precision: 6 };
const HOUR = 3_600_000;

describe('what the seller receives', () => {
  test('a resale pays the fee and the creator’s royalty out of the price', () => {
    const { fee, royalty, receive } = resaleProceeds(new Money('100'), rates, false);
    expect([fee.toFixed(), royalty.toFixed(), receive.toFixed()]).toEqual(['2.5', '5', '92.5']);
  });

  test('the creator reselling their own artwork pays no royalty', () => {
    const { royalty, receive } = resaleProceeds(new Money('100'), rates, true);
    expect([royalty.toFixed(), receive.toFixed()]).toEqual(['0', '97.5']);
  });

  test('fee and royalty are cut down to the currency’s decimals, as the server charges them', () => {
    const { fee, royalty, receive } = resaleProceeds(new Money('0.000039'), rates, false);
    // 0.000039 × 0.025 = 0.000000975 -> 0; × 0.05 = 0.00000195 -> 0.000001
    expect([fee.toFixed(), royalty.toFixed(), receive.toFixed()]).toEqual(['0', '0.000001', '0.000038']);
  });
});

describe('the resale form', () => {
  const now = Date.UTC(2025, 0, 1, 12);
  const draft: ResaleDraft = { mode: 'normal', price: '10', increment: '', deposit: '', start: now, end: now + 24 * HOUR };

  test('a fixed price with a start and a later end is accepted; an auction needs its increment and deposit', () => {
    expect(resaleProblems(draft, 6, now)).toEqual({});
    expect(resaleProblems({ ...draft, mode: 'auction' }, 6, now)).toEqual({ increment: 'increment', deposit: 'deposit' });
    expect(resaleProblems({ ...draft, mode: 'auction', increment: '1', deposit: '5' }, 6, now)).toEqual({});
  });

  test('a price must be positive with at most the currency’s decimals', () => {
    for (const price of ['', '0', '-1', '1.1234567', 'abc', '1e3']) expect(resaleProblems({ ...draft, price }, 6, now)).toEqual({ price: 'price' });
  });

  test('the end must come after the start, and in the future', () => {
    expect(resaleProblems({ ...draft, end: now }, 6, now)).toEqual({ end: 'order' });
    expect(resaleProblems({ ...draft, start: now - 3 * HOUR, end: now - HOUR }, 6, now)).toEqual({ end: 'past' });
    expect(resaleProblems({ ...draft, start: null, end: null }, 6, now)).toEqual({ start: 'time', end: 'time' });
  });
});

test('datetime-local text and back, in the phone’s time zone', () => {
  const time = new Date(2025, 5, 7, 8, 9).getTime();
  expect(toLocalInput(time)).toBe('2025-06-07T08:09');
  expect(fromLocalInput('2025-06-07T08:09')).toBe(time);
  expect(fromLocalInput('')).toBeNull();
  expect(fromLocalInput('tomorrow')).toBeNull();
});
