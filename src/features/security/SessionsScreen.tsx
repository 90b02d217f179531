import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './security.module.css';

type Session = ApiOutput<'GET /security/sessions'>[number];

/**
 * Where the account is logged in: each session's device, address, last use, "this
 * device"; one ended, or every other (their sockets close at once: server/account-security/sessions.ts).
 */
export function SessionsScreen() {
  const t = useT();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [ending, setEnding] = useState<Session | 'others' | null>(null);

  const load = () =>
    void api('GET /security/sessions', {})
      .then(setSessions)
      .catch(() => undefined);
  useEffect(load, []);

  const end = async (which: Session | 'others') => {
    toast(which === 'others' ? await api('POST /security/session/revoke_others', {}) : await api('POST /security/session/revoke', { id: which.id }));
    load();
  };

  const time = (at: number) => formatDateTime(at, language.value);
  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <Screen title={t('security:sessions.title')}>
      <p className={styles.intro}>{t('security:sessions.intro')}</p>
      <div className={styles.list}>
        {sessions?.map((session) => (
          <div key={session.id} className={styles.item} data-testid="session">
            <div className={styles.itemHead}>
              <span className={styles.itemTitle}>{session.device || t('security:sessions.unknown_device')}</span>
              {session.current && <span className={styles.badge}>{t('security:sessions.this_device')}</span>}
            </div>
            <div className={styles.meta}>
              <span>{t('security:sessions.ip', { ip: session.ip })}</span>
              <span>{t('security:sessions.last_seen', { time: time(session.last_seen_at) })}</span>
              <span>{t('security:sessions.since', { time: time(session.created_at) })}</span>
            </div>
            {!session.current && (
              <button type="button" className={`${styles.link} ${styles.danger}`} onClick={() => setEnding(session)} data-testid="session-revoke">
                {t('security:sessions.revoke')}
              </button>
            )}
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        {others.length > 0 && (
          <PrimaryButton variant="danger" onClick={() => setEnding('others')} testId="sessions-revoke-others">
            {t('security:sessions.revoke_others')}
          </PrimaryButton>
        )}
        <Link to="/pages/setting/logins" className={styles.link} data-testid="open-logins">
          {t('security:sessions.history')}
        </Link>
      </div>
      <ConfirmDialog
        open={ending !== null}
        message={ending === 'others' ? t('security:sessions.revoke_others_confirm') : t('security:sessions.revoke_confirm', { device: ending?.device || t('security:sessions.unknown_device') })}
        confirmLabel={t('security:sessions.revoke')}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          const which = ending;
          setEnding(null);
          if (which) void end(which).catch(() => undefined);
        }}
      />
    </Screen>
  );
}
