import { useSignals } from '@preact/signals-react/runtime';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { user } from '../../app/session';
import { language, useT } from '../../i18n';
import { maskedContact } from '../../lib/mask';
import { CodeField } from '../../ui/CodeField';
import { Field, PasswordInput } from '../../ui/form';
import { toast } from '../../ui/toast';
import styles from './settings.module.css';

/**
 * The parts of the forms that change what protects the account (login password, pay
 * password, e-mail, mobile): the current login password, the code sent to the account's
 * own contact, and the note while withdrawals are paused after such a change (the server
 * decides all three: server/auth/protection.ts).
 */

/** How long the answer to a change stays up: it says until when withdrawals wait. */
export const CHANGE_TOAST_MS = 5000;

export function CurrentPasswordField({ value, onValue, error }: { value: string; onValue: (value: string) => void; error?: string | undefined }) {
  const t = useT();
  return (
    <Field label={t('settings:security.current_password')} error={error}>
      <PasswordInput name="current_password" autoComplete="current-password" placeholder={t('settings:security.current_password_placeholder')} value={value} onValue={onValue} maxLength={64} />
    </Field>
  );
}

/** The code sent to the account's contact (its e-mail, else its mobile) for `scene`. */
export function ContactCodeField({
  scene,
  value,
  onValue,
  error,
}: {
  scene: 'change_email' | 'change_mobile' | 'security';
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}) {
  useSignals();
  const t = useT();
  const contact = user.value ? maskedContact(user.value) : '';
  return (
    <CodeField
      label={t('settings:security.contact_code', { contact })}
      name="contact_code"
      testId="get-contact-code"
      value={value}
      onValue={onValue}
      error={error}
      cooldownKey={scene}
      send={async () => toast(await api('POST /sms_mail', { scene }))}
    />
  );
}

/** Until when withdrawals are paused, if they are now. */
export function withdrawalsHeldUntil(): number | null {
  const until = user.value?.withdraw_hold_until;
  return until && until > Date.now() ? until : null;
}

/** "Withdrawals are paused until <local time> for your safety", while they are. */
export function WithdrawalHoldNote() {
  useSignals();
  const t = useT();
  const until = withdrawalsHeldUntil();
  if (until === null) return null;
  return (
    <p className={styles.hold} role="status" data-testid="withdraw-hold">
      {t('settings:security.hold', { time: formatDateTime(until, language.value) })}
    </p>
  );
}
