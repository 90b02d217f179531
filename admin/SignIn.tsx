import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiFailure, api, isRefusedToken } from './api';
import { useConsoleT } from './i18n';
import { checkToken, signedIn, signOut } from './session';
import styles from './console.module.css';

/**
 * Sign-in: with an operator account (name, password and a code of its authenticator app:
 * POST /operator/signin answers a session token), or with an operator token (the server is
 * asked whose it is: GET /operator/me). What the server refuses is said here and kept nowhere.
 */
export function SignIn() {
  const t = useConsoleT();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<{ form: 'account' | 'token'; text: string } | null>(null);
  const [account, setAccount] = useState({ name: '', password: '', code: '' });
  const [token, setToken] = useState('');

  /** Holds the token while the server names its operator, then opens the queues. */
  const enter = async (candidate: string, form: 'account' | 'token') => {
    checkToken(candidate);
    try {
      const me = await api('GET /operator/me', {}, { silent: true });
      signedIn(me.name);
      await navigate({ to: '/queues', search: { queue: 'identities' } });
    } catch (error) {
      signOut();
      setProblem({ form, text: error instanceof ApiFailure && !isRefusedToken(error) ? error.message : t('sign_in.refused') });
    }
  };

  const submitAccount = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setProblem(null);
    try {
      const session = await api('POST /operator/signin', { name: account.name.trim(), password: account.password, code: account.code.trim() }, { silent: true });
      await enter(session.token, 'account');
    } catch (error) {
      setProblem({ form: 'account', text: error instanceof ApiFailure ? error.message : t('errors.unknown') });
    } finally {
      setChecking(false);
    }
  };

  const submitToken = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = token.trim();
    if (candidate === '' || checking) return;
    setChecking(true);
    setProblem(null);
    try {
      await enter(candidate, 'token');
    } finally {
      setChecking(false);
    }
  };

  const field = (name: keyof typeof account) => ({
    value: account[name],
    onChange: (event: { target: { value: string } }) => {
      setAccount((current) => ({ ...current, [name]: event.target.value }));
      setProblem(null);
    },
  });
  const accountReady = account.name.trim() !== '' && account.password !== '' && /^[0-9]{6}$/.test(account.code.trim());

  return (
    <main className={styles.signInPage}>
      <div className={styles.signIn}>
        <p className={styles.brand}>{t('title')}</p>
        <h1>{t('sign_in.title')}</h1>
        <form className={styles.signInForm} onSubmit={(event) => void submitAccount(event)} data-testid="account-sign-in" aria-labelledby="account-sign-in-title">
          <h2 id="account-sign-in-title">{t('sign_in.account_title')}</h2>
          <label htmlFor="operator-name">{t('sign_in.name')}</label>
          <input id="operator-name" name="username" autoComplete="username" spellCheck={false} {...field('name')} />
          <label htmlFor="operator-password">{t('sign_in.password')}</label>
          <input id="operator-password" name="password" type="password" autoComplete="current-password" {...field('password')} />
          <label htmlFor="operator-code">{t('sign_in.code')}</label>
          <input id="operator-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field('code')} />
          {problem?.form === 'account' ? (
            <p className={styles.problem} role="alert" data-testid="account-sign-in-problem">
              {problem.text}
            </p>
          ) : null}
          <button type="submit" className={styles.primary} disabled={checking || !accountReady} data-testid="account-sign-in-submit">
            {checking ? t('sign_in.checking') : t('sign_in.submit')}
          </button>
        </form>
        <form className={styles.signInForm} onSubmit={(event) => void submitToken(event)} data-testid="sign-in" aria-labelledby="token-sign-in-title">
          <h2 id="token-sign-in-title">{t('sign_in.token_title')}</h2>
          <label htmlFor="operator-token">{t('sign_in.token')}</label>
          <input
            id="operator-token"
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby="operator-token-hint"
            aria-invalid={problem?.form === 'token'}
            onChange={(event) => {
              setToken(event.target.value);
              setProblem(null);
            }}
          />
          {problem?.form === 'token' ? (
            <p className={styles.problem} role="alert" data-testid="sign-in-problem">
              {problem.text}
            </p>
          ) : null}
          <p id="operator-token-hint" className={styles.hint}>
            {t('sign_in.token_hint')}
          </p>
          <button type="submit" className={styles.secondary} disabled={checking || token.trim() === ''} data-testid="sign-in-submit">
            {checking ? t('sign_in.checking') : t('sign_in.submit_token')}
          </button>
        </form>
        <p className={styles.scope}>{t('no_market_control')}</p>
      </div>
    </main>
  );
}
