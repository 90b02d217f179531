import type { ReactNode } from 'react';
import styles from './Segmented.module.css';

/** One choice of a segmented toggle: the value it stands for and the text it shows. */
export interface SegmentedOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

/**
 * Two choices side by side, one of them selected, as a radio group of buttons: how a
 * form is filled in (by amount or by total, by percent or by lots). A tap on any choice,
 * the selected one too, calls onChange, so a form can clear what the tap makes stale.
 * Each button's test id is `${testId}-${value}`.
 */
export function Segmented<Value extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Value;
  options: readonly SegmentedOption<Value>[];
  onChange: (value: Value) => void;
  testId?: string;
}) {
  return (
    <div className={styles.entryToggle} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className={`${styles.entryOption} ${value === option.value ? styles.entryOn : ''}`}
          onClick={() => onChange(option.value)}
          data-testid={testId === undefined ? undefined : `${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
