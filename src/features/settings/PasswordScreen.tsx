import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { LOGIN_PATH, navigate } from '../../app/navigation';
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
  const [busy, run] = useSubmit();
  const contact = user.value ? maskedContact(user.value) : '';

  const submit = async () => {
    const found = validate<FieldName>({
      code: [code, checks.code],
      password: [password, checks.password],
      confirm: [confirm, checks.confirm(password)],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /safe/update_password', { code, password, re_password: confirm }));
      clearSession();
      navigate(LOGIN_PATH);
    });
  };

  return (
    <Screen title={t('settings:password.title')}>
      <p className={styles.intro}>{t('settings:password.intro', { contact })}</p>
      <Form onSubmit={() => void submit()}>
        <CodeField value={code} onValue={setCode} error={errors.code} cooldownKey="update_password" send={async () => toast(await api('POST /sms_mail', { scene: 'update_password' }))} />
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
        <PrimaryButton type="submit" busy={busy}>
          {t('settings:password.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
