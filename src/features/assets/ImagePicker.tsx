import { useRef } from 'react';
import { uploadFile } from '../../api/client';
import { useSubmit } from '../../lib/useSubmit';
import styles from './assets.module.css';

/**
 * Picks an image, uploads it, and hands back its address (vouchers, QR codes, documents).
 * `compact`: a small round button showing a plus (the label is then its accessible name),
 * as beside a chat's line; `className` gives it its look.
 */
export function ImagePicker({
  value,
  onValue,
  label,
  testId,
  compact = null,
}: {
  value: string;
  onValue: (address: string) => void;
  label: string;
  testId: string;
  compact?: { className: string } | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, run] = useSubmit();
  return (
    <button
      type="button"
      className={compact ? compact.className : styles.upload}
      onClick={() => input.current?.click()}
      disabled={busy}
      aria-label={compact ? label : undefined}
      data-testid={`${testId}-button`}
    >
      {value ? <img src={value} alt="" /> : compact ? <span aria-hidden="true">+</span> : <span>{label}</span>}
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void run(async () => onValue(await uploadFile(file, file.name)));
        }}
      />
    </button>
  );
}
