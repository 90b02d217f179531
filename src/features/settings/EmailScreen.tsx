import { useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { maskedContact, maskEmail } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { CHANGE_TOAST_MS, ContactCodeField, CurrentPasswordField } from './protection';
import styles from './settings.module.css';

type FieldName = 'current' | 'contactCode' | 'email' | 'code';

/**
 * Binds an e-mail address (accounts registered by mobile) or changes it: confirmed by
 * the login password and a code sent to the account's contact, then by a code sent to
 * the new address. A change pauses withdrawals for 24 hours.
 */
export function EmailScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const [current, setCurrent] = useState('');
  const [contactCode, setContactCode] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  // What the form asks for depends on what the account has now (a pay password, an e-mail, a number).
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const me = user.value;
  const address = email.trim().toLowerCase();

  const sendCode = async () => {
    const problem = checks.email(address);
    setErrors(problem ? { email: problem } : {});
    if (problem) throw new Error(problem);
    toast(await api('POST /sms_mail', { scene: 'bind_email', user_string: address }));
  };

  const submit = async () => {
    const found = validate<FieldName>({
      current: [current, checks.currentPassword],
      contactCode: [contactCode, checks.code],
      email: [address, checks.email],
      code: [code, checks.code],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /safe/email', { email: address, code, contact_code: contactCode, current_password: current }), CHANGE_TOAST_MS);
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={me?.email ? t('settings:email.title_change') : t('settings:email.title')}>
      {me?.email && <p className={styles.intro}>{t('settings:email.current', { email: maskEmail(me.email) })}</p>}
      <p className={styles.intro}>{t('settings:email.intro', { contact: me ? maskedContact(me) : '' })}</p>
      {me?.email && <p className={styles.intro}>{t('settings:security.hold_after_change')}</p>}
      <Form onSubmit={() => void submit()}>
        <CurrentPasswordField value={current} onValue={setCurrent} error={errors.current} />
        <ContactCodeField scene="change_email" value={contactCode} onValue={setContactCode} error={errors.contactCode} />
        <Field label={me?.email ? t('settings:email.new') : t('auth:fields.email')} error={errors.email}>
          <TextInput name="email" type="email" inputMode="email" autoCapitalize="off" placeholder={t('auth:fields.email_placeholder')} value={email} onValue={setEmail} maxLength={254} />
        </Field>
        <CodeField label={t('settings:email.new_code')} value={code} onValue={setCode} error={errors.code} cooldownKey={`bind_email:${address}`} send={sendCode} />
        <PrimaryButton type="submit" busy={busy} testId="email-submit">
          {me?.email ? t('settings:security.change') : t('settings:email.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
