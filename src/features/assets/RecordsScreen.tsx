import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { formatAmount, formatDateTime } from '../../../contract/format';
import styles from './assets.module.css';

/** Deposit and withdrawal records with their review status (and why a refusal happened). */
export function RecordsScreen() {
  const t = useT();
  const search = useSearch({ from: '/_auth/pages/fund/receive_withdraw_record' });
  const [tab, setTab] = useState<'deposits' | 'withdrawals'>(search.tab);
  return (
    <Screen title={t('assets:records.title')}>
      <div className={styles.tabs} role="tablist">
        {(['deposits', 'withdrawals'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`${styles.tab} ${tab === key ? styles.tabOn : ''}`}
            onClick={() => setTab(key)}
            data-testid={`records-${key}`}
          >
            {t(`assets:records.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'deposits' ? <Deposits /> : <Withdrawals />}
    </Screen>
  );
}

const when = (time: number) => formatDateTime(time, language.value);

function Deposits() {
  const t = useT();
  const list = usePaged('GET /recharge/log', {});
  return (
    <>
      {list.items.map((row) => (
        <div key={row.id} className={styles.record} data-testid="deposit-record">
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>
              {row.code} <span className={styles.dim}>{row.network}</span>
            </span>
            <span className={styles.recordAmount}>+{formatAmount(row.amount, language.value)}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>{when(row.created_at)}</span>
            <span className={`${styles.status} ${styles[row.status] ?? ''}`}>{t(`assets:records.status.${row.status as 'pending'}`)}</span>
          </div>
          {row.reason && (
            <span className={styles.dim}>
              {t('assets:records.reason')}: {row.reason}
            </span>
          )}
        </div>
      ))}
      <ListFooter {...list} />
    </>
  );
}

function Withdrawals() {
  const t = useT();
  const list = usePaged('GET /user/withdraw/list', {});
  return (
    <>
      {list.items.map((row) => (
        <div key={row.id} className={styles.record} data-testid="withdraw-record">
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>
              {row.code} <span className={styles.dim}>{row.network}</span>
            </span>
            <span className={styles.recordAmount}>-{formatAmount(row.amount, language.value)}</span>
          </div>
          <span className={styles.dim}>
            {t('assets:records.to')} {row.address} · {t('assets:records.fee')} {formatAmount(row.fee, language.value)}
          </span>
          <div className={styles.recordMeta}>
            <span>{when(row.created_at)}</span>
            <span className={`${styles.status} ${styles[row.status] ?? ''}`}>{t(`assets:records.status.${row.status as 'pending'}`)}</span>
          </div>
          {row.reason && (
            <span className={styles.dim}>
              {t('assets:records.reason')}: {row.reason}
            </span>
          )}
        </div>
      ))}
      <ListFooter {...list} />
    </>
  );
}
