// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LOADING_DELAY_MS, loadingShown, trackRequest } from './loading';
import { Skeleton } from './Skeleton';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

test('a skeleton draws rows in the shape asked for and is one "loading" status for screen readers', () => {
  act(() => root.render(<Skeleton shape="quote" count={4} />));
  const status = container.querySelector('[role="status"]');
  expect(status?.getAttribute('aria-busy')).toBe('true');
  // The rows are pictures only; the one text is the status.
  expect(status?.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  expect(status?.textContent).not.toBe('');
});

test('while a skeleton is on screen a slow request shows no second, lone loading indicator', () => {
  const done = trackRequest();
  act(() => root.render(<Skeleton shape="record" />));
  act(() => {
    vi.advanceTimersByTime(LOADING_DELAY_MS);
  });
  expect(loadingShown.value).toBe(false);
  // The list has arrived, the skeleton is gone; a request still slow shows the indicator.
  act(() => root.render(<p>rows</p>));
  expect(loadingShown.value).toBe(true);
  done();
  expect(loadingShown.value).toBe(false);
});
