import { useSignals } from '@preact/signals-react/runtime';
import { api } from '../../api/client';
import { LOGIN_PATH, navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { Form, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { AccountCodeFields, useAccountCodeForm } from './AccountCodeForm';
import styles from './auth.module.css';

export function ForgotScreen() {
  useSignals();
  const t = useT();
  const form = useAccountCodeForm('forget', { kind: 'email', email: '', mobile: '', code: '', password: '', confirm: '' });
  const { draft, values, account, areaField, busy, run } = form;

  const submit = async () => {
    if (!form.check()) return;
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
        <AccountCodeFields form={form} />
        <PrimaryButton type="submit" busy={busy} testId="forget-submit">
          {t('auth:forgot.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
