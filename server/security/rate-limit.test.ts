import { expect, test } from 'vitest';
import { SlidingWindow } from './rate-limit';

test('a key may act `limit` times per window, then waits until the oldest event leaves it', () => {
  const window = new SlidingWindow(3, 1000);
  for (const at of [0, 100, 200]) {
    expect(window.blockedFor('k', at)).toBe(0);
    window.record('k', at);
  }
  expect(window.blockedFor('k', 300)).toBe(700);
  expect(window.blockedFor('other', 300)).toBe(0);
  expect(window.blockedFor('k', 1000)).toBe(0);
  window.record('k', 1000);
  expect(window.blockedFor('k', 1050)).toBe(50);
  window.clear('k');
  expect(window.blockedFor('k', 1050)).toBe(0);
});
