import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { LOGIN_PATH, navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Form, PrimaryButton } from '../../ui/form';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
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
  const [busy, run] = useSubmit();
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
    await run(async () => {
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
    });
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
        <NewPasswordFields
          password={values.password}
          confirm={values.confirm}
          onPassword={(password) => draft.set({ password })}
          onConfirm={(confirm) => draft.set({ confirm })}
          errors={errors}
        />
        <PrimaryButton type="submit" busy={busy} testId="forget-submit">
          {t('auth:forgot.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
