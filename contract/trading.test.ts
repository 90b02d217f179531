import { describe, expect, test } from 'vitest';
import { optionResultAt } from './trading';

describe('optionResultAt', () => {
  test('up wins above the open price, down below it; at the open price both tie', () => {
    expect(optionResultAt(1, '95617.80', '95617.81')).toBe('win');
    expect(optionResultAt(1, '95617.80', '95617.79')).toBe('loss');
    expect(optionResultAt(-1, '95617.80', '95617.79')).toBe('win');
    expect(optionResultAt(-1, '95617.80', '95617.81')).toBe('loss');
    expect(optionResultAt(1, '95617.80', '95617.8')).toBe('tie');
    expect(optionResultAt(-1, '95617.80', '95617.80')).toBe('tie');
  });

  test('a live price as the app holds it (a number) is compared exactly', () => {
    expect(optionResultAt(1, '95617.80', 95_617.8)).toBe('tie');
    expect(optionResultAt(-1, '1.10', 1.1)).toBe('tie');
    expect(optionResultAt(-1, '1.10', 1.09)).toBe('win');
  });
});
