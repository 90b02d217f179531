import { useT } from '../../i18n';
import { copyText } from '../../ui/clipboard';
import { PrimaryButton } from '../../ui/form';
import styles from './security.module.css';

/** Recovery codes, shown once when made: copy them all, then say they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useT();
  return (
    <section aria-labelledby="recovery-title">
      <h2 className={styles.step} id="recovery-title">
        {t('security:totp.recovery_title')}
      </h2>
      <p className={styles.intro}>{t('security:totp.recovery_intro')}</p>
      <ol className={styles.codes} data-testid="recovery-codes" style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <PrimaryButton variant="secondary" onClick={() => void copyText(codes.join('\n'))} testId="recovery-copy">
          {t('security:totp.copy_all')}
        </PrimaryButton>
        <PrimaryButton onClick={onDone} testId="recovery-done">
          {t('security:totp.saved')}
        </PrimaryButton>
      </div>
    </section>
  );
}
