import type { ApiOutput } from '../../../contract/api';
import { formatDateTime } from '../../../contract/format';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import styles from './security.module.css';

type LoginEvent = ApiOutput<'GET /security/logins'>['data'][number];

/** Every login of the account, successful and refused: when, from where, on what, and how. */
export function LoginHistoryScreen() {
  const t = useT();
  const list = usePaged('GET /security/logins', {});
  const how = (event: LoginEvent): string =>
    event.method === 'passkey'
      ? t('security:logins.passkey')
      : event.second_factor === 'totp'
        ? t('security:logins.password_totp')
        : event.second_factor === 'recovery'
          ? t('security:logins.password_recovery')
          : t('security:logins.password');
  return (
    <Screen title={t('security:logins.title')}>
      <div className={styles.list}>
        {list.items.map((event) => (
          <div key={event.id} className={styles.item} data-testid="login-event">
            <div className={styles.itemHead}>
              <span className={styles.itemTitle}>{formatDateTime(event.at, language.value)}</span>
              <span className={`${styles.badge} ${event.success ? styles.passed : styles.refused}`}>
                {event.success ? t('security:logins.success') : t(`security:logins.failure.${event.failure ?? 'password'}`)}
              </span>
            </div>
            <div className={styles.meta}>
              <span>{how(event)}</span>
              <span>{event.device || t('security:sessions.unknown_device')}</span>
              <span>{t('security:sessions.ip', { ip: event.ip })}</span>
            </div>
          </div>
        ))}
        <ListFooter {...list} />
      </div>
    </Screen>
  );
}
