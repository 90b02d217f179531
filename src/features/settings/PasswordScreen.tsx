import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { useRouter } from '@tanstack/react-router';
import { LOGIN_PATH } from '../../app/navigation';
import { clearSession, user } from '../../app/session';
import { useT } from '../../i18n';
import { maskedContact } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Form, PrimaryButton } from '../../ui/form';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { CHANGE_TOAST_MS, CurrentPasswordField } from './protection';
import styles from './settings.module.css';

type FieldName = 'current' | 'code' | 'password' | 'confirm';

/**
 * Changing the login password needs the current one and a code sent to the account's
 * contact. It ends every session, this one too (back to login), and pauses withdrawals
 * for 24 hours, which the answer says.
 */
export function PasswordScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  const contact = user.value ? maskedContact(user.value) : '';

  const submit = async () => {
    const found = validate<FieldName>({
      current: [current, checks.currentPassword],
      code: [code, checks.code],
      password: [password, checks.password],
      confirm: [confirm, checks.confirm(password)],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      const answer = await api('POST /safe/update_password', { current_password: current, code, password, re_password: confirm });
      // On the login screen first: forgotten here, the session would put "please log in first" over the answer.
      await router.navigate({ to: LOGIN_PATH });
      clearSession();
      toast(answer, CHANGE_TOAST_MS);
    });
  };

  return (
    <Screen title={t('settings:password.title')}>
      <p className={styles.intro}>{t('settings:password.intro', { contact })}</p>
      <p className={styles.intro}>{t('settings:security.hold_after_change')}</p>
      <Form onSubmit={() => void submit()}>
        <CurrentPasswordField value={current} onValue={setCurrent} error={errors.current} />
        <CodeField value={code} onValue={setCode} error={errors.code} cooldownKey="update_password" send={async () => toast(await api('POST /sms_mail', { scene: 'update_password' }))} />
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
        <PrimaryButton type="submit" busy={busy} testId="password-submit">
          {t('settings:password.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
