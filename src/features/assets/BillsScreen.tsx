import { useSearch } from '@tanstack/react-router';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { Screen } from '../../ui/Screen';
import type { AccountKind } from './wallet';
import { formatAmount, formatDateTime } from '../../../contract/format';
import styles from './assets.module.css';
import { ListFooter } from '../../ui/ListFooter';
import type { LedgerReason } from '../../../contract/ledger';

/** Bills: every change to the user's balances, from the ledger, for one coin and account or all. */
export function BillsScreen({ all = false }: { all?: boolean }) {
  const t = useT();
  const search: { currency?: number; type?: AccountKind } = useSearch({ strict: false });
  const filter = all ? {} : { ...(search.currency ? { currency: search.currency } : {}), ...(search.type ? { type: search.type } : {}) };
  const list = usePaged('POST /wallet/legal_log', filter);
  return (
    <Screen title={t(all ? 'assets:bills.all_title' : 'assets:bills.title')}>
      {list.items.map((row) => {
        const positive = !row.amount.startsWith('-');
        return (
          <div key={row.id} className={styles.record} data-testid="bill">
            <div className={styles.recordHead}>
              <span className={styles.recordTitle}>{t(`assets:bills.reasons.${row.reason as LedgerReason}`, { defaultValue: row.reason })}</span>
              <span className={`${styles.recordAmount} ${positive ? 'up' : 'down'}`}>
                {positive ? '+' : ''}
                {formatAmount(row.amount, language.value)} {row.code}
              </span>
            </div>
            <div className={styles.recordMeta}>
              <span>
                {t(`assets:account_long.${row.kind as AccountKind}`)} · {t(`assets:${row.part as 'available'}`)}
              </span>
              <span>{t('assets:bills.balance', { amount: formatAmount(row.balance_after, language.value) })}</span>
            </div>
            <div className={styles.recordMeta}>
              <span>{row.memo}</span>
              <span>{formatDateTime(row.created_at, language.value)}</span>
            </div>
          </div>
        );
      })}
      <ListFooter {...list} />
    </Screen>
  );
}

export function AllBillsScreen() {
  return <BillsScreen all />;
}
