import { useSignals } from '@preact/signals-react/runtime';
import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../contract/languages';
import { api } from './api';
import { consoleLanguage, setConsoleLanguage, useConsoleT } from './i18n';
import { pendingWork, refreshPending } from './queues/pending';
import { total } from './queues/queues';
import { operatorName, signOut } from './session';
import styles from './console.module.css';

/** Signs out: a console session ends on the server too (an operator's own token is left working), then nothing stays in the tab. */
async function endSession(): Promise<void> {
  try {
    await api('POST /operator/signout', {}, { silent: true });
  } catch {
    // Refused or unreachable: the tab forgets the token all the same.
  }
  signOut();
}

/**
 * The console's frame once signed in: a sidebar (the screens, who is signed in, the
 * language, sign out, and what the console cannot do) and the screen beside it. Signed
 * out (or the token refused on any request), it goes back to the sign-in.
 */
export function Shell() {
  useSignals();
  const t = useConsoleT();
  const name = operatorName.value;
  // The sidebar's count from the first screen on, whichever it is.
  useEffect(() => {
    if (name !== null && pendingWork.value === null) void refreshPending({ silent: true }).catch(() => undefined);
  }, [name]);
  if (name === null) return <Navigate to="/" />;
  const work = pendingWork.value;
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <p className={styles.brand}>{t('title')}</p>
        <nav aria-label={t('nav.label')} className={styles.nav}>
          <Link to="/overview" className={styles.navLink} activeProps={{ 'aria-current': 'page' }} data-testid="nav-overview">
            {t('nav.overview')}
          </Link>
          <Link to="/queues" search={{ queue: 'identities' }} className={styles.navLink} activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page' }} data-testid="nav-queues">
            {t('nav.queues')}
            {work ? (
              <span className={styles.badge} data-testid="nav-queues-count">
                {total(work)}
              </span>
            ) : null}
          </Link>
          <Link to="/users" className={styles.navLink} activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page' }} data-testid="nav-users">
            {t('nav.users')}
          </Link>
          <Link to="/audit" className={styles.navLink} activeProps={{ 'aria-current': 'page' }} data-testid="nav-audit">
            {t('nav.audit')}
          </Link>
          <Link to="/products" search={{ tab: 'lockup' }} className={styles.navLink} activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page' }} data-testid="nav-products">
            {t('products.title')}
          </Link>
          <Link to="/content" search={{ kind: 'news' }} className={styles.navLink} activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page' }} data-testid="nav-content">
            {t('content.title')}
          </Link>
          <Link to="/account" className={styles.navLink} activeProps={{ 'aria-current': 'page' }} data-testid="nav-account">
            {t('nav.account')}
          </Link>
        </nav>
        <div className={styles.sideFoot}>
          <p className={styles.who} data-testid="signed-in-as">
            {t('nav.signed_in_as', { name })}
          </p>
          <label className={styles.language}>
            <span>{t('nav.language')}</span>
            <select
              value={consoleLanguage.value}
              onChange={(event) => {
                const next = event.target.value;
                if (isLanguage(next)) void setConsoleLanguage(next);
              }}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={styles.signOut} onClick={() => void endSession()} data-testid="sign-out">
            {t('nav.sign_out')}
          </button>
          <p className={styles.scope}>{t('no_market_control')}</p>
        </div>
      </aside>
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
