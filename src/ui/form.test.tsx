// @vitest-environment happy-dom
import { act } from 'react';
import { expect, test } from 'vitest';
import { rootPerTest } from './test-root';
import { useSubmit } from '../lib/useSubmit';
import { Form, PrimaryButton } from './form';

const dom = rootPerTest();

const button = () => dom.container.querySelector('button') as HTMLButtonElement;
const tap = () => act(() => button().click());

test('a double tap on an action button runs it once (spec 8: 500 ms click throttle)', () => {
  let runs = 0;
  act(() => dom.root.render(<PrimaryButton onClick={() => runs++}>Go</PrimaryButton>));
  tap();
  tap();
  expect(runs).toBe(1);
});

test('a tap after the user went to another field runs again at once: only double taps are dropped', () => {
  let runs = 0;
  act(() =>
    dom.root.render(
      <>
        <input aria-label="amount" />
        <PrimaryButton onClick={() => runs++}>Go</PrimaryButton>
      </>,
    ),
  );
  act(() => button().focus());
  tap();
  act(() => (dom.container.querySelector('input') as HTMLInputElement).focus());
  act(() => button().focus());
  tap();
  expect(runs).toBe(2);
});

test('a submit button is disabled while its request runs, so a double tap sends one request', async () => {
  let requests = 0;
  let finish = () => {};
  function Screen() {
    const [busy, run] = useSubmit();
    const submit = () =>
      run(async () => {
        requests++;
        await new Promise<void>((resolve) => (finish = resolve));
      });
    return (
      <Form onSubmit={() => void submit()}>
        <PrimaryButton type="submit" busy={busy}>
          Send
        </PrimaryButton>
      </Form>
    );
  }
  act(() => dom.root.render(<Screen />));
  tap();
  expect(button().disabled).toBe(true);
  tap();
  expect(requests).toBe(1);
  await act(async () => finish());
  expect(button().disabled).toBe(false);
});

test('a form that refused its fields can be submitted again at once', () => {
  let attempts = 0;
  act(() =>
    dom.root.render(
      <Form onSubmit={() => attempts++}>
        <PrimaryButton type="submit">Send</PrimaryButton>
      </Form>,
    ),
  );
  tap();
  tap();
  expect(attempts).toBe(2);
});
