import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, uidOf } from '../testing/market';
import { setPayPassword, uploadImage, verifyIdentity } from '../testing/wallet';

/**
 * Chat through the API: public rooms that visitors read and users write in, the limits
 * (five in ten seconds, held under twenty twin requests), an order's room for its two
 * sides only with their own images, reports, an operator's removal and mute, and what
 * is pushed where.
 */
let h: Harness;
let ann: string;
let bob: string;
let pushed: { to: string; event: string; payload: unknown }[];
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  bob = await h.registerUser('bob@example.com');
  pushed = [];
  h.ctx.broadcast.connect(
    (channel, event, payload) => pushed.push({ to: channel, event, payload }),
    (userId, event, payload) => pushed.push({ to: `user:${userId}`, event, payload }),
  );
});
afterEach(async () => {
  await h.close();
});

const send = (token: string, body: string, room = 'lang:en', extra: Record<string, unknown> = {}) => h.call(endpoints.chatSend, { room, body, ...extra }, { token });

test('visitors read a public room, users write in it; every message is pushed to the room’s channel', async () => {
  expect(await send(ann, 'Hello <b>all</b>')).toEqual({ type: 'error', message: 'body cannot contain <, > or control characters.' });
  const sent = await ok(send(ann, '  Hello all, see https://example.com  '));
  expect(sent).toMatchObject({ room: 'lang:en', body: 'Hello all, see https://example.com', mine: true, removed: false });
  expect(pushed).toMatchObject([{ to: 'chat:en', event: 'chat_message', payload: { id: sent.id, mine: false } }]);
  const history = await ok(h.call(endpoints.chatHistory, { room: 'lang:en' }, {}));
  expect(history.data.map((message) => [message.body, message.mine])).toEqual([[sent.body, false]]);
  expect(await h.call(endpoints.chatSend, { room: 'lang:xx', body: 'hi' }, { token: ann })).toEqual({ type: 'error', message: 'There is no such chat room.' });
  expect(await send(ann, '   ')).toEqual({ type: 'error', message: 'Please write a message.' });
  expect(await send(ann, 'see', 'lang:en', { image: await uploadImage(h, ann) })).toEqual({ type: 'error', message: "Images can be sent only in an order's chat." });
});

test('five messages in ten seconds, whatever twins are sent at once', async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(ann, `m${i}`)));
  expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(5);
  expect(answers.find((answer) => answer.type !== 'ok')?.message).toMatch(/^You are writing too fast\. Please wait \d+ seconds\.$/);
  // Bob has his own budget.
  await ok(send(bob, 'me too'));
  h.advance(10_001);
  await ok(send(ann, 'again'));
});

