import { describe, expect, test } from 'vitest';
import { Money } from './money';
import {
  amountDecimals,
  leverageRange,
  lotsOfPercent,
  ocoPrices,
  priceBand,
  priceTicks,
  quantityLots,
  reduceOnly,
  shareRange,
  smallestOrder,
  stakeRange,
  stopsSide,
  trailingCallback,
  triggerSide,
} from './order-rules';

const m = (value: string) => new Money(value);
const ok = { ok: true };

describe('price and quantity steps', () => {
  test('a price is a whole, positive number of ticks of the market decimals', () => {
    expect(priceTicks(m('95000.12'), 2)).toEqual({ ok: true, ticks: 9_500_012 });
    expect(priceTicks(m('0.01'), 2)).toEqual({ ok: true, ticks: 1 });
    expect(priceTicks(m('95000.1'), 2)).toEqual({ ok: true, ticks: 9_500_010 });
    expect(priceTicks(m('95000.123'), 2)).toEqual({ ok: false, key: 'price_step', params: { decimals: 2 } });
    expect(priceTicks(m('0.001'), 2)).toEqual({ ok: false, key: 'price_step', params: { decimals: 2 } });
    expect(priceTicks(m('0'), 2)).toMatchObject({ ok: false, key: 'price_step' });
    expect(priceTicks(m('-1'), 2)).toMatchObject({ ok: false, key: 'price_step' });
    expect(priceTicks(m('5'), 0)).toEqual({ ok: true, ticks: 5 });
    expect(priceTicks(m('5.5'), 0)).toEqual({ ok: false, key: 'price_step', params: { decimals: 0 } });
  });

  test('a quantity is a whole, positive number of lots; the refusal names the step', () => {
    expect(quantityLots(m('0.00001'), 5, 'BTC')).toEqual({ ok: true, lots: 1 });
    expect(quantityLots(m('1.5'), 5, 'BTC')).toEqual({ ok: true, lots: 150_000 });
    expect(quantityLots(m('0.000001'), 5, 'BTC')).toEqual({ ok: false, key: 'quantity_step', params: { step: '0.00001', currency: 'BTC' } });
    expect(quantityLots(m('0'), 5, 'BTC')).toMatchObject({ ok: false, key: 'quantity_step' });
    expect(quantityLots(m('3'), 0, 'SHIB')).toEqual({ ok: true, lots: 3 });
    expect(quantityLots(m('3.1'), 0, 'SHIB')).toEqual({ ok: false, key: 'quantity_step', params: { step: '1', currency: 'SHIB' } });
  });
});

describe('the price band', () => {
  // 96,019.20 with a band of 0.5: from 48,009.60 to 144,028.80.
  const band = (price: string) => priceBand(m(price), '96019.2', '0.5', 2);
  const refused = { ok: false, key: 'price_band', params: { low: '48009.60', high: '144028.80' } };

  test('both edges are inside', () => {
    expect(band('48009.60')).toEqual(ok);
    expect(band('144028.80')).toEqual(ok);
    expect(band('96019.20')).toEqual(ok);
  });

  test('one tick beyond either edge is refused, with the edges at the market decimals', () => {
    expect(band('48009.59')).toEqual(refused);
    expect(band('144028.81')).toEqual(refused);
    expect(band('200000')).toEqual(refused);
  });

  test('edges between ticks are shown cut down, never rounded up', () => {
    // 100.01 x 0.5 = 50.005 and 100.01 x 1.5 = 150.015
    const params = { low: '50.00', high: '150.01' };
    expect(priceBand(m('50.01'), '100.01', '0.5', 2)).toEqual(ok);
    expect(priceBand(m('150.01'), '100.01', '0.5', 2)).toEqual(ok);
    expect(priceBand(m('150.02'), '100.01', '0.5', 2)).toEqual({ ok: false, key: 'price_band', params });
  });
});

describe('the smallest order', () => {
  test('exactly the minimum value is enough, a step less is not', () => {
    expect(smallestOrder(m('0.01'), '100', '1', 'USDT')).toEqual(ok);
    expect(smallestOrder(m('0.00001'), '100000', '1', 'USDT')).toEqual(ok);
    expect(smallestOrder(m('0.00001'), '99999.99', '1', 'USDT')).toEqual({ ok: false, key: 'order_too_small', params: { amount: '1', currency: 'USDT' } });
    expect(smallestOrder(m('0.00001'), m('95000'), '1', 'USDT')).toMatchObject({ ok: false, key: 'order_too_small' });
  });

  test('the minimum is named in its plain form', () => {
    expect(smallestOrder(m('0.001'), '100', '1.50', 'USDT')).toEqual({ ok: false, key: 'order_too_small', params: { amount: '1.5', currency: 'USDT' } });
  });
});

