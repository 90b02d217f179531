import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import styles from './form.module.css';

/** Seconds before another code may be asked for; the server enforces the same. */
export const RESEND_SECONDS = 60;

/** Cool-down ends by purpose and address, so leaving the screen and coming back keeps them. */
const cooldownUntil = signal<ReadonlyMap<string, number>>(new Map());

function secondsLeft(key: string, now: number): number {
  const until = cooldownUntil.value.get(key) ?? 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The get-code button (spec 4): "Get code", then "Resend (59s)" counting down once a
 * code was sent, then "Resend". `send` resolves when the server accepted the request.
 */
export function CodeButton({ cooldownKey, send, testId = 'get-code' }: { cooldownKey: string; send: () => Promise<void>; testId?: string }) {
  useSignals();
  const t = useT();
  const [now, setNow] = useState(Date.now);
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(cooldownKey, now);
  const wasSent = cooldownUntil.value.has(cooldownKey);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const onClick = async () => {
    setBusy(true);
    try {
      await send();
      const next = new Map(cooldownUntil.value);
      next.set(cooldownKey, Date.now() + RESEND_SECONDS * 1000);
      cooldownUntil.value = next;
      setNow(Date.now());
    } catch {
      // The API client has already shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={`${styles.adornment} ${styles.codeButton} ${left > 0 ? styles.codeSent : ''}`} disabled={busy || left > 0} onClick={() => void onClick()} data-testid={testId}>
      {left > 0 ? t('common:code.resend_in', { seconds: left }) : wasSent ? t('common:code.resend') : t('common:code.get')}
    </button>
  );
}
