import { useId, type ReactNode } from 'react';
import { useT } from '../i18n';
import styles from './Dialog.module.css';

/** A confirmation over the screen: message, cancel, confirm. */
export function ConfirmDialog({
  open,
  title,
  message,
  onCancel,
  onConfirm,
  confirmLabel,
  cancelLabel,
}: {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  if (!open) return null;
  // Named by its title, or by its message when it has none (a dialog needs a name to be announced).
  return (
    <div className={styles.mask} onClick={onCancel}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? `${id}-title` : `${id}-message`}
        aria-describedby={title ? `${id}-message` : undefined}
        onClick={(event) => event.stopPropagation()}
      >
        {title && (
          <h2 className={styles.title} id={`${id}-title`}>
            {title}
          </h2>
        )}
        <div className={styles.message} id={`${id}-message`}>
          {message}
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={onCancel}>
            {cancelLabel ?? t('common:cancel')}
          </button>
          <button type="button" className={`${styles.action} ${styles.primary}`} onClick={onConfirm} data-testid="dialog-confirm">
            {confirmLabel ?? t('common:confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
