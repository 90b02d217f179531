import { expect, test } from 'vitest';
import { isTyping, shortcutOf, type KeyPress } from './keys';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: 'BODY' }, ...more });

test('j and k move, a approves, r rejects; other keys do nothing', () => {
  expect(['j', 'k', 'a', 'r', 'x', 'Enter', 'J'].map((key) => shortcutOf(press(key)))).toEqual(['next', 'previous', 'approve', 'reject', null, null, null]);
});

test('no shortcut fires while typing in a field (the reason, a filter) or with a modifier held', () => {
  for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT']) expect(shortcutOf(press('a', { target: { tagName } }))).toBeNull();
  expect(shortcutOf(press('r', { target: { tagName: 'DIV', isContentEditable: true } }))).toBeNull();
  expect(shortcutOf(press('a', { ctrlKey: true }))).toBeNull();
  expect(shortcutOf(press('r', { metaKey: true }))).toBeNull();
  expect(shortcutOf(press('j', { altKey: true }))).toBeNull();
  expect(shortcutOf(press('a', { target: { tagName: 'BUTTON' } }))).toBe('approve');
  expect(isTyping(null)).toBe(false);
});
