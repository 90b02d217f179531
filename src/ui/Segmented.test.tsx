// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Segmented } from './Segmented';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const OPTIONS = [
  { value: 'amount', label: 'Amount' },
  { value: 'total', label: 'Total' },
] as const;

test('a segmented toggle is one named radio group, the selected choice checked, each choice with its test id', () => {
  act(() => root.render(<Segmented label="Enter by" value="total" options={OPTIONS} onChange={() => {}} testId="spot-by" />));
  const group = container.querySelector('[role="radiogroup"]');
  expect(group?.getAttribute('aria-label')).toBe('Enter by');
  const radios = [...container.querySelectorAll('[role="radio"]')];
  expect(radios.map((radio) => [radio.getAttribute('data-testid'), radio.getAttribute('aria-checked'), radio.textContent])).toEqual([
    ['spot-by-amount', 'false', 'Amount'],
    ['spot-by-total', 'true', 'Total'],
  ]);
});

test('a tap on a choice, the selected one too, hands its value to onChange', () => {
  const chosen: string[] = [];
  act(() => root.render(<Segmented label="Enter by" value="total" options={OPTIONS} onChange={(value) => chosen.push(value)} testId="spot-by" />));
  act(() => container.querySelector<HTMLButtonElement>('[data-testid="spot-by-amount"]')?.click());
  act(() => container.querySelector<HTMLButtonElement>('[data-testid="spot-by-total"]')?.click());
  expect(chosen).toEqual(['amount', 'total']);
});
