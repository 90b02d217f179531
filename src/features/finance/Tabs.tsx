import styles from '../assets/assets.module.css';

/** A row of tabs under a screen's head (the lock-up lists, the dual orders): one on. */
export function Tabs<T extends string>({ options, value, onChange, text, testId }: { options: readonly T[]; value: T; onChange: (value: T) => void; text: (value: T) => string; testId: string }) {
  return (
    <div className={styles.tabs} role="tablist">
      {options.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          className={`${styles.tab} ${value === key ? styles.tabOn : ''}`}
          onClick={() => onChange(key)}
          data-testid={`${testId}-${key}`}
        >
          {text(key)}
        </button>
      ))}
    </div>
  );
}
