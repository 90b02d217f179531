import { useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { maskedContact } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PasswordInput, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import styles from './settings.module.css';

type FieldName = 'code' | 'payPassword' | 'confirm';

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export function PayPasswordScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const [code, setCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  const contact = user.value ? maskedContact(user.value) : '';

  const submit = async () => {
    const found = validate<FieldName>({
      code: [code, checks.code],
      payPassword: [payPassword, checks.payPassword],
      confirm: [confirm, (value) => (value === payPassword ? null : t('settings:pay_password.differ'))],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /safe/pay_password', { code, pay_password: payPassword, re_pay_password: confirm }));
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={t('settings:pay_password.title')}>
      <p className={styles.intro}>{t('settings:pay_password.intro', { contact })}</p>
      <Form onSubmit={() => void submit()}>
        <CodeField value={code} onValue={setCode} error={errors.code} cooldownKey="pay_password" send={async () => toast(await api('POST /sms_mail', { scene: 'pay_password' }))} />
        <Field label={t('settings:pay_password.new')} error={errors.payPassword}>
          <PasswordInput
            name="pay_password"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('settings:pay_password.new_placeholder')}
            value={payPassword}
            onValue={(v) => setPayPassword(digits(v))}
            maxLength={6}
          />
        </Field>
        <Field label={t('settings:pay_password.confirm')} error={errors.confirm}>
          <PasswordInput
            name="re_pay_password"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('settings:pay_password.confirm_placeholder')}
            value={confirm}
            onValue={(v) => setConfirm(digits(v))}
            maxLength={6}
          />
        </Field>
        <PrimaryButton type="submit" busy={busy} testId="pay-password-submit">
          {t('settings:pay_password.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
