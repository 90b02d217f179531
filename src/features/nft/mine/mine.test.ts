import { describe, expect, test } from 'vitest';
import { messageTarget, orderState, sortBoxes, type NftBoxUnit } from './nft';

const HOUR = 3_600_000;

describe('an order’s state on the orders tab', () => {
  const now = Date.UTC(2025, 0, 1, 12);
  test('an auction won counts down to its deadline, then is over even before the job marks it expired', () => {
    expect(orderState({ status: 'to_pay', pay_by: now + HOUR }, now)).toEqual({ kind: 'to_pay', left: HOUR });
    expect(orderState({ status: 'to_pay', pay_by: now }, now)).toEqual({ kind: 'overdue' });
    expect(orderState({ status: 'expired', pay_by: now - HOUR }, now)).toEqual({ kind: 'expired' });
    expect(orderState({ status: 'paid', pay_by: now - HOUR }, now)).toEqual({ kind: 'paid' });
  });
});

describe('where a message leads', () => {
  const item = { code: 'KN000001', name: 'Dawn', cover: '/uploads/nft/a.png' };
  test('an auction won or lost by not paying: the orders; outbid, deposits and sales: the sale', () => {
    expect(messageTarget({ kind: 'won', sale_id: 4, order_id: 9, item })).toEqual({ path: '/pages/nft/mine', search: { tab: 'orders' } });
    expect(messageTarget({ kind: 'expired', sale_id: 4, order_id: 9, item })).toEqual({ path: '/pages/nft/mine', search: { tab: 'orders' } });
    for (const kind of ['outbid', 'returned', 'sold', 'forfeit'] as const)
      expect(messageTarget({ kind, sale_id: 4, order_id: null, item })).toEqual({ path: '/pages/nft/artworkDetail', search: { id: '4' } });
    expect(messageTarget({ kind: 'sold', sale_id: null, order_id: null, item })).toEqual({ path: '/pages/nft/myNft', search: { code: 'KN000001' } });
  });
});

test('boxes to open come first, in the order they were bought; then the opened ones, newest first', () => {
  const unit = (id: number, created_at: number, opened_at: number | null): NftBoxUnit => ({ id, box: { id: 1, name: 'Box', cover: '' }, number: id, item: null, opened_at, created_at });
  const sorted = sortBoxes([unit(1, 100, 500), unit(2, 200, null), unit(3, 300, 900), unit(4, 150, null)]);
  expect(sorted.map((box) => box.id)).toEqual([4, 2, 3, 1]);
});
