import { useT } from '../../i18n';
import { Field, TextInput } from '../../ui/form';

/**
 * The code of the authenticator app (six digits) or, when `recovery`, one of the recovery
 * codes (xxxxx-xxxxx). The server decides whether it is right (server/account-security/totp.ts).
 */
export function TotpCodeField({
  value,
  onValue,
  error,
  recovery = true,
  label,
  autoFocus = false,
}: {
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  recovery?: boolean;
  label?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <Field label={label ?? t('security:code.label')} error={error} hint={recovery ? t('security:code.recovery_hint') : undefined}>
      <TextInput
        name="totp_code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder={t(recovery ? 'security:code.placeholder_recovery' : 'security:code.placeholder')}
        value={value}
        onValue={(next) => onValue(recovery ? next.replace(/[^A-Za-z0-9-]/g, '').slice(0, 11) : next.replace(/\D/g, '').slice(0, 6))}
        maxLength={recovery ? 11 : 6}
      />
    </Field>
  );
}