describe('the number of lots', () => {
  test('from the minimum to the maximum, both included', () => {
    expect(shareRange(1, 1, 1000)).toEqual(ok);
    expect(shareRange(1000, 1, 1000)).toEqual(ok);
    expect(shareRange(0, 1, 1000)).toEqual({ ok: false, key: 'share_range', params: { min: 1, max: 1000 } });
    expect(shareRange(1001, 1, 1000)).toEqual({ ok: false, key: 'share_range', params: { min: 1, max: 1000 } });
  });
});

describe('take-profit and stop-loss sides', () => {
  const price = m('100');
  const at = (key: string) => ({ ok: false, key, params: { price: '100.00' } });

  test('a long takes profit above the price and stops loss below it', () => {
    expect(stopsSide(1, price, m('100.01'), m('99.99'), 2)).toEqual(ok);
    expect(stopsSide(1, price, m('100'), null, 2)).toEqual(at('take_profit_above'));
    expect(stopsSide(1, price, m('99.99'), null, 2)).toEqual(at('take_profit_above'));
    expect(stopsSide(1, price, null, m('100'), 2)).toEqual(at('stop_loss_below'));
    expect(stopsSide(1, price, null, m('100.01'), 2)).toEqual(at('stop_loss_below'));
  });

  test('a short takes profit below the price and stops loss above it', () => {
    expect(stopsSide(-1, price, m('99.99'), m('100.01'), 2)).toEqual(ok);
    expect(stopsSide(-1, price, m('100'), null, 2)).toEqual(at('take_profit_below'));
    expect(stopsSide(-1, price, m('100.01'), null, 2)).toEqual(at('take_profit_below'));
    expect(stopsSide(-1, price, null, m('100'), 2)).toEqual(at('stop_loss_above'));
    expect(stopsSide(-1, price, null, m('99.99'), 2)).toEqual(at('stop_loss_above'));
  });

  test('absent levels pass; with both wrong the take-profit is named first', () => {
    expect(stopsSide(1, price, null, null, 2)).toEqual(ok);
    expect(stopsSide(1, price, m('90'), m('110'), 2)).toEqual(at('take_profit_above'));
    expect(stopsSide(-1, price, m('110'), m('90'), 2)).toEqual(at('take_profit_below'));
  });

  test('the price is shown at the market decimals', () => {
    expect(stopsSide(1, m('96019.2'), m('95000'), null, 2)).toEqual({ ok: false, key: 'take_profit_above', params: { price: '96019.20' } });
  });
});

describe('option stakes', () => {
  test('an amount has at most its currency decimals', () => {
    expect(amountDecimals(m('10.123456'), 6, 'USDT')).toEqual(ok);
    expect(amountDecimals(m('10'), 6, 'USDT')).toEqual(ok);
    expect(amountDecimals(m('10.1234567'), 6, 'USDT')).toEqual({ ok: false, key: 'amount_precision', params: { currency: 'USDT', decimals: 6 } });
  });

  test('a stake from the minimum to the maximum, both included', () => {
    const refused = { ok: false, key: 'option_stake_range', params: { min: '10', max: '5000', currency: 'USDT' } };
    expect(stakeRange(m('10'), '10', '5000', 'USDT')).toEqual(ok);
    expect(stakeRange(m('5000'), m('5000'), '5000', 'USDT')).toEqual(ok);
    expect(stakeRange(m('9.999999'), '10', '5000', 'USDT')).toEqual(refused);
    expect(stakeRange(m('5000.000001'), '10', '5000', 'USDT')).toEqual(refused);
  });
});

