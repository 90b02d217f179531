import { useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
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
import { CHANGE_TOAST_MS, CurrentPasswordField } from './protection';
import styles from './settings.module.css';

type FieldName = 'current' | 'code' | 'payPassword' | 'confirm';

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * The pay password, with a code sent to the account's contact. The first one is
 * confirmed with the login password; a new one with the current pay password, or with
 * the login password when it is forgotten, and pauses withdrawals for 24 hours.
 */
export function PayPasswordScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const [current, setCurrent] = useState('');
  // A pay password is set: confirm with it, unless the user says it is forgotten.
  const [forgotten, setForgotten] = useState(false);
  const [code, setCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  // What the form asks for depends on what the account has now (a pay password, an e-mail, a number).
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const contact = user.value ? maskedContact(user.value) : '';
  const replacing = user.value?.has_pay_password === true;
  const withPayPassword = replacing && !forgotten;

  const switchConfirmation = () => {
    setForgotten(!forgotten);
    setCurrent('');
    setErrors({});
  };

  const submit = async () => {
    const found = validate<FieldName>({
      current: [current, withPayPassword ? checks.payPassword : checks.currentPassword],
      code: [code, checks.code],
      payPassword: [payPassword, checks.payPassword],
      confirm: [confirm, (value) => (value === payPassword ? null : t('settings:pay_password.differ'))],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      const confirmation = withPayPassword ? { current_pay_password: current } : { current_password: current };
      toast(await api('POST /safe/pay_password', { code, pay_password: payPassword, re_pay_password: confirm, ...confirmation }), CHANGE_TOAST_MS);
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={t('settings:pay_password.title')}>
      <p className={styles.intro}>{t('settings:pay_password.intro', { contact })}</p>
      {replacing && <p className={styles.intro}>{t('settings:security.hold_after_change')}</p>}
      <Form onSubmit={() => void submit()}>
        {withPayPassword ? (
          <Field label={t('settings:pay_password.current')} error={errors.current}>
            <PasswordInput
              name="current_pay_password"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('settings:pay_password.current_placeholder')}
              value={current}
              onValue={(v) => setCurrent(digits(v))}
              maxLength={6}
            />
          </Field>
        ) : (
          <CurrentPasswordField value={current} onValue={setCurrent} error={errors.current} />
        )}
        {replacing && (
          <button type="button" className={styles.textButton} onClick={switchConfirmation} data-testid="pay-password-forgot">
            {forgotten ? t('settings:pay_password.remembered') : t('settings:pay_password.forgot')}
          </button>
        )}
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
