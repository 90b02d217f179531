import { useState } from 'react';
import { formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { useRead } from './read';
import { sessionState } from './view';
import styles from './users.module.css';

/**
 * The user's sessions: the active ones (last used first) with an end button each and one
 * for all, then the newest ended or expired ones. An ended session's token stops working
 * at once and its sockets close, on every process; the user can log in again (freezing is
 * what keeps them out).
 */
export function SessionsPanel({ uid, onChange }: { uid: number; onChange: () => void }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const sessions = useRead(() => api('GET /operator/user/sessions', { uid }), [uid]);
  const [busy, setBusy] = useState(false);
  const list = sessions.data;

  const act = async (action: () => Promise<string>) => {
    if (busy) return;
    setBusy(true);
    try {
      toast(await action(), 3000);
    } catch {
      // Toasted by the client (the user may have ended it first): the list shows what is so now.
    } finally {
      setBusy(false);
      onChange();
    }
  };

  if (list === null) return <div className={styles.wait} aria-busy="true" />;
  const active = list.filter((session) => session.active).length;
  return (
    <div className={styles.panel} data-testid="user-sessions">
      <div className={styles.cardHead}>
        <p className={styles.scope}>{t('users.sessions_intro', { count: active })}</p>
        {active > 0 ? (
          <button type="button" className={styles.danger} disabled={busy} onClick={() => void act(() => api('POST /operator/user/sessions/revoke', { uid }))} data-testid="sessions-revoke-all">
            {t('users.end_all')}
          </button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className={styles.empty}>{t('users.sessions_none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="sessions-table">
            <thead>
              <tr>
                <th scope="col">{t('users.fields.device')}</th>
                <th scope="col">{t('users.fields.ip')}</th>
                <th scope="col">{t('users.fields.started')}</th>
                <th scope="col">{t('users.fields.last_seen')}</th>
                <th scope="col">{t('users.fields.status')}</th>
                <th scope="col">
                  <span className={styles.hidden}>{t('users.fields.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((session) => {
                const state = sessionState(session);
                return (
                  <tr key={session.id} data-testid={`session-${session.id}`} data-state={state}>
                    <td title={session.user_agent}>{session.device || t('users.device_unknown')}</td>
                    <td className={styles.nowrap}>{session.ip}</td>
                    <td className={styles.when}>{formatDateTime(session.created_at, language)}</td>
                    <td className={styles.when}>{formatDateTime(session.last_seen_at, language)}</td>
                    <td>
                      {state === 'active' ? (
                        <span className={styles.active}>{t('users.session_active')}</span>
                      ) : state === 'ended' ? (
                        t('users.session_ended', { at: formatDateTime(session.revoked_at ?? session.last_seen_at, language) })
                      ) : (
                        t('users.session_expired', { at: formatDateTime(session.expires_at, language) })
                      )}
                    </td>
                    <td>
                      {state === 'active' ? (
                        <button
                          type="button"
                          className={styles.quiet}
                          disabled={busy}
                          onClick={() => void act(() => api('POST /operator/user/session/revoke', { uid, id: session.id }))}
                          data-testid={`session-revoke-${session.id}`}
                        >
                          {t('users.end')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
