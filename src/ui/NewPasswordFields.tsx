import { useT } from '../i18n';
import { Field, PasswordInput } from './form';

/** A new password and its confirmation, as register, reset and change ask. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  label = 'new',
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string | undefined; confirm?: string | undefined };
  label?: 'new' | 'plain';
}) {
  const t = useT();
  return (
    <>
      <Field label={label === 'new' ? t('auth:fields.new_password') : t('auth:fields.password')} error={errors.password}>
        <PasswordInput name="password" autoComplete="new-password" placeholder={t('auth:fields.new_password_placeholder')} value={password} onValue={onPassword} maxLength={64} />
      </Field>
      <Field label={t('auth:fields.confirm_password')} error={errors.confirm}>
        <PasswordInput name="confirm" autoComplete="new-password" placeholder={t('auth:fields.confirm_password_placeholder')} value={confirm} onValue={onConfirm} maxLength={64} />
      </Field>
    </>
  );
}
