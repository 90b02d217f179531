import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../contract/format';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { checks } from '../../lib/validate';
import { Form, PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Sheet } from '../../ui/Sheet';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { CurrentPasswordField } from '../settings/protection';
import { ProofSheet, type Proof } from './ProofSheet';
import { createPasskey, declined, passkeysSupported } from './webauthn';
import styles from './security.module.css';

type Passkey = ApiOutput<'GET /security/passkeys'>[number];

/**
 * Passkeys: the account's list (name, when added and last used), adding one on this
 * device after proof asked again (server/account-security/passkeys.ts), removing one with
 * the login password.
 */
export function PasskeysScreen() {
  useSignals();
  const t = useT();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const load = () =>
    void api('GET /security/passkeys', {})
      .then(setPasskeys)
      .catch(() => undefined);
  useEffect(() => {
    load();
    void refreshUser().catch(() => undefined);
  }, []);

  const add = async (proof: Proof) => {
    const { options } = await api('POST /security/passkey/options', proof);
    let response: string;
    try {
      response = await createPasskey(options);
    } catch (error) {
      toast(t(declined(error) ? 'security:passkeys.cancelled' : 'security:passkeys.failed'));
      return;
    }
    toast(await api('POST /security/passkey/register', { response }));
    load();
  };

  const time = (at: number) => formatDateTime(at, language.value);
  return (
    <Screen title={t('security:passkeys.title')}>
      <p className={styles.intro}>{t('security:passkeys.intro')}</p>
      <div className={styles.list}>
        {passkeys?.length === 0 && <p className={styles.empty}>{t('security:passkeys.empty')}</p>}
        {passkeys?.map((passkey) => (
          <div key={passkey.id} className={styles.item} data-testid="passkey">
            <div className={styles.itemHead}>
              <span className={styles.itemTitle}>{passkey.name}</span>
              {passkey.backed_up && <span className={styles.badge}>{t('security:passkeys.synced')}</span>}
            </div>
            <div className={styles.meta}>
              <span>{t('security:passkeys.added', { time: time(passkey.created_at) })}</span>
              <span>{passkey.last_used_at ? t('security:passkeys.used', { time: time(passkey.last_used_at) }) : t('security:passkeys.never_used')}</span>
            </div>
            <button type="button" className={`${styles.link} ${styles.danger}`} onClick={() => setRemoving(passkey)}>
              {t('security:passkeys.remove')}
            </button>
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        {supported ? (
          <PrimaryButton onClick={() => setAdding(true)} testId="passkey-add">
            {t('security:passkeys.add')}
          </PrimaryButton>
        ) : (
          <p className={styles.empty}>{t('security:passkeys.unsupported')}</p>
        )}
      </div>
      <ProofSheet
        open={adding}
        title={t('security:passkeys.add')}
        intro={t('security:proof.intro')}
        submitLabel={t('common:confirm')}
        onClose={() => setAdding(false)}
        confirm={add}
        testId="passkey-proof"
      />
      <RemoveSheet passkey={removing} onClose={() => setRemoving(null)} onRemoved={load} />
    </Screen>
  );
}

function RemoveSheet({ passkey, onClose, onRemoved }: { passkey: Passkey | null; onClose: () => void; onRemoved: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSubmit();
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const submit = () =>
    run(async () => {
      const problem = checks.currentPassword(password) ?? undefined;
      setError(problem);
      if (problem || !passkey) return;
      toast(await api('POST /security/passkey/remove', { id: passkey.id, current_password: password }));
      close();
      onRemoved();
    });
  return (
    <Sheet open={passkey !== null} title={t('security:passkeys.remove_title', { name: passkey?.name ?? '' })} onClose={close}>
      <div className={styles.sheetForm}>
        <Form onSubmit={() => void submit()}>
          <CurrentPasswordField value={password} onValue={setPassword} error={error} />
          <PrimaryButton type="submit" variant="danger" busy={busy} testId="passkey-remove">
            {t('security:passkeys.remove')}
          </PrimaryButton>
        </Form>
      </div>
    </Sheet>
  );
}
