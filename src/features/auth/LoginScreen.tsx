import { Link, useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { siteLogo } from '../../app/site';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { Field, Form, PasswordInput, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { AccountInput, type AccountKind } from './AccountInput';
import { deviceId } from '../../app/device';
import { LoginCodeStep, PasskeyLogin } from '../security/LoginSteps';
import { completeLogin } from './actions';
import { LanguageButton } from './LanguageButton';
import { areaCode } from './area';
import styles from './auth.module.css';
import { PaperNote } from '../home/PaperNote';

export function LoginScreen() {
  useSignals();
  const t = useT();
  const { redirect } = useSearch({ from: '/pages/common/login' });
  const draft = useDraft('login', { kind: 'email', email: '', mobile: '', password: '' });
  const { values } = draft;
  const kind = values.kind as AccountKind;
  const [errors, setErrors] = useState<Partial<Record<'account' | 'password', string>>>({});
  const [busy, run] = useSubmit();
  // With the authenticator app on, the password answers a challenge for the code step.
  const [challenge, setChallenge] = useState<{ token: string; account: string } | null>(null);

  const finish = async (token: string) => {
    await completeLogin(token);
    draft.clear();
    toast(t('auth:login.done'));
    navigate(redirect && redirect.startsWith('/') ? redirect : '/');
  };

  const submit = async () => {
    const account = kind === 'email' ? values.email : values.mobile;
    const found = validate({
      account: [account, kind === 'email' ? checks.email : checks.mobile(areaCode.value)],
      password: [values.password, checks.loginPassword],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      const answer = await api('POST /user/login', {
        user_string: account.trim(),
        password: values.password,
        ...(kind === 'mobile' ? { area_code: areaCode.value } : {}),
        device_id: deviceId(),
      });
      if (typeof answer === 'string') await finish(answer);
      else setChallenge({ token: answer.challenge, account: account.trim() });
    });
  };

  if (challenge) {
    return (
      <Screen title={t('auth:login.title')} right={<LanguageButton />}>
        <LoginCodeStep challenge={challenge.token} account={challenge.account} onToken={finish} onBack={() => setChallenge(null)} />
      </Screen>
    );
  }

  return (
    <Screen title={t('auth:login.title')} right={<LanguageButton />}>
      <div className={styles.hero}>
        <img className={styles.logo} src={siteLogo()} alt="" />
        <h2 className={styles.heading}>{t('auth:login.heading')}</h2>
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
        <Field label={t('auth:fields.password')} error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('auth:fields.password_placeholder')}
            value={values.password}
            onValue={(password) => draft.set({ password })}
            maxLength={64}
          />
        </Field>
        <div className={styles.row}>
          <span />
          <Link to="/pages/common/forget">{t('auth:login.forgot')}</Link>
        </div>
        <PrimaryButton type="submit" busy={busy} testId="login-submit">
          {t('auth:login.submit')}
        </PrimaryButton>
        <PasskeyLogin onToken={finish} />
        <p className={styles.footer}>
          {t('auth:login.no_account')}
          <Link to="/pages/common/register">{t('auth:login.register')}</Link>
        </p>
      </Form>
      <PaperNote className={styles.note} />
    </Screen>
  );
}
