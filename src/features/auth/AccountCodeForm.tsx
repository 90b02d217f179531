import { useState } from 'react';
import { api } from '../../api/client';
import { useDraft, type Draft } from '../../lib/draft';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { CodeField } from '../../ui/CodeField';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { toast } from '../../ui/toast';
import { AccountInput, type AccountKind } from './AccountInput';
import { areaCode } from './area';

type FieldName = 'account' | 'code' | 'password' | 'confirm';
type Values = { kind: string; email: string; mobile: string; code: string; password: string; confirm: string };
type Scene = 'register' | 'forget';

/**
 * The state of a form that proves an account (e-mail, or phone with its area code) with a
 * code sent for `scene` and sets a password: register and forgot password. The draft
 * survives a visit to the area picker.
 */
export function useAccountCodeForm<T extends Values>(scene: Scene, initial: T) {
  const draft = useDraft(scene, initial);
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
    toast(await api('POST /sms_mail', { user_string: account, scene, ...areaField }));
  };

  /** Shows what is wrong with the shared fields; true when nothing is. */
  const check = (): boolean => {
    const found = validate<FieldName>({
      account: [account, accountCheck],
      code: [values.code, checks.code],
      password: [values.password, checks.password],
      confirm: [values.confirm, checks.confirm(values.password)],
    });
    setErrors(found ?? {});
    return !found;
  };

  return { scene, draft, values, kind, account, areaField, errors, busy, run, sendCode, check };
}

type AccountCodeForm = ReturnType<typeof useAccountCodeForm<Values>>;

/** Account, code (with its cooldown per account) and the new password twice. */
export function AccountCodeFields({ form, passwordLabel }: { form: AccountCodeForm; passwordLabel?: 'new' | 'plain' }) {
  const { draft, values, kind, account, errors } = form;
  const set: Draft<Values>['set'] = draft.set;
  return (
    <>
      <AccountInput
        kind={kind}
        onKind={(next) => set({ kind: next })}
        email={values.email}
        mobile={values.mobile}
        onEmail={(email) => set({ email })}
        onMobile={(mobile) => set({ mobile })}
        error={errors.account}
      />
      <CodeField
        value={values.code}
        onValue={(code) => set({ code })}
        error={errors.code}
        cooldownKey={`${form.scene}:${kind}:${kind === 'mobile' ? areaCode.value : ''}:${account}`}
        send={form.sendCode}
      />
      <NewPasswordFields
        label={passwordLabel ?? 'new'}
        password={values.password}
        confirm={values.confirm}
        onPassword={(password) => set({ password })}
        onConfirm={(confirm) => set({ confirm })}
        errors={errors}
      />
    </>
  );
}
