// @vitest-environment happy-dom
import { expect, test, vi } from 'vitest';

test('storage from an older app is cleared before the session reads its token', async () => {
  localStorage.clear();
  localStorage.setItem('token', 'token-of-an-old-app');
  localStorage.setItem('user', '{"uid":1}');
  vi.resetModules();
  // The session reads storage while it loads, before any start-up code could run.
  const session = await import('../app/session');
  expect(session.token.value).toBeNull();
  expect(session.user.value).toBeNull();
  expect(localStorage.getItem('h5Version')).toBe('1');
});

test('storage of the current version is kept', async () => {
  localStorage.clear();
  localStorage.setItem('h5Version', '1');
  localStorage.setItem('token', 'kept-token');
  vi.resetModules();
  const session = await import('../app/session');
  expect(session.token.value).toBe('kept-token');
});
