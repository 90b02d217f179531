import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { checks } from '../../lib/validate';
import { copyText } from '../../ui/clipboard';
import { Form, PrimaryButton } from '../../ui/form';
import { CheckIcon, CopyIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { CHANGE_TOAST_MS, CurrentPasswordField } from '../settings/protection';
import { ProofSheet, type Proof } from './ProofSheet';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpCodeField } from './TotpCodeField';
import styles from './security.module.css';

type Overview = ApiOutput<'GET /security/overview'>;

/**
 * The authenticator app (TOTP). Off: the server makes a secret, shown as a QR code and as
 * text; the login password and a code the app shows turn it on, and the ten recovery
 * codes are shown once. On: new recovery codes, or turning it off, each with the password
 * and a code (server/account-security/authenticator.ts).
 */
export function TotpScreen() {
  useSignals();
  const t = useT();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [sheet, setSheet] = useState<'disable' | 'renew' | null>(null);

  const load = () => {
    void refreshUser().catch(() => undefined);
    void api('GET /security/overview', {})
      .then(setOverview)
      .catch(() => undefined);
  };
  useEffect(load, []);

  const disable = async (proof: Proof) => {
    toast(await api('POST /security/totp/disable', { current_password: proof.current_password, totp_code: proof.totp_code ?? '' }), CHANGE_TOAST_MS);
    load();
  };
  const renew = async (proof: Proof) => {
    const answer = await api('POST /security/totp/recovery_codes', { current_password: proof.current_password, totp_code: proof.totp_code ?? '' });
    toast(answer.message);
    setCodes(answer.recovery_codes);
  };

  return (
    <Screen title={t('security:totp.title')}>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            load();
          }}
        />
      ) : overview === null ? null : overview.totp_enabled ? (
        <>
          <div className={styles.status} data-testid="totp-on">
            <span className={styles.good}>
              <CheckIcon />
            </span>
            <span>{t('security:totp.on', { count: overview.recovery_codes_left })}</span>
          </div>
          <div className={styles.actions}>
            <PrimaryButton variant="secondary" onClick={() => setSheet('renew')} testId="totp-renew">
              {t('security:totp.renew')}
            </PrimaryButton>
            <PrimaryButton variant="danger" onClick={() => setSheet('disable')} testId="totp-disable">
              {t('security:totp.disable')}
            </PrimaryButton>
          </div>
        </>
      ) : (
        <TotpSetup
          onEnabled={(recovery) => {
            setCodes(recovery);
            void refreshUser().catch(() => undefined);
          }}
        />
      )}
      <ProofSheet
        open={sheet === 'disable'}
        title={t('security:totp.disable')}
        intro={t('security:totp.disable_intro')}
        submitLabel={t('security:totp.disable')}
        onClose={() => setSheet(null)}
        confirm={disable}
      />
      <ProofSheet open={sheet === 'renew'} title={t('security:totp.renew')} intro={t('security:totp.renew_intro')} submitLabel={t('common:confirm')} onClose={() => setSheet(null)} confirm={renew} />
    </Screen>
  );
}

/** The setup: the secret as a QR code and as text, then the password and the app's code. */
function TotpSetup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useT();
  const [setup, setSetup] = useState<ApiOutput<'POST /security/totp/setup'> | null>(null);
  const [qr, setQr] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, run] = useSubmit();

  useEffect(() => {
    let live = true;
    void api('POST /security/totp/setup', {})
      .then(async (made) => {
        if (!live) return;
        setSetup(made);
        const { toDataURL } = await import('qrcode');
        const url = await toDataURL(made.uri, { margin: 1, width: 400, errorCorrectionLevel: 'M' });
        if (live) setQr(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const submit = () =>
    run(async () => {
      const passwordError = checks.currentPassword(password);
      const found = { ...(passwordError ? { password: passwordError } : {}), ...(/^\d{6}$/.test(code) ? {} : { code: t('security:code.six_digits') }) };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const answer = await api('POST /security/totp/enable', { current_password: password, totp_code: code });
      toast(answer.message, CHANGE_TOAST_MS);
      onEnabled(answer.recovery_codes);
    });

  return (
    <>
      <p className={styles.intro}>{t('security:totp.intro')}</p>
      <h2 className={styles.step}>{t('security:totp.step_scan')}</h2>
      <div className={styles.qrBox}>{qr ? <img src={qr} alt={t('security:totp.qr_alt')} data-testid="totp-qr" /> : <span style={{ width: 200, height: 200 }} />}</div>
      <h2 className={styles.step}>{t('security:totp.step_key')}</h2>
      <div className={styles.secret}>
        <span data-testid="totp-secret">{setup?.secret.replace(/(.{4})/g, '$1 ').trim() ?? ''}</span>
        <button type="button" className={styles.iconButton} aria-label={t('common:copy')} onClick={() => setup && void copyText(setup.secret)}>
          <CopyIcon size={18} />
        </button>
      </div>
      <h2 className={styles.step}>{t('security:totp.step_confirm')}</h2>
      <Form onSubmit={() => void submit()}>
        <CurrentPasswordField value={password} onValue={setPassword} error={errors.password} />
        <TotpCodeField value={code} onValue={setCode} error={errors.code} recovery={false} />
        <PrimaryButton type="submit" busy={busy} disabled={!setup} testId="totp-enable">
          {t('security:totp.enable')}
        </PrimaryButton>
      </Form>
    </>
  );
}
