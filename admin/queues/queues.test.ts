import { describe, expect, test } from 'vitest';
import { afterRemoval, counts, isQueue, moved, total, without, type PendingWork } from './queues';

const work: PendingWork = {
  identities: [1, 2, 3].map((id) => ({ id, uid: 1000 + id, level: 1, id_type: 'passport', name: 'Ann', card_id: 'P1', front_pic: '', reverse_pic: '', created_at: 0 })),
  recharges: [{ id: 7, uid: 1001, code: 'USDT', network: 'TRC20', amount: '250', sender: 'T...', voucher: '/uploads/v.png', created_at: 0 }],
  withdrawals: [],
  traders: [],
  chat_reports: [
    { id: 11, message_id: 90, room: 'lang:en', author_uid: 1005, body: 'spam', reporter_uid: 1001, reason: 'spam', created_at: 0 },
    { id: 12, message_id: 91, room: 'lang:en', author_uid: 1006, body: 'hi', reporter_uid: 1001, reason: 'rude', created_at: 0 },
    { id: 13, message_id: 90, room: 'lang:en', author_uid: 1005, body: 'spam', reporter_uid: 1002, reason: 'ads', created_at: 0 },
  ],
  otc_appeals: [],
  nft_sales: [],
};

describe('the queues', () => {
  test('count what waits in each queue of the console, and in all of them', () => {
    expect(counts(work)).toEqual({ identities: 3, recharges: 1, withdrawals: 0, traders: 0, nft_sales: 0, otc_appeals: 0, chat_reports: 3 });
    expect(total(work)).toBe(7);
    expect(isQueue('withdrawals')).toBe(true);
    expect(isQueue('chat_reports')).toBe(true);
    expect(isQueue('operators')).toBe(false);
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
    expect(afterRemoval([1, 2, 3], 1, [2, 3])).toBe(2);
    expect(afterRemoval([1, 2, 3], 2, [1, 3])).toBe(3);
    expect(afterRemoval([1, 2, 3], 3, [1, 2])).toBe(2);
    expect(afterRemoval([4], 4, [])).toBeNull();
    expect(afterRemoval([1, 2], 9, [1, 2])).toBe(1);
    // Items that left with it are passed over.
    expect(afterRemoval([1, 2, 3, 4], 2, [1, 4])).toBe(4);
    expect(afterRemoval([1, 2, 3, 4], 3, [1, 2])).toBe(2);
  });

  test('without() takes the decided row out of its queue only, and the counts follow', () => {
    const after = without(work, 'identities', 2);
    expect(after.identities.map((item) => item.id)).toEqual([1, 3]);
    expect(after.recharges).toBe(work.recharges);
    expect(counts(after)).toMatchObject({ identities: 2, recharges: 1, chat_reports: 3 });
  });

  test('a reported message is decided once for all its reports: they leave together, the others stay', () => {
    expect(without(work, 'chat_reports', 11).chat_reports.map((report) => report.id)).toEqual([12]);
    expect(without(work, 'chat_reports', 12).chat_reports.map((report) => report.id)).toEqual([11, 13]);
  });
});
