// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { redirectAfterToast, REDIRECT_DELAY_MS } from './navigation';

const visited: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  visited.length = 0;
  window.location.hash = '#/pages/fund/withdraw';
});
afterEach(() => vi.useRealTimers());

test('a redirect after a toast waits until the toast has been read', () => {
  redirectAfterToast(() => visited.push('/pages/setting/real_mark'));
  vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1);
  expect(visited).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(visited).toEqual(['/pages/setting/real_mark']);
});

test('a user who has moved to another screen meanwhile is not pulled away from it', () => {
  redirectAfterToast(() => visited.push('/pages/setting/real_mark'));
  window.location.hash = '#/pages/fund/receive';
  vi.advanceTimersByTime(REDIRECT_DELAY_MS * 2);
  expect(visited).toEqual([]);
});
