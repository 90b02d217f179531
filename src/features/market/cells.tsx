import { useSignalEffect } from '@preact/signals-react';
import { useRef } from 'react';
import type { Quote } from '../../core/store';
import styles from './market.module.css';

/**
 * Cells bound to one market's signals. The text is the signal itself (React renders it
 * once; the signal updates the text node) and the colour is set by an effect, so a
 * tick re-renders nothing: not the list, not the row, not the cell.
 */
export function PriceCell({ quote, className = '' }: { quote: Quote; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useSignalEffect(() => {
    const direction = quote.direction.value;
    if (ref.current) ref.current.className = `${styles.price} ${styles[direction]} ${className}`;
  });
  return (
    <span ref={ref} className={`${styles.price} ${className}`} data-testid={`price-${quote.info.id}`}>
      {quote.lastText}
    </span>
  );
}

export function ChangeBadge({ quote }: { quote: Quote }) {
  const ref = useRef<HTMLSpanElement>(null);
  useSignalEffect(() => {
    const direction = quote.direction.value;
    if (ref.current) ref.current.className = `${styles.badge} ${styles[`${direction}Bg`]}`;
  });
  return (
    <span ref={ref} className={styles.badge} data-testid={`change-${quote.info.id}`}>
      {quote.changeText}
    </span>
  );
}

export function ChangeText({ quote }: { quote: Quote }) {
  const ref = useRef<HTMLSpanElement>(null);
  useSignalEffect(() => {
    const direction = quote.direction.value;
    if (ref.current) ref.current.className = `${styles.changeText} ${styles[direction]}`;
  });
  return (
    <span ref={ref} className={styles.changeText}>
      {quote.changeText}
    </span>
  );
}
