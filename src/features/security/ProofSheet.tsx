import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import { isTotpCode } from '../../../contract/rules';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { checks } from '../../lib/validate';
import { Form, PrimaryButton } from '../../ui/form';
import { Sheet } from '../../ui/Sheet';
import { ContactCodeField, CurrentPasswordField } from '../settings/protection';
import { TotpCodeField } from './TotpCodeField';
import styles from './security.module.css';

/** The proof the server asks again before a change of the account's security (server/account-security/proof.ts). */
export interface Proof {
  current_password: string;
  totp_code?: string;
  code?: string;
}

/**
 * A sheet asking for that proof: the login password and, with the authenticator app on,
 * its code (or a recovery code), else a code sent to the account's contact. `confirm`
 * sends it with the change; the sheet closes when it went through.
 */
export function ProofSheet({
  open,
  title,
  intro,
  submitLabel,
  onClose,
  confirm,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  intro?: ReactNode;
  submitLabel: ReactNode;
  onClose: () => void;
  confirm: (proof: Proof) => Promise<void>;
  testId?: string;
}) {
  useSignals();
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, run] = useSubmit();
  const withApp = user.value?.totp_enabled === true;

  const close = () => {
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };
  const submit = () =>
    run(async () => {
      const codeError = withApp ? (isTotpCode(code) ? null : t('validation:totp_code_rule')) : checks.code(code);
      const passwordError = checks.currentPassword(password);
      const found = { ...(passwordError ? { password: passwordError } : {}), ...(codeError ? { code: codeError } : {}) };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      await confirm({ current_password: password, ...(withApp ? { totp_code: code.trim() } : { code }) });
      close();
    });

  return (
    <Sheet open={open} title={title} onClose={close} {...(testId ? { testId } : {})}>
      {intro && <p className={styles.intro}>{intro}</p>}
      <div className={styles.sheetForm}>
        <Form onSubmit={() => void submit()}>
          <CurrentPasswordField value={password} onValue={setPassword} error={errors.password} />
          {withApp ? <TotpCodeField value={code} onValue={setCode} error={errors.code} /> : <ContactCodeField scene="security" value={code} onValue={setCode} error={errors.code} />}
          <PrimaryButton type="submit" busy={busy} testId="proof-submit">
            {submitLabel}
          </PrimaryButton>
        </Form>
      </div>
    </Sheet>
  );
}
