import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { useConsoleT } from '../i18n';
import styles from './users.module.css';

type Profile = ApiOutput<'GET /operator/user'>;

/**
 * Freeze or unfreeze the account, with a reason the audit keeps. What freezing does is
 * said before it is done: every session ends at once and the user cannot log in or reset
 * the password until unfrozen; balances, orders and positions stay as they are and follow
 * the market (the console has no control over prices or settlements).
 */
export function FreezePanel({ user, onDone }: { user: Profile; onDone: () => void }) {
  const t = useConsoleT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const frozen = user.frozen !== null;
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setReason('');
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setProblem(t('users.freeze.reason_needed'));
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      toast(await api(frozen ? 'POST /operator/user/unfreeze' : 'POST /operator/user/freeze', { uid: user.uid, reason: text }), 3000);
      close();
    } catch {
      // Toasted by the client (another operator may have done it first): the page shows the account as it is now.
    } finally {
      setBusy(false);
      onDone();
    }
  };

  if (!open)
    return (
      <div className={styles.freezeBar}>
        <button type="button" className={frozen ? styles.quiet : styles.danger} onClick={() => setOpen(true)} data-testid={frozen ? 'unfreeze-open' : 'freeze-open'}>
          {frozen ? t('users.freeze.unfreeze') : t('users.freeze.freeze')}
        </button>
        <p className={styles.scope}>{frozen ? t('users.freeze.unfreeze_what') : t('users.freeze.scope')}</p>
      </div>
    );
  return (
    <form className={styles.freezeForm} onSubmit={(event) => void submit(event)} data-testid="freeze-form">
      <p className={styles.freezeWhat}>{frozen ? t('users.freeze.unfreeze_what') : t('users.freeze.freeze_what')}</p>
      <label htmlFor="freeze-reason">{frozen ? t('users.freeze.unfreeze_reason') : t('users.freeze.freeze_reason')}</label>
      <textarea
        id="freeze-reason"
        ref={field}
        name="reason"
        rows={2}
        maxLength={200}
        value={reason}
        aria-describedby="freeze-reason-hint"
        aria-invalid={problem !== null}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <p id="freeze-reason-hint" className={problem ? styles.problem : styles.hint} role={problem ? 'alert' : undefined}>
        {problem ?? t('users.freeze.reason_hint')}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={frozen ? styles.primary : styles.danger} disabled={busy} data-testid="freeze-confirm">
          {frozen ? t('users.freeze.confirm_unfreeze') : t('users.freeze.confirm_freeze')}
        </button>
        <button type="button" className={styles.quiet} onClick={close}>
          {t('users.freeze.cancel')}
        </button>
      </div>
    </form>
  );
}
