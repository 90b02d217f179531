import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import styles from './people.module.css';

type Tab = 'invitees' | 'rebates';

function Invitees() {
  const t = useT();
  const list = usePaged('POST /invite/list', {});
  return (
    <>
      {list.items.map((row) => (
        <div key={row.uid} className={styles.row} data-testid="invitee">
          <span className={styles.rowMain}>
            <strong>{row.account}</strong>
            <span>
              {t('people:invite.uid', { uid: row.uid })} · {t(row.level > 0 ? 'people:invite.verified' : 'people:invite.unverified')}
            </span>
          </span>
          <span className={styles.rowSide}>{formatDateTime(row.created_at, language.value)}</span>
        </div>
      ))}
      <ListFooter {...list} />
    </>
  );
}

function Rebates() {
  const t = useT();
  const list = usePaged('POST /invite/rebates', {});
  return (
    <>
      {list.items.map((row) => (
        <div key={row.id} className={styles.row} data-testid="rebate">
          <span className={styles.rowMain}>
            <strong className="up">
              +{formatAmount(row.amount, language.value)} {row.code}
            </strong>
            <span>
              {t(`people:invite.sources.${row.source === 'contract' || row.source === 'option' ? row.source : 'spot'}`, {
                uid: row.from_uid,
                fee: `${formatAmount(row.fee, language.value)} ${row.code}`,
              })}
            </span>
          </span>
          <span className={styles.rowSide}>{formatDateTime(row.created_at, language.value)}</span>
        </div>
      ))}
      <ListFooter {...list} />
    </>
  );
}

/** Invitations and rebates: who registered with the user's code, and what their trading paid back. */
export function InviteScreen() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState<Tab>('invitees');
  const { data } = useLoad(() => api('GET /invite/info', {}));
  return (
    <Screen title={t('people:invite.title')}>
      <section className={styles.summary} data-testid="invite-summary">
        <div>
          <span>{t('people:invite.invitees')}</span>
          <strong data-testid="invitee-count">{data?.invitees ?? '--'}</strong>
        </div>
        <div>
          <span>{t('people:invite.rate')}</span>
          <strong>{data ? `${Math.round(Number(data.rebate_rate) * 100)}%` : '--'}</strong>
        </div>
        <div className={styles.totals}>
          <span>{t('people:invite.earned')}</span>
          <strong>{data && data.rebates.length > 0 ? data.rebates.map((total) => `${formatAmount(total.amount, language.value)} ${total.code}`).join(' · ') : '0'}</strong>
        </div>
      </section>
      <p className={styles.note}>{t('people:invite.rule', { rate: data ? String(Math.round(Number(data.rebate_rate) * 100)) : '--' })}</p>
      <div className={styles.tabs} role="tablist">
        {(['invitees', 'rebates'] as const).map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className={tab === key ? styles.tabOn : styles.tab} onClick={() => setTab(key)} data-testid={`invite-tab-${key}`}>
            {t(`people:invite.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'invitees' ? <Invitees /> : <Rebates />}
    </Screen>
  );
}
