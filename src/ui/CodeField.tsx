import { useT } from '../i18n';
import { CodeButton } from './CodeButton';
import { Field, TextInput } from './form';

/** The verification-code field with its get-code button. */
export function CodeField({
  value,
  onValue,
  error,
  cooldownKey,
  send,
}: {
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  cooldownKey: string;
  send: () => Promise<void>;
}) {
  const t = useT();
  return (
    <Field label={t('auth:fields.code')} error={error}>
      <TextInput
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth:fields.code_placeholder')}
        value={value}
        onValue={(code) => onValue(code.replace(/\D/g, '').slice(0, 6))}
        maxLength={6}
      />
      <CodeButton cooldownKey={cooldownKey} send={send} />
    </Field>
  );
}
