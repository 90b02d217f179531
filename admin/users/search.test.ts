import { expect, test } from 'vitest';
import { atPage, uidOf, userSearch, usersSearch } from './search';

test("the users search read from the URL: trimmed text within the endpoint's limit, frozen only when asked, a page past the first", () => {
  expect(usersSearch({ query: '  ann@example.com ', frozen: '1', page: '3', extra: 'x' })).toEqual({ query: 'ann@example.com', frozen: true, page: 3 });
  // The router parses a search of digits as a number: a UID stays the text typed.
  expect(usersSearch({ query: 1000007, frozen: true })).toEqual({ query: '1000007', frozen: true });
  expect(usersSearch({ query: 'x'.repeat(61), frozen: '0', page: '1' })).toEqual({});
  expect(usersSearch({ query: { nested: true }, frozen: 'yes', page: '2.5' })).toEqual({});
  expect(usersSearch({ query: '   ', page: -4 })).toEqual({});
});

test("a user page's tab: one of its four, else the overview", () => {
  expect(userSearch({ tab: 'ledger' })).toEqual({ tab: 'ledger' });
  expect(userSearch({ tab: 'sessions' })).toEqual({ tab: 'sessions' });
  expect(userSearch({ tab: 'secrets' })).toEqual({ tab: 'overview' });
  expect(userSearch({})).toEqual({ tab: 'overview' });
});

test("a user page's UID: whole digits of a user number, nothing else", () => {
  expect(uidOf('1000007')).toBe(1000007);
  expect(uidOf('2147483647')).toBe(2147483647);
  for (const param of ['0', '007', '-1', '1e6', '12.5', 'ann', '', '2147483648', '99999999999']) expect(uidOf(param), param).toBeNull();
});

test('another page of the same search: the first written without a page', () => {
  expect(atPage({ query: 'ann', frozen: true, page: 3 }, 4)).toEqual({ query: 'ann', frozen: true, page: 4 });
  expect(atPage({ query: 'ann', page: 2 }, 1)).toEqual({ query: 'ann' });
  expect(atPage({}, 0)).toEqual({});
});
