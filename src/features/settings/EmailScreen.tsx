import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';

type FieldName = 'email' | 'code';

/** For accounts registered by mobile: add an e-mail address, confirmed by a code sent to it. */
export function EmailScreen() {
  const t = useT();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  const address = email.trim().toLowerCase();

  const sendCode = async () => {
    const problem = checks.email(address);
    setErrors(problem ? { email: problem } : {});
    if (problem) throw new Error(problem);
    toast(await api('POST /sms_mail', { scene: 'bind_email', user_string: address }));
  };

  const submit = async () => {
    const found = validate<FieldName>({ email: [address, checks.email], code: [code, checks.code] });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /safe/email', { email: address, code }));
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={t('settings:email.title')}>
      <Form onSubmit={() => void submit()}>
        <Field label={t('auth:fields.email')} error={errors.email}>
          <TextInput name="email" type="email" inputMode="email" autoCapitalize="off" placeholder={t('auth:fields.email_placeholder')} value={email} onValue={setEmail} maxLength={254} />
        </Field>
        <CodeField value={code} onValue={setCode} error={errors.code} cooldownKey={`bind_email:${address}`} send={sendCode} />
        <PrimaryButton type="submit" busy={busy}>
          {t('settings:email.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
