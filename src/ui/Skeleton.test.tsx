// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LOADING_DELAY_MS, loadingShown, trackRequest } from './loading';
import { Skeleton } from './Skeleton';
import { rootPerTest } from './test-root';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = rootPerTest();

test('a skeleton draws rows in the shape asked for and is one "loading" status for screen readers', () => {
  act(() => dom.root.render(<Skeleton shape="quote" count={4} />));
  const status = dom.container.querySelector('[role="status"]');
  expect(status?.getAttribute('aria-busy')).toBe('true');
  // The rows are pictures only; the one text is the status.
  expect(status?.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  expect(status?.textContent).not.toBe('');
});

test('while a skeleton is on screen a slow request shows no second, lone loading indicator', () => {
  const done = trackRequest();
  act(() => dom.root.render(<Skeleton shape="record" />));
  act(() => {
    vi.advanceTimersByTime(LOADING_DELAY_MS);
  });
  expect(loadingShown.value).toBe(false);
  // The list has arrived, the skeleton is gone; a request still slow shows the indicator.
  act(() => dom.root.render(<p>rows</p>));
  expect(loadingShown.value).toBe(true);
  done();
  expect(loadingShown.value).toBe(false);
});
