import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { serverNow } from '../../core/store';
import { language, useT } from '../../i18n';
import { toast } from '../../ui/toast';
import { ProofSheet, type Proof } from './ProofSheet';
import styles from './security.module.css';

type Whitelist = ApiOutput<'GET /security/whitelist'>;

/** The withdrawal whitelist mode as the server has it, and a way to read it again. */
export function useWhitelist(): { whitelist: Whitelist | null; reload: () => void } {
  const [whitelist, setWhitelist] = useState<Whitelist | null>(null);
  const reload = () =>
    void api('GET /security/whitelist', {}, { silent: true })
      .then(setWhitelist)
      .catch(() => undefined);
  useEffect(reload, []);
  return { whitelist, reload };
}

/**
 * The address book's whitelist switch (server/account-security/whitelist.ts): on at once;
 * off with proof asked again, and only 24 hours later (said until when, with a way to keep it on).
 */
export function WhitelistPanel({ whitelist, reload }: { whitelist: Whitelist | null; reload: () => void }) {
  const t = useT();
  const [turningOff, setTurningOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = whitelist?.on === true;
  const pendingOff = on && whitelist.off_at !== null;

  const turnOn = async () => {
    setBusy(true);
    try {
      toast(await api('POST /security/whitelist/on', {}));
      reload();
    } catch {
      // The client said why.
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async (proof: Proof) => {
    toast(await api('POST /security/whitelist/off', proof), 5000);
    reload();
  };

  return (
    <section className={styles.panel} data-testid="whitelist">
      <div className={styles.panelHead}>
        <span id="whitelist-label">{t('security:whitelist.title')}</span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="whitelist-label"
          className={styles.switch}
          disabled={whitelist === null || busy}
          onClick={() => (on && !pendingOff ? setTurningOff(true) : void turnOn())}
          data-testid="whitelist-switch"
        />
      </div>
      <p className={styles.panelText}>{t('security:whitelist.intro')}</p>
      {pendingOff && (
        <p className={styles.pending} role="status" data-testid="whitelist-off-at">
          {t('security:whitelist.off_at', { time: formatDateTime(whitelist.off_at ?? 0, language.value) })}{' '}
          <button type="button" className={styles.link} onClick={() => void turnOn()}>
            {t('security:whitelist.keep_on')}
          </button>
        </p>
      )}
      <ProofSheet
        open={turningOff}
        title={t('security:whitelist.off_title')}
        intro={t('security:whitelist.off_intro')}
        submitLabel={t('security:whitelist.off_submit')}
        onClose={() => setTurningOff(false)}
        confirm={turnOff}
      />
    </section>
  );
}

/** With the whitelist on, when a saved address can receive withdrawals. */
export function AddressUsable({ whitelist, usableAt }: { whitelist: Whitelist | null; usableAt: number }) {
  const t = useT();
  if (!whitelist?.on) return null;
  return usableAt <= serverNow() ? (
    <span className={styles.usable}>{t('security:whitelist.usable')}</span>
  ) : (
    <span className={styles.waiting} data-testid="address-waiting">
      {t('security:whitelist.usable_from', { time: formatDateTime(usableAt, language.value) })}
    </span>
  );
}
