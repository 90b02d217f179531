// @vitest-environment happy-dom
import { afterAll, describe, expect, test } from 'vitest';
import { formatAgo, setLanguage } from '.';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const MINUTE = 60_000;

describe('formatAgo: when something was published (spec 9)', () => {
  afterAll(() => setLanguage('en'));

  test('just now under five minutes, then minutes, hours and days, counted down', () => {
    expect(formatAgo(NOW, NOW)).toBe('just now');
    expect(formatAgo(NOW - 4 * MINUTE - 59_000, NOW)).toBe('just now');
    expect(formatAgo(NOW - 5 * MINUTE, NOW)).toBe('5 minutes ago');
    expect(formatAgo(NOW - 59 * MINUTE, NOW)).toBe('59 minutes ago');
    expect(formatAgo(NOW - 60 * MINUTE, NOW)).toBe('1 hour ago');
    expect(formatAgo(NOW - 23 * 60 * MINUTE, NOW)).toBe('23 hours ago');
    expect(formatAgo(NOW - 24 * 60 * MINUTE, NOW)).toBe('1 day ago');
    expect(formatAgo(NOW - 29 * 24 * 60 * MINUTE, NOW)).toBe('29 days ago');
  });

  test('from thirty days on, and for a clock that runs behind, its date or just now', () => {
    const old = NOW - 30 * 24 * 60 * MINUTE;
    expect(formatAgo(old, NOW)).toBe(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(old));
    expect(formatAgo(NOW + 3 * MINUTE, NOW)).toBe('just now');
  });

  test("in the reader's language, with its plural forms", async () => {
    await setLanguage('fra');
    expect(formatAgo(NOW - 60 * MINUTE, NOW)).toBe('il y a 1 heure');
    expect(formatAgo(NOW - 2 * 24 * 60 * MINUTE, NOW)).toBe('il y a 2 jours');
    await setLanguage('zh');
    expect(formatAgo(NOW - 7 * MINUTE, NOW)).toBe('7 分钟前');
  });
});