describe('stops and OCO orders', () => {
  test('a buy stop triggers above the last price, a sell stop below it; at the last price it is on the wrong side', () => {
    expect(triggerSide(1, m('97000'), '96019.2', 2)).toEqual(ok);
    expect(triggerSide(-1, m('95000'), '96019.2', 2)).toEqual(ok);
    expect(triggerSide(1, m('95000'), '96019.2', 2)).toEqual({ ok: false, key: 'trigger_above', params: { price: '96019.20' } });
    expect(triggerSide(-1, m('97000'), '96019.2', 2)).toEqual({ ok: false, key: 'trigger_below', params: { price: '96019.20' } });
    expect(triggerSide(1, m('96019.20'), '96019.2', 2)).toMatchObject({ ok: false, key: 'trigger_above' });
    expect(triggerSide(-1, m('96019.20'), '96019.2', 2)).toMatchObject({ ok: false, key: 'trigger_below' });
  });

  test('an OCO takes profit on the far side of the last price from its stop', () => {
    expect(ocoPrices(-1, m('98000'), m('95000'), '96019.2', 2)).toEqual(ok);
    expect(ocoPrices(1, m('95000'), m('97000'), '96019.2', 2)).toEqual(ok);
    expect(ocoPrices(-1, m('96019.20'), m('95000'), '96019.2', 2)).toEqual({ ok: false, key: 'order_oco_limit_above', params: { price: '96019.20' } });
    expect(ocoPrices(1, m('96500'), m('97000'), '96019.2', 2)).toEqual({ ok: false, key: 'order_oco_limit_below', params: { price: '96019.20' } });
    // The take profit right, the stop wrong: the stop's own refusal.
    expect(ocoPrices(-1, m('98000'), m('96500'), '96019.2', 2)).toMatchObject({ ok: false, key: 'trigger_below' });
    expect(ocoPrices(1, m('95000'), m('95500'), '96019.2', 2)).toMatchObject({ ok: false, key: 'trigger_above' });
  });
});

describe('futures orders', () => {
  test('any whole leverage in the range, both ends included', () => {
    expect(leverageRange(1, 1, 100)).toEqual(ok);
    expect(leverageRange(37, 1, 100)).toEqual(ok);
    expect(leverageRange(100, 1, 100)).toEqual(ok);
    expect(leverageRange(101, 1, 100)).toEqual({ ok: false, key: 'order_leverage_range', params: { min: 1, max: 100 } });
    expect(leverageRange(0, 1, 100)).toMatchObject({ ok: false, key: 'order_leverage_range' });
    expect(leverageRange(7.5, 1, 100)).toMatchObject({ ok: false, key: 'order_leverage_range' });
  });

  test('a trailing callback: a rate from 0.1 % to 10 %, or a distance that is that share of the last price', () => {
    const range = { min: '0.001', max: '0.1' };
    expect(trailingCallback({ rate: m('0.001') }, range, '96019.2', 2)).toEqual(ok);
    expect(trailingCallback({ rate: m('0.1') }, range, '96019.2', 2)).toEqual(ok);
    expect(trailingCallback({ rate: m('0.0009') }, range, '96019.2', 2)).toEqual({ ok: false, key: 'order_trail_rate_range', params: { min: '0.1', max: '10' } });
    expect(trailingCallback({ rate: m('0.2') }, range, '96019.2', 2)).toMatchObject({ ok: false, key: 'order_trail_rate_range' });
    expect(trailingCallback({ distance: m('500') }, range, '96019.2', 2)).toEqual(ok);
    // 96.0192 is the least: shown rounded up to a price that passes; 9,601.92 the most.
    expect(trailingCallback({ distance: m('96.01') }, range, '96019.2', 2)).toEqual({ ok: false, key: 'order_trail_distance_range', params: { min: '96.02', max: '9601.92' } });
    expect(trailingCallback({ distance: m('96.02') }, range, '96019.2', 2)).toEqual(ok);
    expect(trailingCallback({ distance: m('9601.93') }, range, '96019.2', 2)).toMatchObject({ ok: false, key: 'order_trail_distance_range' });
  });

  test('reduce-only closes at most what the position holds; a percentage is whole lots, at least one', () => {
    expect(reduceOnly(10, 10)).toEqual(ok);
    expect(reduceOnly(11, 10)).toEqual({ ok: false, key: 'order_reduce_too_large', params: { share: 10 } });
    expect(lotsOfPercent(10, 25)).toBe(2);
    expect(lotsOfPercent(10, 50)).toBe(5);
    expect(lotsOfPercent(10, 75)).toBe(7);
    expect(lotsOfPercent(10, 100)).toBe(10);
    expect(lotsOfPercent(3, 25)).toBe(1);
    expect(lotsOfPercent(1, 50)).toBe(1);
    expect(lotsOfPercent(0, 50)).toBe(0);
  });
});
