import { useRouter } from '@tanstack/react-router';
import { useT } from '../i18n';
import { PrimaryButton } from './form';
import { Screen } from './Screen';
import styles from './ErrorScreens.module.css';

/** Spec 8: a screen that failed to load shows a generic load error. */
export function LoadError() {
  const t = useT();
  const router = useRouter();
  return (
    <Screen title="">
      <div className={styles.box} data-testid="load-error">
        <h2 className={styles.title}>{t('common:load_error.title')}</h2>
        <p className={styles.body}>{t('common:load_error.body')}</p>
        <PrimaryButton onClick={() => void router.invalidate()}>{t('common:retry')}</PrimaryButton>
      </div>
    </Screen>
  );
}

export function NotFound() {
  const t = useT();
  const router = useRouter();
  return (
    <Screen title="">
      <div className={styles.box} data-testid="not-found">
        <h2 className={styles.title}>{t('common:not_found.title')}</h2>
        <p className={styles.body}>{t('common:not_found.body')}</p>
        <PrimaryButton onClick={() => void router.navigate({ to: '/' })}>{t('common:not_found.home')}</PrimaryButton>
      </div>
    </Screen>
  );
}
