import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../contract/format';
import type { AlertFiringView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { refreshUnread, unreadAlerts } from '../../app/alerts';
import { onAlerts } from '../../core/store';
import { formatAgo, language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { describe, headline, tradeText } from './texts';
import styles from './alerts.module.css';

/**
 * The alerts that fired, newest first: what happened, the alert, the trade that fired it
 * and when; unread ones marked. A tap marks one read and opens its pair; "mark all read"
 * clears the badge. One that fires while the screen is open comes in at the top.
 */
export function InboxScreen() {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [version, setVersion] = useState(0);
  const list = usePaged('GET /alerts/inbox', {}, [version]);
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  const [allRead, setAllRead] = useState(false);
  // A firing while the screen is open: the list is read again (the socket's firing is in the store already).
  useEffect(() => onAlerts(() => setVersion((v) => v + 1)), []);
  useEffect(refreshUnread, []);

  const markRead = async (firing: AlertFiringView) => {
    if (firing.read || allRead || read.has(firing.id)) return;
    setRead((current) => new Set(current).add(firing.id));
    const answer = await api('POST /alerts/read', { id: firing.id }, { silent: true }).catch(() => null);
    if (answer) unreadAlerts.value = answer.unread;
  };
  const markAll = async () => {
    setAllRead(true);
    const answer = await api('POST /alerts/read', {}, { silent: true }).catch(() => null);
    if (answer) unreadAlerts.value = answer.unread;
  };

  return (
    <Screen
      title={t('alerts:inbox_title')}
      right={
        <Link to="/pages/alerts/list" className={styles.navText} data-testid="inbox-mine">
          {t('alerts:mine')}
        </Link>
      }
    >
      <div className={styles.page}>
        {unreadAlerts.value > 0 && !allRead && (
          <button type="button" className={styles.readAll} onClick={() => void markAll()} data-testid="inbox-read-all">
            {t('alerts:inbox.read_all')}
          </button>
        )}
        <div className={styles.list}>
          {list.items.map((firing) => {
            const unread = !firing.read && !allRead && !read.has(firing.id);
            const symbol = firing.symbol?.replace('/', '');
            return (
              <Link
                key={firing.id}
                to="/pages/market/detail"
                search={{ symbol: symbol ?? 'BTCUSDT' }}
                className={styles.firing}
                onClick={() => void markRead(firing)}
                data-testid="inbox-item"
                data-unread={unread}
              >
                <span className={unread ? styles.unreadDot : styles.readDot} aria-label={unread ? t('alerts:inbox.unread') : undefined} />
                <span className={styles.firingText}>
                  <strong>{headline(t, firing, lang)}</strong>
                  <span className={styles.muted}>{describe(t, firing, lang)}</span>
                  <span className={styles.muted}>
                    {tradeText(t, firing, lang)} · {t('alerts:inbox.crossing', { n: firing.crossing })}
                  </span>
                  <span className={styles.muted} title={formatDateTime(firing.fired_at, lang)}>
                    {formatAgo(firing.fired_at, Date.now())}
                  </span>
                </span>
              </Link>
            );
          })}
        </div>
        {!list.loading && list.items.length === 0 ? (
          <p className={styles.empty} data-testid="inbox-empty">
            {t('alerts:inbox.empty')}
          </p>
        ) : (
          <ListFooter {...list} skeleton="record" />
        )}
      </div>
    </Screen>
  );
}
