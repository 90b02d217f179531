import { useSignals } from '@preact/signals-react/runtime';
import { user } from '../../app/session';
import { TotpCodeField } from './TotpCodeField';

/** The withdrawal form's authenticator code, while the app is on (the server asks it: server/wallet/withdrawals.ts). */
export function WithdrawCode({ value, onValue, error }: { value: string; onValue: (value: string) => void; error?: string | undefined }) {
  useSignals();
  if (user.value?.totp_enabled !== true) return null;
  return <TotpCodeField value={value} onValue={onValue} error={error} />;
}
