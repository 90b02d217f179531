import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiFailure, api, isRefusedToken } from './api';
import { useConsoleT } from './i18n';
import { checkToken, signedIn, signOut } from './session';
import styles from './console.module.css';

/**
 * Sign-in with an operator token: the server is asked whose token it is (GET
 * /operator/me); a token it refuses is said so here and kept nowhere. (Operator accounts
 * with a password and an authenticator code are a later step.)
 */
export function SignIn() {
  const t = useConsoleT();
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = token.trim();
    if (candidate === '' || checking) return;
    setChecking(true);
    setProblem(null);
    checkToken(candidate);
    try {
      const me = await api('GET /operator/me', {}, { silent: true });
      signedIn(me.name);
      await navigate({ to: '/queues', search: { queue: 'identities' } });
    } catch (error) {
      signOut();
      setProblem(error instanceof ApiFailure && !isRefusedToken(error) ? error.message : t('sign_in.refused'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className={styles.signInPage}>
      <form className={styles.signIn} onSubmit={(event) => void submit(event)} data-testid="sign-in">
        <p className={styles.brand}>{t('title')}</p>
        <h1>{t('sign_in.title')}</h1>
        <label htmlFor="operator-token">{t('sign_in.token')}</label>
        <input
          id="operator-token"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          aria-describedby="operator-token-hint"
          aria-invalid={problem !== null}
          onChange={(event) => {
            setToken(event.target.value);
            setProblem(null);
          }}
        />
        {problem !== null ? (
          <p className={styles.problem} role="alert" data-testid="sign-in-problem">
            {problem}
          </p>
        ) : null}
        <p id="operator-token-hint" className={styles.hint}>
          {t('sign_in.token_hint')}
        </p>
        <button type="submit" className={styles.primary} disabled={checking || token.trim() === ''} data-testid="sign-in-submit">
          {checking ? t('sign_in.checking') : t('sign_in.submit')}
        </button>
        <p className={styles.scope}>{t('no_market_control')}</p>
      </form>
    </main>
  );
}
