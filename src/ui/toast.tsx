import { computed, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import styles from './toast.module.css';

/** The one toast (spec 8: icon none, 1500 ms by default). A new toast replaces the shown one. */
interface ToastState {
  id: number;
  message: string;
}

const current = signal<ToastState | null>(null);
/** The message on screen, or null. */
export const shownToast = computed(() => current.value?.message ?? null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export const TOAST_MS = 1500;

export function toast(message: string, durationMs = TOAST_MS): void {
  if (!message) return;
  clearTimeout(timer);
  const id = nextId++;
  current.value = { id, message };
  timer = setTimeout(() => {
    if (current.value?.id === id) current.value = null;
  }, durationMs);
}

export function ToastHost() {
  useSignals();
  const shown = current.value;
  if (!shown) return null;
  return (
    <div className={styles.host} role="status" aria-live="polite">
      <div key={shown.id} className={styles.toast} data-testid="toast">
        {shown.message}
      </div>
    </div>
  );
}