test('an order’s room: its two sides only, with their own images', async () => {
  for (const [token, email] of [
    [ann, 'ann@example.com'],
    [bob, 'bob@example.com'],
  ] as const) {
    await verifyIdentity(h, token, 1);
    await setPayPassword(h, token, email);
    await ok(
      h.call(
        endpoints.cashSave,
        { real_name: 'Ann Tester', bank_name: 'Bank of Kestrel', bank_account: '6222 0200 1234 5678', phone: '+86 138 0000 8000', bank_network: 'Harbour Road branch', bank_dizhi: 'Hong Kong' },
        { token },
      ),
    );
  }
  await fund(h, await uidOf(h, ann), 'USDT', '100');
  const ad = await ok(
    h.call(endpoints.otcAdCreate, { side: 'sell', currency_id: 3, fiat: 'CNY', price_type: 'fixed', price: '7', min_fiat: '7', max_fiat: '700', amount: '100', payments: 'domestic' }, { token: ann }),
  );
  const order = await ok(h.call(endpoints.otcOrderCreate, { ad_id: ad.id, fiat_amount: '70' }, { token: bob }));
  const room = `otc:${order.id}`;
  const image = await uploadImage(h, bob);
  await ok(send(bob, 'Paid, see the receipt.', room, { image }));
  const idOf = async (email: string) => (await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  // Pushed to the order's two sides, nowhere public.
  expect(pushed.map((push) => [push.to, push.event]).sort()).toEqual(
    [
      [`user:${await idOf('ann@example.com')}`, 'otc_chat'],
      [`user:${await idOf('bob@example.com')}`, 'otc_chat'],
    ].sort(),
  );
  expect((await ok(h.call(endpoints.chatHistory, { room }, { token: ann }))).data.map((message) => [message.body, message.image])).toEqual([['Paid, see the receipt.', image]]);
  const carl = await h.registerUser('carl@example.com');
  expect(await h.call(endpoints.chatHistory, { room }, { token: carl })).toEqual({ type: 'error', message: 'You cannot read or write in this room.' });
  expect(await h.call(endpoints.chatHistory, { room }, {})).toEqual({ type: 'error', message: 'You cannot read or write in this room.' });
  expect(await send(carl, 'hi', room)).toEqual({ type: 'error', message: 'You cannot read or write in this room.' });
  expect(await send(ann, 'whose?', room, { image })).toEqual({ type: 'error', message: 'Please use an image you uploaded yourself.' });
  // Kept with the order: an operator deciding an appeal reads it, a removed message included.
  const removed = await ok(send(ann, 'call me outside the app', room));
  await ok(h.call(endpoints.chatRemove, { id: removed.id }, { operator: true }));
  expect((await ok(h.call(endpoints.chatHistory, { room }, { token: bob }))).data.at(-1)).toMatchObject({ body: '', removed: true });
  expect((await ok(h.call(endpoints.operatorChatRoom, { room }, { operator: true }))).data.map((message) => [message.author.uid, message.body, message.removed])).toEqual([
    [await uidOf(h, bob), 'Paid, see the receipt.', false],
    [await uidOf(h, ann), 'call me outside the app', true],
  ]);
  expect(await h.call(endpoints.operatorChatRoom, { room }, { token: ann })).toMatchObject({ type: '999' });
});

test('reports reach the operator, who removes a message and mutes its writer', async () => {
  const bad = await ok(send(bob, 'spam spam'));
  expect(await ok(h.call(endpoints.chatReport, { message_id: bad.id, reason: 'spam' }, { token: ann }))).toBe('Thank you: the message was reported to the operators.');
  await ok(h.call(endpoints.chatReport, { message_id: bad.id, reason: 'spam again' }, { token: ann }));
  expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).chat_reports).toMatchObject([{ message_id: bad.id, body: 'spam spam', reason: 'spam' }]);
  await ok(h.call(endpoints.chatRemove, { id: bad.id }, { operator: true }));
  expect((await ok(h.call(endpoints.chatHistory, { room: 'lang:en' }, {}))).data).toMatchObject([{ id: bad.id, body: '', removed: true }]);
  expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).chat_reports).toEqual([]);
  await ok(h.call(endpoints.chatMute, { uid: await uidOf(h, bob), minutes: 30, reason: 'spam' }, { operator: true }));
  expect(await send(bob, 'hello?')).toEqual({ type: 'error', message: 'You are muted in the chat for 30 more minutes.' });
  await ok(h.call(endpoints.chatMute, { uid: await uidOf(h, bob), minutes: 0, reason: 'lifted' }, { operator: true }));
  await ok(send(bob, 'sorry'));
});

test('a report found harmless is dismissed: the message stays, its reports leave the queue, and two operators at once dismiss it once', async () => {
  const fine = await ok(send(bob, 'BTC looks strong today'));
  const carl = await h.registerUser('carl@example.com');
  await ok(h.call(endpoints.chatReport, { message_id: fine.id, reason: 'spam' }, { token: ann }));
  await ok(h.call(endpoints.chatReport, { message_id: fine.id, reason: 'rude' }, { token: carl }));
  expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).chat_reports.map((report) => report.reason)).toEqual(['spam', 'rude']);
  const answers = await Promise.all([h.call(endpoints.chatDismiss, { id: fine.id }, { operator: true }), h.call(endpoints.chatDismiss, { id: fine.id }, { operator: true })]);
  expect(answers.map((answer) => answer.type).sort()).toEqual(['error', 'ok']);
  expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).chat_reports).toEqual([]);
  expect((await ok(h.call(endpoints.chatHistory, { room: 'lang:en' }, {}))).data).toMatchObject([{ id: fine.id, body: 'BTC looks strong today', removed: false }]);
  const audited = await h.ctx.db.selectFrom('operator_actions').select(['action', 'target']).where('action', '=', 'chat-dismiss').execute();
  expect(audited).toEqual([{ action: 'chat-dismiss', target: `chat:${fine.id}` }]);
  // Nothing reported: nothing to dismiss.
  const quiet = await ok(send(ann, 'gm'));
  expect(await h.call(endpoints.chatDismiss, { id: quiet.id }, { operator: true })).toMatchObject({ type: 'error' });
  expect(await h.call(endpoints.chatDismiss, { id: quiet.id }, { token: ann })).toMatchObject({ type: '999' });
});
