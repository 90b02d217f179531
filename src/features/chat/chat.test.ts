import { expect, test } from 'vitest';
import { mergeMessages, textParts, type ChatMessage } from './chat';

const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  room: 'lang:en',
  author: { uid: 7, name: 'A***', avatar: '' },
  mine: false,
  body: `m${id}`,
  image: null,
  removed: false,
  created_at: id * 1000,
  ...extra,
});

test('history and pushes make one list in the order written, each message once', () => {
  const history = [message(3), message(5)];
  const merged = mergeMessages(history, [message(5), message(6), message(4)]);
  expect(merged.map((m) => m.id)).toEqual([3, 4, 5, 6]);
  // Nothing new: the same list, so the screen does not draw again.
  expect(mergeMessages(merged, [message(6)])).toBe(merged);
  // Older history goes before.
  expect(mergeMessages(merged, [message(1), message(2)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
});

test("the writer's own answer says mine; the push of the same message does not undo it", () => {
  const sent = mergeMessages([], [message(9, { mine: true })]);
  expect(mergeMessages(sent, [message(9)])[0]?.mine).toBe(true);
  // The push came first, then the answer.
  expect(mergeMessages([message(9)], [message(9, { mine: true })])[0]?.mine).toBe(true);
  // A message an operator removed shows as removed when the history is read again.
  expect(mergeMessages(sent, [message(9, { removed: true, body: '' })])[0]).toMatchObject({ removed: true, body: '', mine: true });
});

test('web addresses become links, sentence punctuation stays text, and nothing else is a link', () => {
  expect(textParts('see https://example.com/a?b=1, then')).toEqual([
    { kind: 'text', text: 'see ' },
    { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
    { kind: 'text', text: ', then' },
  ]);
  expect(textParts('(http://kestrel.local/x).')).toEqual([
    { kind: 'text', text: '(' },
    { kind: 'link', text: 'http://kestrel.local/x', href: 'http://kestrel.local/x' },
    { kind: 'text', text: ').' },
  ]);
  for (const text of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'mailto:a@b.c', 'ftp://x.y/z', 'https://', 'plain words']) {
    expect(textParts(text)).toEqual([{ kind: 'text', text }]);
  }
  expect(textParts('')).toEqual([]);
});
