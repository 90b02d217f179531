import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { LOGIN_PATH, navigate } from '../../app/navigation';
import { clearSession, user } from '../../app/session';
import { useT } from '../../i18n';
import { maskedContact } from '../../lib/mask';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PasswordInput, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './settings.module.css';

type FieldName = 'code' | 'password' | 'confirm';

/** Changing the login password ends every session, this one too: back to login. */
export function PasswordScreen() {
  useSignals();
  const t = useT();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const contact = user.value ? maskedContact(user.value) : '';

  const submit = async () => {
    const found = validate<FieldName>({
      code: [code, checks.code],
      password: [password, checks.password],
      confirm: [confirm, checks.confirm(password)],
    });
    setErrors(found ?? {});
    if (found) return;
    setBusy(true);
    try {
      toast(await api('POST /safe/update_password', { code, password, re_password: confirm }));
      clearSession();
      navigate(LOGIN_PATH);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('settings:password.title')}>
      <p className={styles.intro}>{t('settings:password.intro', { contact })}</p>
      <Form onSubmit={() => void submit()}>
        <CodeField
          value={code}
          onValue={setCode}
          error={errors.code}
          cooldownKey="update_password"
          send={async () => toast(await api('POST /sms_mail', { scene: 'update_password' }))}
        />
        <Field label={t('auth:fields.new_password')} error={errors.password}>
          <PasswordInput name="password" autoComplete="new-password" placeholder={t('auth:fields.new_password_placeholder')} value={password} onValue={setPassword} maxLength={64} />
        </Field>
        <Field label={t('auth:fields.confirm_password')} error={errors.confirm}>
          <PasswordInput name="confirm" autoComplete="new-password" placeholder={t('auth:fields.confirm_password_placeholder')} value={confirm} onValue={setConfirm} maxLength={64} />
        </Field>
        <PrimaryButton type="submit" busy={busy}>
          {t('settings:password.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
