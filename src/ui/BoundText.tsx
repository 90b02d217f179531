import { effect, type ReadonlySignal } from '@preact/signals-react';
import { useLayoutEffect, useRef } from 'react';

/**
 * Text (and optionally its class) bound straight to signals: the signal writes the
 * DOM node itself, before paint, so a change re-renders no component at all. The text
 * and the class are written apart, each only when it changed: a new price rewrites one
 * text node's data, and the class (which restyles the cell) moves only when the tone does.
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
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const node = document.createTextNode('');
    element.replaceChildren(node);
    return effect(() => {
      const value = text.value;
      if (node.data !== value) node.data = value;
    });
  }, [text]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !tone) return;
    let shown = '';
    const dispose = effect(() => {
      const next = tone.value;
      if (next === shown) return;
      // One write to the attribute per change of tone.
      if (shown && next) element.classList.replace(shown, next);
      else if (next) element.classList.add(next);
      else element.classList.remove(shown);
      shown = next;
    });
    return () => {
      dispose();
      if (shown) element.classList.remove(shown);
    };
    // A new `className` from React replaces the whole attribute: add the tone again.
  }, [tone, className]);
  return <span ref={ref} className={className} data-testid={testId} />;
}
