import { effect, type ReadonlySignal } from '@preact/signals-react';
import { useLayoutEffect, useRef } from 'react';

/**
 * Text (and optionally its class) bound straight to signals: the signal writes the
 * DOM node itself, before paint, so a change re-renders no component at all.
 */
export function BoundText({
  text,
  className = '',
  tone,
  testId,
}: {
  text: ReadonlySignal<string>;
  className?: string;
  /** a class added to `className` that follows a signal (up, down, flat) */
  tone?: ReadonlySignal<string>;
  testId?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(
    () =>
      effect(() => {
        const element = ref.current;
        if (!element) return;
        element.textContent = text.value;
        if (tone) element.className = `${className} ${tone.value}`;
      }),
    [text, tone, className],
  );
  return <span ref={ref} className={className} data-testid={testId} />;
}
