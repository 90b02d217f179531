import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n';
import { EyeIcon, EyeOffIcon } from './icons';
import styles from './form.module.css';

/** Form parts shared by every screen that asks for input. */

export function Field({ label, error, children, hint }: { label?: ReactNode; error?: string | null; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className={styles.field}>
      {label && <span className={styles.label}>{label}</span>}
      <span className={`${styles.box} ${error ? styles.invalid : ''}`}>{children}</span>
      {error ? (
        <span className={styles.error} role="alert">
          {error}
        </span>
      ) : (
        hint && <span className={styles.hint}>{hint}</span>
      )}
    </label>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
};

export function TextInput({ value, onValue, className, ...rest }: InputProps) {
  return <input {...rest} className={`${styles.input} ${className ?? ''}`} value={value} onChange={(event) => onValue(event.target.value)} />;
}

export function PasswordInput(props: InputProps) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <>
      <TextInput {...props} type={visible ? 'text' : 'password'} autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      <button type="button" className={styles.adornment} onClick={() => setVisible(!visible)} aria-label={t(visible ? 'common:hide_password' : 'common:show_password')}>
        {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
      </button>
    </>
  );
}

/**
 * Spec 8: a click throttle of 500 ms that runs at once, against double taps on actions.
 * A submit button is guarded by its busy state instead (disabled from the moment the
 * request starts), so a user who fixes a field the form refused can submit again at once;
 * for the same reason the throttle ends when focus leaves the button (a double tap never
 * goes through another field).
 */
export function PrimaryButton({
  children,
  onClick,
  busy = false,
  disabled = false,
  type = 'button',
  testId,
  variant = 'primary',
}: {
  children: ReactNode;
  onClick?: () => void;
  busy?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  testId?: string;
  variant?: 'primary' | 'secondary' | 'danger' | 'buy' | 'sell';
}) {
  const [lastClick, setLastClick] = useState(0);
  return (
    <button
      type={type}
      data-testid={testId}
      className={`${styles.button} ${styles[variant]}`}
      disabled={disabled || busy}
      aria-busy={busy}
      onBlur={() => setLastClick(0)}
      onClick={(event) => {
        const now = Date.now();
        if (type === 'button' && now - lastClick < 500) {
          event.preventDefault();
          return;
        }
        setLastClick(now);
        onClick?.();
      }}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export function Segmented<T extends string>({ options, value, onChange }: { options: readonly { value: T; label: ReactNode }[]; value: T; onChange: (value: T) => void }) {
  return (
    <div className={styles.segmented} role="tablist">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={`${styles.segment} ${option.value === value ? styles.segmentOn : ''}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
