import { useState } from 'react';
import { isTotpCode } from '../../../contract/rules';
import { api } from '../../api/client';
import { deviceId } from '../../app/device';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { Form, PrimaryButton } from '../../ui/form';
import { toast } from '../../ui/toast';
import { TotpCodeField } from './TotpCodeField';
import { declined, passkeysSupported, getPasskey } from './webauthn';
import styles from './security.module.css';

/**
 * The login's second step when the account has the authenticator app on: the password
 * answered a challenge (5 minutes, once), this step gives it back with the app's code or
 * a recovery code and gets the session (server/account-security/login.ts).
 */
export function LoginCodeStep({ challenge, account, onToken, onBack }: { challenge: string; account: string; onToken: (token: string) => Promise<void>; onBack: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSubmit();
  const submit = () =>
    run(async () => {
      const problem = isTotpCode(code) ? undefined : t('validation:totp_code_rule');
      setError(problem);
      if (problem) return;
      await onToken(await api('POST /user/login/totp', { challenge, totp_code: code.trim() }));
    });
  return (
    <section aria-labelledby="login-code-title" data-testid="login-code-step">
      <h2 className={styles.step} id="login-code-title">
        {t('security:login.code_title')}
      </h2>
      <p className={styles.intro}>{t('security:login.code_intro', { account })}</p>
      <Form onSubmit={() => void submit()}>
        <TotpCodeField value={code} onValue={setCode} error={error} autoFocus />
        <PrimaryButton type="submit" busy={busy} testId="login-code-submit">
          {t('security:login.verify')}
        </PrimaryButton>
        <button type="button" className={styles.link} onClick={onBack}>
          {t('security:login.back')}
        </button>
      </Form>
    </section>
  );
}

/** "Log in with a passkey": any passkey of this site the device holds; no account typed, no code after it. */
export function PasskeyLogin({ onToken }: { onToken: (token: string) => Promise<void> }) {
  const t = useT();
  const [busy, run] = useSubmit();
  if (!passkeysSupported()) return null;
  const login = () =>
    run(async () => {
      const { options } = await api('POST /user/passkey/options', {});
      let response: string;
      try {
        response = await getPasskey(options);
      } catch (error) {
        toast(t(declined(error) ? 'security:login.passkey_cancelled' : 'security:passkeys.failed'));
        return;
      }
      await onToken(await api('POST /user/passkey/login', { response, device_id: deviceId() }));
    });
  return (
    <>
      <p className={styles.or}>{t('security:login.or')}</p>
      <PrimaryButton variant="secondary" busy={busy} onClick={() => void login()} testId="passkey-login">
        {t('security:login.passkey')}
      </PrimaryButton>
    </>
  );
}
