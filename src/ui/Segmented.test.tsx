// @vitest-environment happy-dom
import { act } from 'react';
import { expect, test } from 'vitest';
import { rootPerTest } from './test-root';
import { Segmented } from './Segmented';

const dom = rootPerTest();

const OPTIONS = [
  { value: 'amount', label: 'Amount' },
  { value: 'total', label: 'Total' },
] as const;

test('a segmented toggle is one named radio group, the selected choice checked, each choice with its test id', () => {
  act(() => dom.root.render(<Segmented label="Enter by" value="total" options={OPTIONS} onChange={() => {}} testId="spot-by" />));
  const group = dom.container.querySelector('[role="radiogroup"]');
  expect(group?.getAttribute('aria-label')).toBe('Enter by');
  const radios = [...dom.container.querySelectorAll('[role="radio"]')];
  expect(radios.map((radio) => [radio.getAttribute('data-testid'), radio.getAttribute('aria-checked'), radio.textContent])).toEqual([
    ['spot-by-amount', 'false', 'Amount'],
    ['spot-by-total', 'true', 'Total'],
  ]);
});

test('a tap on a choice, the selected one too, hands its value to onChange', () => {
  const chosen: string[] = [];
  act(() => dom.root.render(<Segmented label="Enter by" value="total" options={OPTIONS} onChange={(value) => chosen.push(value)} testId="spot-by" />));
  act(() => dom.container.querySelector<HTMLButtonElement>('[data-testid="spot-by-amount"]')?.click());
  act(() => dom.container.querySelector<HTMLButtonElement>('[data-testid="spot-by-total"]')?.click());
  expect(chosen).toEqual(['amount', 'total']);
});
