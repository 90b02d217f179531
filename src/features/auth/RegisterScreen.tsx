import { Link, useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { siteLogo, siteName } from '../../app/site';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { AccountInput, type AccountKind } from './AccountInput';
import { completeLogin } from './actions';
import { areaCode } from './area';
import styles from './auth.module.css';
import { LanguageButton } from './LoginScreen';

type FieldName = 'account' | 'code' | 'password' | 'confirm';

export function RegisterScreen() {
  useSignals();
  const t = useT();
  const { invite } = useSearch({ from: '/pages/common/register' });
  const draft = useDraft('register', { kind: 'email', email: '', mobile: '', code: '', password: '', confirm: '', invite: invite ?? '' });
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
    toast(await api('POST /sms_mail', { user_string: account, scene: 'register', ...areaField }));
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
      const token = await api('POST /user/register', {
        type: kind,
        user_string: account,
        code: values.code,
        password: values.password,
        re_password: values.confirm,
        ...areaField,
        ...(values.invite.trim() ? { extension_code: values.invite.trim() } : {}),
      });
      await completeLogin(token);
      draft.clear();
      toast(t('auth:register.done'));
      navigate('/');
    });
  };

  return (
    <Screen title={t('auth:register.title')} right={<LanguageButton />}>
      <div className={styles.hero}>
        <img className={styles.logo} src={siteLogo()} alt="" />
        <h2 className={styles.heading}>{t('auth:register.heading')}</h2>
        <p className={styles.sub}>{siteName()}</p>
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
          cooldownKey={`register:${kind}:${kind === 'mobile' ? areaCode.value : ''}:${account}`}
          send={sendCode}
        />
        <NewPasswordFields
          label="plain"
          password={values.password}
          confirm={values.confirm}
          onPassword={(password) => draft.set({ password })}
          onConfirm={(confirm) => draft.set({ confirm })}
          errors={errors}
        />
        <Field label={t('auth:fields.invite')}>
          <TextInput
            name="invite"
            autoCapitalize="characters"
            placeholder={t('auth:fields.invite_placeholder')}
            value={values.invite}
            onValue={(value) => draft.set({ invite: value.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) })}
            maxLength={16}
          />
        </Field>
        <PrimaryButton type="submit" busy={busy} testId="register-submit">
          {t('auth:register.submit')}
        </PrimaryButton>
        <p className={styles.footer}>
          {t('auth:register.have_account')}
          <Link to="/pages/common/login">{t('auth:register.login')}</Link>
        </p>
      </Form>
      <p className={styles.note}>{t('common:paper_trading')}</p>
    </Screen>
  );
}
