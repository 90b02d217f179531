import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * What a screen shows below the fold, rendered once its first frame has painted: the
 * first screen's work is split in two tasks, so the part a phone shows at once (and its
 * largest text) paints sooner, and neither task holds the main thread long (the second
 * is a transition, which React renders in slices). `placeholder` stands in meanwhile (a
 * skeleton of the same height).
 */
export function AfterFirstPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit paints, then a new task begins.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <>{painted ? children : placeholder}</>;
}
