import { useState } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime } from '../../contract/format';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { useRead } from './read';
import { appendPage, currencyChoices } from './view';
import { WORDS, word } from './words';
import styles from './users.module.css';

type Line = ApiOutput<'GET /operator/user/ledger'>['data'][number];
type Account = (typeof WORDS.accounts)[number];

/** Entries a page holds. */
const PAGE = 50;

/**
 * The user's ledger entries, newest first: when, why (the record's reason and its
 * reference, kind:id), which account and part, the amount and the balance after it;
 * filtered by account and currency, older pages on demand (by the last entry seen, so a
 * page boundary stays put while new entries arrive).
 */
export function LedgerPanel({ uid }: { uid: number }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [account, setAccount] = useState<Account | ''>('');
  const [currency, setCurrency] = useState<number | null>(null);
  const [older, setOlder] = useState<{ key: string; lines: Line[]; more: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const filter = { uid, ...(account !== '' ? { account } : {}), ...(currency !== null ? { currency } : {}), limit: PAGE };
  const key = JSON.stringify(filter);
  const first = useRead(() => api('GET /operator/user/ledger', filter), [key]);
  const balances = useRead(() => api('GET /operator/user/balances', { uid }), [uid]);

  const shownOlder = older?.key === key ? older : null;
  const lines = first.data === null ? null : appendPage(first.data.data, shownOlder?.lines ?? []);
  const more = shownOlder ? shownOlder.more : (first.data?.more ?? false);
  const loadOlder = async () => {
    const last = lines?.at(-1);
    if (!last || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await api('GET /operator/user/ledger', { ...filter, before: last.id });
      setOlder({ key, lines: [...(shownOlder?.lines ?? []), ...page.data], more: page.more });
    } catch {
      // Toasted by the client.
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className={styles.panel} data-testid="user-ledger">
      <div className={styles.filters}>
        <label>
          <span>{t('users.fields.account')}</span>
          <select
            value={account}
            onChange={(event) => {
              const next = WORDS.accounts.find((kind) => kind === event.target.value);
              setAccount(next ?? '');
            }}
            data-testid="ledger-account"
          >
            <option value="">{t('users.any')}</option>
            {WORDS.accounts.map((kind) => (
              <option key={kind} value={kind}>
                {word(t, 'accounts', kind)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('users.fields.currency')}</span>
          <select value={currency ?? ''} onChange={(event) => setCurrency(event.target.value === '' ? null : Number(event.target.value))} data-testid="ledger-currency">
            <option value="">{t('users.any')}</option>
            {(balances.data ? currencyChoices(balances.data) : []).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.code}
              </option>
            ))}
          </select>
        </label>
      </div>
      {lines === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : lines.length === 0 ? (
        <p className={styles.empty} data-testid="ledger-empty">
          {t('users.ledger_empty')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="ledger-table">
            <thead>
              <tr>
                <th scope="col">{t('users.fields.at')}</th>
                <th scope="col">
                  {t('users.fields.reason')} · {t('users.fields.reference')}
                </th>
                <th scope="col">{t('users.fields.account')}</th>
                <th scope="col" className={styles.number}>
                  {t('users.fields.amount')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('users.fields.balance_after')}
                </th>
                <th scope="col">{t('users.fields.memo')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} data-testid="ledger-row">
                  <td className={styles.when}>{formatDateTime(line.created_at, language)}</td>
                  <td>
                    <code className={styles.code}>{line.reason}</code>
                    <code className={styles.ref}>{line.ref}</code>
                  </td>
                  <td className={styles.nowrap}>
                    {word(t, 'accounts', line.kind)} · {word(t, 'parts', line.part)}
                  </td>
                  <td className={`${styles.number} ${line.amount.startsWith('-') ? styles.out : styles.in}`}>
                    {line.amount.startsWith('-') ? '' : '+'}
                    {formatAmount(line.amount, language)} {line.code}
                  </td>
                  <td className={styles.number}>{formatAmount(line.balance_after, language)}</td>
                  <td className={styles.memo}>{line.memo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lines && lines.length > 0 ? (
        more ? (
          <button type="button" className={styles.quiet} disabled={loadingMore} onClick={() => void loadOlder()} data-testid="ledger-more">
            {t('users.older')}
          </button>
        ) : (
          <p className={styles.end}>{t('users.ledger_end')}</p>
        )
      ) : null}
    </div>
  );
}
