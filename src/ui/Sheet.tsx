import { useId, type ReactNode } from 'react';
import styles from './Sheet.module.css';

/** A sheet from the bottom of the screen (pickers, choices); a tap outside closes it. */
export function Sheet({ open, title, onClose, children, testId }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; testId?: string }) {
  const id = useId();
  if (!open) return null;
  return (
    <div className={styles.mask} onClick={onClose}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={id} onClick={(event) => event.stopPropagation()} data-testid={testId}>
        <h2 className={styles.title} id={id}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
