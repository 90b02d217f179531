import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { ApiFailure, api } from '../api';
import { consoleLanguage, translate, useConsoleT } from '../i18n';
import { signOut } from '../session';
import styles from './account.module.css';

type Account = ApiOutput<'GET /operator/account'>;
type Setup = ApiOutput<'POST /operator/account/totp'>;

/**
 * The signed-in operator's account: whether it is secured (a password and an
 * authenticator app, for signing in without the token), its open console sessions (each
 * can be ended), and securing it: a new authenticator shown as a QR code and as text,
 * confirmed by its first code with the new password; a secured account proves itself
 * first with its current password and code. Securing ends every session of the account:
 * signed in with one, the console signs out and says to sign in with the new details.
 */
export function AccountScreen() {
  useSignals();
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [account, setAccount] = useState<Account | null>(null);

  const load = useCallback(() => {
    void api('GET /operator/account', {}).then(setAccount, () => undefined);
  }, []);
  useEffect(load, [load]);

  const end = async (id: number) => {
    try {
      toast(await api('POST /operator/account/sessions/revoke', { id }));
      load();
    } catch {
      // Toasted by the client.
    }
  };

  return (
    <section className={styles.screen} aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      {account === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : (
        <>
          <p className={styles.status} data-testid="account-status">
            {account.secured ? t('account.secured', { name: account.name }) : t('account.not_secured', { name: account.name })}
          </p>
          <section className={styles.panel} aria-labelledby="sessions-title">
            <h2 id="sessions-title">{t('account.sessions')}</h2>
            {account.sessions.length === 0 ? (
              <p className={styles.note}>{t('account.no_sessions')}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('account.device')}</th>
                    <th scope="col">{t('account.ip')}</th>
                    <th scope="col">{t('account.started')}</th>
                    <th scope="col">{t('account.ends')}</th>
                    <th scope="col">
                      <span className={styles.hidden}>{t('account.end')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {account.sessions.map((session) => (
                    <tr key={session.id} data-testid="account-session">
                      <td className={styles.device}>{session.user_agent || '—'}</td>
                      <td>{session.ip}</td>
                      <td>{formatDateTime(session.created_at, language)}</td>
                      <td>{formatDateTime(session.expires_at, language)}</td>
                      <td>
                        {session.current ? (
                          <span className={styles.current}>{t('account.this_session')}</span>
                        ) : (
                          <button type="button" className={styles.quiet} onClick={() => void end(session.id)}>
                            {t('account.end')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <Secure key={String(account.secured)} account={account} onSecured={load} />
        </>
      )}
    </section>
  );
}

/** Securing the account: the authenticator's setup, the new password, and the proof a secured account gives. */
function Secure({ account, onSecured }: { account: Account; onSecured: () => void }) {
  const t = useConsoleT();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [qr, setQr] = useState('');
  const [fields, setFields] = useState({ password: '', repeat: '', code: '', current_password: '', current_code: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      const made = await api('POST /operator/account/totp', {});
      setSetup(made);
      const { toDataURL } = await import('qrcode');
      setQr(await toDataURL(made.uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' }));
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (fields.password !== fields.repeat) {
      setProblem(t('account.passwords_differ'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const current = account.sessions.some((session) => session.current);
    try {
      await api(
        'POST /operator/account/secure',
        {
          password: fields.password,
          code: fields.code.trim(),
          ...(account.secured ? { current_password: fields.current_password, current_code: fields.current_code.trim() } : {}),
        },
        { silent: true },
      );
      if (current) {
        // This session ended with the others: sign in again with the new details.
        signOut();
        toast(translate('account.secured_sign_in'), 4000);
      } else {
        toast(translate('account.secured_done'), 4000);
        setSetup(null);
        onSecured();
      }
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const input = (name: keyof typeof fields) => ({
    id: `secure-${name}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((now) => ({ ...now, [name]: event.target.value }));
      setProblem(null);
    },
  });

  return (
    <section className={styles.panel} aria-labelledby="secure-title">
      <h2 id="secure-title">{account.secured ? t('account.change_title') : t('account.secure_title')}</h2>
      <p className={styles.note}>{account.secured ? t('account.change_intro') : t('account.secure_intro')}</p>
      {setup === null ? (
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void start()} data-testid="totp-start">
          {t('account.start')}
        </button>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="secure-form">
          <div className={styles.qrRow}>
            {qr !== '' ? <img src={qr} alt={t('account.qr')} width={160} height={160} className={styles.qr} /> : <div className={styles.qrWait} aria-busy="true" />}
            <div>
              <p className={styles.note}>{t('account.scan')}</p>
              <p className={styles.secretLabel}>{t('account.secret')}</p>
              <code className={styles.secret} data-testid="totp-secret">
                {setup.secret}
              </code>
            </div>
          </div>
          {account.secured ? (
            <>
              <label htmlFor="secure-current_password">{t('account.current_password')}</label>
              <input type="password" autoComplete="current-password" {...input('current_password')} />
              <label htmlFor="secure-current_code">{t('account.current_code')}</label>
              <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...input('current_code')} />
            </>
          ) : null}
          <label htmlFor="secure-password">{t('account.new_password')}</label>
          <input type="password" autoComplete="new-password" aria-describedby="secure-password-hint" {...input('password')} />
          <p id="secure-password-hint" className={styles.note}>
            {t('account.password_hint')}
          </p>
          <label htmlFor="secure-repeat">{t('account.repeat_password')}</label>
          <input type="password" autoComplete="new-password" {...input('repeat')} />
          <label htmlFor="secure-code">{t('account.new_code')}</label>
          <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...input('code')} />
          {problem !== null ? (
            <p className={styles.problem} role="alert" data-testid="secure-problem">
              {problem}
            </p>
          ) : null}
          <button type="submit" className={styles.primary} disabled={busy} data-testid="secure-submit">
            {account.secured ? t('account.change_submit') : t('account.secure_submit')}
          </button>
        </form>
      )}
    </section>
  );
}
