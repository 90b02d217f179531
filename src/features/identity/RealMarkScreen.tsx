import { useRouter } from '@tanstack/react-router';
import { navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import styles from '../assets/assets.module.css';

/** Where a 998 answer leads: what verification is for, and the way to it. */
export function RealMarkScreen() {
  const t = useT();
  const router = useRouter();
  return (
    <Screen title={t('settings:real_mark.title')}>
      <div className={styles.page} data-testid="real-mark">
        <p className={styles.note} style={{ fontSize: 15 }}>
          {t('settings:real_mark.body')}
        </p>
        <PrimaryButton onClick={() => navigate('/pages/setting/real')} testId="real-start">
          {t('settings:real_mark.start')}
        </PrimaryButton>
        <PrimaryButton variant="secondary" onClick={() => router.history.back()}>
          {t('settings:real_mark.later')}
        </PrimaryButton>
      </div>
    </Screen>
  );
}
