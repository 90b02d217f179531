import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { LOGIN_PATH, navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PasswordInput, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { AccountInput, type AccountKind } from './AccountInput';
import { areaCode } from './area';
import styles from './auth.module.css';

type FieldName = 'account' | 'code' | 'password' | 'confirm';

export function ForgotScreen() {
  useSignals();
  const t = useT();
  const draft = useDraft('forget', { kind: 'email', email: '', mobile: '', code: '', password: '', confirm: '' });
  const { values } = draft;
  const kind = values.kind as AccountKind;
  const account = (kind === 'email' ? values.email : values.mobile).trim();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const accountCheck = kind === 'email' ? checks.email : checks.mobile(areaCode.value);
  const areaField = kind === 'mobile' ? { area_code: areaCode.value } : {};

  const sendCode = async () => {
    const problem = accountCheck(account);
    setErrors(problem ? { account: problem } : {});
    if (problem) throw new Error(problem);
    toast(await api('POST /sms_mail', { user_string: account, type: 'forget', ...areaField }));
  };

  const submit = async () => {
    const found = validate<FieldName>({
      account: [account, accountCheck],
      code: [values.code, checks.code],
      password: [values.password, checks.password],
      confirm: [values.confirm, checks.confirm(values.password)],
    });
    setErrors(found ?? {});
    if (found) return;
    setBusy(true);
    try {
      toast(
        await api('POST /user/forget', {
          account,
          code: values.code,
          password: values.password,
          repassword: values.confirm,
          ...areaField,
        }),
      );
      draft.clear();
      navigate(LOGIN_PATH);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('auth:forgot.title')}>
      <div className={styles.hero}>
        <p className={styles.sub}>{t('auth:forgot.heading')}</p>
      </div>
      <Form onSubmit={() => void submit()}>
        <AccountInput
          kind={kind}
          onKind={(next) => draft.set({ kind: next })}
          email={values.email}
          mobile={values.mobile}
          onEmail={(email) => draft.set({ email })}
          onMobile={(mobile) => draft.set({ mobile })}
          error={errors.account}
        />
        <CodeField
          value={values.code}
          onValue={(code) => draft.set({ code })}
          error={errors.code}
          cooldownKey={`forget:${kind}:${kind === 'mobile' ? areaCode.value : ''}:${account}`}
          send={sendCode}
        />
        <Field label={t('auth:fields.new_password')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            placeholder={t('auth:fields.new_password_placeholder')}
            value={values.password}
            onValue={(password) => draft.set({ password })}
            maxLength={64}
          />
        </Field>
        <Field label={t('auth:fields.confirm_password')} error={errors.confirm}>
          <PasswordInput
            name="confirm"
            autoComplete="new-password"
            placeholder={t('auth:fields.confirm_password_placeholder')}
            value={values.confirm}
            onValue={(confirm) => draft.set({ confirm })}
            maxLength={64}
          />
        </Field>
        <PrimaryButton type="submit" busy={busy} testId="forget-submit">
          {t('auth:forgot.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
