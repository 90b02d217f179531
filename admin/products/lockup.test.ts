import { describe, expect, test } from 'vitest';
import { draftOf, emptyDraft, inputOf, type LockupDraft, type LockupProduct } from './lockup';

/** The Lock-up tab's form: rates typed as the app shows them (percentages), sent as the API takes them (fractions). */
const DRAFT: LockupDraft = { currency: 'ETH', days: '45', min_amount: '0.25', rate_min: '0.2', rate_max: '0.3', full_rate_amount: '6', penalty_rate: '0.1', sort: '900' };

describe('the form of a lock-up product', () => {
  test('percentages become fractions to 6 decimals, whole numbers numbers, and spaces go', () => {
    expect(inputOf({ ...DRAFT, rate_min: ' 0.0035 ', penalty_rate: '0' })).toEqual({
      input: { currency: 'ETH', days: 45, min_amount: '0.25', rate_min: '0.000035', rate_max: '0.003', full_rate_amount: '6', penalty_rate: '0', sort: 900 },
    });
    expect(inputOf({ ...DRAFT, rate_max: '5' })).toMatchObject({ input: { rate_max: '0.05' } });
  });

  test('what cannot be sent is named: an empty field, a percentage that is not one, days or order out of range', () => {
    expect(inputOf({ ...DRAFT, min_amount: ' ' })).toEqual({ problem: 'required' });
    for (const rate of ['0,2', '0.00001', '-1', '1e-3', '1000']) expect(inputOf({ ...DRAFT, rate_min: rate }), rate).toEqual({ problem: 'percent_invalid' });
    for (const days of ['0', '366', '1.5', 'ten']) expect(inputOf({ ...DRAFT, days }), days).toEqual({ problem: 'days_invalid' });
    for (const sort of ['-1', '1000001', '2.5']) expect(inputOf({ ...DRAFT, sort }), sort).toEqual({ problem: 'sort_invalid' });
  });

  test("a product's terms fill the form as percentages, and a new one starts empty after the last in the list", () => {
    const product: LockupProduct = {
      id: 2,
      code: 'USDT',
      precision: 6,
      days: 30,
      min_amount: '500',
      rate_min: '0.004',
      rate_max: '0.0055',
      full_rate_amount: '50000',
      penalty_rate: '0.005',
      status: 'open',
      sort: 2,
      created_at: 0,
      updated_at: 0,
      orders: 0,
      active_orders: 0,
      locked: '0.000000',
      yield_paid: '0.000000',
    };
    expect(draftOf(product)).toEqual({ currency: 'USDT', days: '30', min_amount: '500', rate_min: '0.4', rate_max: '0.55', full_rate_amount: '50000', penalty_rate: '0.5', sort: '2' });
    expect(inputOf(draftOf(product))).toMatchObject({ input: { rate_min: '0.004', rate_max: '0.0055', penalty_rate: '0.005' } });
    expect(emptyDraft('BTC', 5)).toEqual({ currency: 'BTC', days: '', min_amount: '', rate_min: '', rate_max: '', full_rate_amount: '', penalty_rate: '', sort: '5' });
  });
});
