import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { CodeButton } from './CodeButton';
import { Field, TextInput } from './form';

/**
 * The verification-code field with its get-code button. A form that asks for two codes
 * (one to the account's contact, one to a new address) names them apart: `label`,
 * `name` and the button's `testId`.
 */
export function CodeField({
  value,
  onValue,
  error,
  cooldownKey,
  send,
  label,
  name = 'code',
  testId,
}: {
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  cooldownKey: string;
  send: () => Promise<void>;
  label?: ReactNode;
  name?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <Field label={label ?? t('auth:fields.code')} error={error}>
      <TextInput
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth:fields.code_placeholder')}
        value={value}
        onValue={(code) => onValue(code.replace(/\D/g, '').slice(0, 6))}
        maxLength={6}
      />
      <CodeButton cooldownKey={cooldownKey} send={send} {...(testId ? { testId } : {})} />
    </Field>
  );
}
