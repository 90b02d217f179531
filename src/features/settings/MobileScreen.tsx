import { Link, useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { maskedContact, maskMobile } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ChevronDownIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { areaCode } from '../auth/area';
import authStyles from '../auth/auth.module.css';
import { CHANGE_TOAST_MS, ContactCodeField, CurrentPasswordField } from './protection';
import styles from './settings.module.css';

type FieldName = 'current' | 'contactCode' | 'mobile' | 'code';

/**
 * Binds a mobile number or changes it: confirmed by the login password and a code sent
 * to the account's contact, then by a code texted to the new number. A change pauses
 * withdrawals for 24 hours. The codes survive a trip to the area list; the password does not.
 */
export function MobileScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const draft = useDraft('bind-mobile', { mobile: '', code: '', contactCode: '' });
  const { values } = draft;
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  // What the form asks for depends on what the account has now (a pay password, an e-mail, a number).
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const me = user.value;

  const sendCode = async () => {
    const problem = checks.mobile(areaCode.value)(values.mobile);
    setErrors(problem ? { mobile: problem } : {});
    if (problem) throw new Error(problem);
    toast(await api('POST /sms_send', { area_code: areaCode.value, mobile: values.mobile }));
  };

  const submit = async () => {
    const found = validate<FieldName>({
      current: [current, checks.currentPassword],
      contactCode: [values.contactCode, checks.code],
      mobile: [values.mobile, checks.mobile(areaCode.value)],
      code: [values.code, checks.code],
    });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      const body = { area_code: areaCode.value, mobile: values.mobile, code: values.code, contact_code: values.contactCode, current_password: current };
      toast(await api('POST /safe/mobile', body), CHANGE_TOAST_MS);
      draft.clear();
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={me?.mobile ? t('settings:mobile.title_change') : t('settings:mobile.title')}>
      {me?.mobile && <p className={styles.intro}>{t('settings:mobile.current', { mobile: maskMobile(me.area_code, me.mobile) })}</p>}
      <p className={styles.intro}>{t('settings:mobile.intro', { contact: me ? maskedContact(me) : '' })}</p>
      {me?.mobile && <p className={styles.intro}>{t('settings:security.hold_after_change')}</p>}
      <Form onSubmit={() => void submit()}>
        <CurrentPasswordField value={current} onValue={setCurrent} error={errors.current} />
        <ContactCodeField scene="change_mobile" value={values.contactCode} onValue={(contactCode) => draft.set({ contactCode })} error={errors.contactCode} />
        <Field label={me?.mobile ? t('settings:mobile.new') : t('auth:fields.mobile')} error={errors.mobile}>
          <Link to="/pages/setting/areas" className={authStyles.area} data-testid="area-code">
            +{areaCode.value}
            <ChevronDownIcon size={16} />
          </Link>
          <TextInput
            name="mobile"
            type="tel"
            inputMode="numeric"
            placeholder={t('auth:fields.mobile_placeholder')}
            value={values.mobile}
            onValue={(mobile) => draft.set({ mobile: mobile.replace(/\D/g, '') })}
            maxLength={14}
          />
        </Field>
        <CodeField
          label={t('settings:mobile.new_code')}
          value={values.code}
          onValue={(code) => draft.set({ code })}
          error={errors.code}
          cooldownKey={`bind_mobile:${areaCode.value}:${values.mobile}`}
          send={sendCode}
        />
        <PrimaryButton type="submit" busy={busy} testId="mobile-submit">
          {me?.mobile ? t('settings:security.change') : t('settings:mobile.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
