import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { Screen } from '../../ui/Screen';
import type { AccountKind } from './wallet';
import { formatAmount, formatDateTime } from '../../../contract/format';
import styles from './assets.module.css';
import { ListFooter } from '../../ui/ListFooter';

export function MoveHistoryScreen() {
  const t = useT();
  const list = usePaged('GET /wallet/hzhistory', {});
  return (
    <Screen title={t('assets:move.history_title')}>
      {list.items.map((row) => (
        <div key={row.id} className={styles.record}>
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>{row.code}</span>
            <span className={styles.recordAmount}>{formatAmount(row.amount, language.value)}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>
              {t(`assets:account_long.${row.from_kind as AccountKind}`)} → {t(`assets:account_long.${row.to_kind as AccountKind}`)}
            </span>
            <span>{formatDateTime(row.created_at, language.value)}</span>
          </div>
        </div>
      ))}
      <ListFooter {...list} />
    </Screen>
  );
}
