import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { BackIcon } from './icons';
import styles from './NavBar.module.css';

/** The custom navigation bar every screen uses (spec 2): back, title, an optional action. */
export function NavBar({ title, back = true, right }: { title: ReactNode; back?: boolean; right?: ReactNode }) {
  const router = useRouter();
  const t = useT();
  const goBack = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/' });
  };
  return (
    <header className={styles.bar}>
      <div className={styles.side}>
        {back && (
          <button type="button" className={styles.icon} onClick={goBack} aria-label={t('common:back')}>
            <BackIcon />
          </button>
        )}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}
