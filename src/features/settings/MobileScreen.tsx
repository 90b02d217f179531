import { Link, useRouter } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { useDraft } from '../../lib/draft';
import { maskMobile } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ChevronDownIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { areaCode } from '../auth/area';
import authStyles from '../auth/auth.module.css';
import styles from './settings.module.css';

type FieldName = 'mobile' | 'code';

export function MobileScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  const draft = useDraft('bind-mobile', { mobile: '', code: '' });
  const { values } = draft;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, run] = useSubmit();
  const me = user.value;

  const sendCode = async () => {
    const problem = checks.mobile(areaCode.value)(values.mobile);
    setErrors(problem ? { mobile: problem } : {});
    if (problem) throw new Error(problem);
    toast(await api('POST /sms_send', { area_code: areaCode.value, mobile: values.mobile }));
  };

  const submit = async () => {
    const found = validate<FieldName>({ mobile: [values.mobile, checks.mobile(areaCode.value)], code: [values.code, checks.code] });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /safe/mobile', { area_code: areaCode.value, mobile: values.mobile, code: values.code }));
      draft.clear();
      await refreshUser();
      router.history.back();
    });
  };

  return (
    <Screen title={t('settings:mobile.title')}>
      {me?.mobile && <p className={styles.intro}>{t('settings:mobile.current', { mobile: maskMobile(me.area_code, me.mobile) })}</p>}
      <Form onSubmit={() => void submit()}>
        <Field label={t('auth:fields.mobile')} error={errors.mobile}>
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
        <CodeField value={values.code} onValue={(code) => draft.set({ code })} error={errors.code} cooldownKey={`bind_mobile:${areaCode.value}:${values.mobile}`} send={sendCode} />
        <PrimaryButton type="submit" busy={busy}>
          {t('settings:mobile.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
