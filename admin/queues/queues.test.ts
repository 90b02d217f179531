import { describe, expect, test } from 'vitest';
import { afterRemoval, counts, isQueue, moved, total, without, type PendingWork } from './queues';

const work: PendingWork = {
  identities: [1, 2, 3].map((id) => ({ id, uid: 1000 + id, level: 1, id_type: 'passport', name: 'Ann', card_id: 'P1', front_pic: '', reverse_pic: '', created_at: 0 })),
  recharges: [{ id: 7, uid: 1001, code: 'USDT', network: 'TRC20', amount: '250', sender: 'T...', voucher: '/uploads/v.png', created_at: 0 }],
  withdrawals: [],
  traders: [],
  chat_reports: [],
  otc_appeals: [],
  nft_sales: [],
};

describe('the queues', () => {
  test('count what waits in each queue of the console, and in all of them', () => {
    expect(counts(work)).toEqual({ identities: 3, recharges: 1, withdrawals: 0 });
    expect(total(work)).toBe(4);
    expect(isQueue('withdrawals')).toBe(true);
    expect(isQueue('traders')).toBe(false);
  });

  test('j and k move the selection and stay at the ends; nothing selected starts at an end', () => {
    expect(moved([1, 2, 3], 1, 1)).toBe(2);
    expect(moved([1, 2, 3], 3, 1)).toBe(3);
    expect(moved([1, 2, 3], 2, -1)).toBe(1);
    expect(moved([1, 2, 3], 1, -1)).toBe(1);
    expect(moved([1, 2, 3], null, 1)).toBe(1);
    expect(moved([1, 2, 3], null, -1)).toBe(3);
    expect(moved([1, 2, 3], 9, 1)).toBe(1);
    expect(moved([], null, 1)).toBeNull();
  });

  test('a decided item leaves: the next one takes the selection, the one before at the end, none when it was the last', () => {
    expect(afterRemoval([1, 2, 3], 1)).toBe(2);
    expect(afterRemoval([1, 2, 3], 2)).toBe(3);
    expect(afterRemoval([1, 2, 3], 3)).toBe(2);
    expect(afterRemoval([4], 4)).toBeNull();
    expect(afterRemoval([1, 2], 9)).toBe(1);
  });

  test('without() takes the decided row out of its queue only, and the counts follow', () => {
    const after = without(work, 'identities', 2);
    expect(after.identities.map((item) => item.id)).toEqual([1, 3]);
    expect(after.recharges).toBe(work.recharges);
    expect(counts(after)).toEqual({ identities: 2, recharges: 1, withdrawals: 0 });
  });
});
