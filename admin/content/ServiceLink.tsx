import { useState, type FormEvent } from 'react';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { useConsoleT } from '../i18n';
import styles from './content.module.css';

/** The customer service link (POST /operator/service_link): an https or mailto address, or none. The server checks it and audits the change. */
export function ServiceLink({ current, onSaved }: { current: string; onSaved: () => void }) {
  const t = useConsoleT();
  const [url, setUrl] = useState(current);
  const [busy, setBusy] = useState(false);

  const send = async (value: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await api('POST /operator/service_link', { url: value });
      setUrl(value);
      toast(value === '' ? t('content.service_cleared') : t('content.service_saved'));
      onSaved();
    } catch {
      // Toasted by the client (the server's words for an address it refuses).
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(url.trim());
  };

  return (
    <form className={`${styles.form} ${styles.service}`} onSubmit={submit} data-testid="service-form">
      <label>
        <span>{t('content.service_title')}</span>
        <input
          type="text"
          inputMode="url"
          value={url}
          maxLength={300}
          spellCheck={false}
          placeholder="https://… / mailto:…"
          onChange={(event) => setUrl(event.target.value)}
          data-testid="service-input"
        />
        <small className={styles.hint}>{t('content.service_hint')}</small>
      </label>
      <p className={styles.hint} data-testid="service-current">
        {current === '' ? t('content.service_none') : t('content.service_now', { url: current })}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} data-testid="service-save">
          {t('content.service_save')}
        </button>
        {current !== '' ? (
          <button type="button" className={styles.quiet} disabled={busy} onClick={() => void send('')} data-testid="service-clear">
            {t('content.service_clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
