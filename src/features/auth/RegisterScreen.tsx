import { Link, useSearch } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { api } from '../../api/client';
import { deviceId } from '../../app/device';
import { navigate } from '../../app/navigation';
import { siteLogo, siteName } from '../../app/site';
import { useT } from '../../i18n';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { completeLogin } from './actions';
import { AccountCodeFields, useAccountCodeForm } from './AccountCodeForm';
import styles from './auth.module.css';
import { LanguageButton } from './LanguageButton';
import { PaperNote } from '../home/PaperNote';

export function RegisterScreen() {
  useSignals();
  const t = useT();
  const { invite } = useSearch({ from: '/pages/common/register' });
  const form = useAccountCodeForm('register', { kind: 'email', email: '', mobile: '', code: '', password: '', confirm: '', invite: invite ?? '' });
  const { draft, values, kind, account, areaField, busy, run } = form;

  const submit = async () => {
    if (!form.check()) return;
    await run(async () => {
      const token = await api('POST /user/register', {
        type: kind,
        user_string: account,
        code: values.code,
        password: values.password,
        re_password: values.confirm,
        ...areaField,
        ...(values.invite.trim() ? { extension_code: values.invite.trim() } : {}),
        device_id: deviceId(),
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
        <AccountCodeFields form={form} passwordLabel="plain" />
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
      <PaperNote className={styles.note} />
    </Screen>
  );
}
