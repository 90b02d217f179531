import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { DayChart, type DayBars } from './DayChart';
import styles from './overview.module.css';

type Overview = ApiOutput<'GET /operator/overview'>;
type LedgerCheck = ApiOutput<'POST /operator/ledger/check'>;

/**
 * The exchange at a glance (GET /operator/overview): users, the last 30 UTC days as
 * charts (sign-ups; deposits credited and withdrawals sent; fees earned), the period's
 * amounts per currency, what the fees accounts hold, open interest per contract market,
 * and the ledger check's last result with a button that runs it now. Figures are read
 * from the records; the console has no control over any of them.
 */
export function OverviewScreen() {
  useSignals();
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [data, setData] = useState<Overview | null>(null);
  const [checking, setChecking] = useState(false);

  const load = useCallback(() => {
    void api('GET /operator/overview', {}).then(setData, () => undefined);
  }, []);
  useEffect(load, [load]);

  const runCheck = async () => {
    setChecking(true);
    try {
      const result = await api('POST /operator/ledger/check', {});
      setData((now) => (now === null ? now : { ...now, ledger_check: result }));
      toast(result.violations === 0 ? t('overview.check_clean') : t('overview.check_broken', { number: result.violations }), 4000);
    } catch {
      // Toasted by the client.
    } finally {
      setChecking(false);
    }
  };

  const charts = useMemo(() => {
    if (data === null) return null;
    const of = (pick: (day: Overview['days'][number]) => number) => data.days.map((day) => ({ day: day.day, value: pick(day) }));
    const signups: DayBars[] = [{ name: t('overview.signups'), color: 'line', points: of((day) => day.signups) }];
    const money: DayBars[] = [
      { name: t('overview.deposits'), color: 'up', points: of((day) => day.deposits) },
      { name: t('overview.withdrawals'), color: 'down', points: of((day) => -day.withdrawals) },
    ];
    const fees: DayBars[] = [{ name: data.fee_currency, color: 'line', points: of((day) => Number(day.fees)) }];
    return { signups, money, fees };
  }, [data, t]);

  return (
    <section className={styles.screen} aria-labelledby="overview-title">
      <header className={styles.head}>
        <div>
          <h1 id="overview-title">{t('overview.title')}</h1>
          <p className={styles.note}>{t('overview.intro')}</p>
        </div>
        <button type="button" className={styles.quiet} onClick={load} data-testid="overview-refresh">
          {t('overview.refresh')}
        </button>
      </header>
      {data === null || charts === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : (
        <>
          <div className={styles.cards}>
            <Card title={t('overview.users')} testId="overview-users">
              <p className={styles.big}>{formatAmount(String(data.users.total), language)}</p>
              <p className={styles.note}>{t('overview.verified', { number: formatAmount(String(data.users.verified), language) })}</p>
            </Card>
            <Card title={t('overview.deposits_30')} testId="overview-deposits">
              <Sums sums={data.deposits} empty={t('overview.none')} />
            </Card>
            <Card title={t('overview.withdrawals_30')} testId="overview-withdrawals">
              <Sums sums={data.withdrawals} empty={t('overview.none')} />
            </Card>
            <Card title={t('overview.fees_held')} testId="overview-fees">
              <Sums sums={data.fees} empty={t('overview.none')} />
            </Card>
          </div>
          <div className={styles.charts}>
            <DayChart title={t('overview.signups_per_day')} series={charts.signups} locale={language} />
            <DayChart title={t('overview.money_per_day')} series={charts.money} locale={language} />
            <DayChart title={t('overview.fees_per_day', { currency: data.fee_currency })} series={charts.fees} locale={language} />
          </div>
          <section className={styles.panel} aria-labelledby="interest-title">
            <h2 id="interest-title">{t('overview.open_interest')}</h2>
            {data.open_interest.length === 0 ? (
              <p className={styles.note}>{t('overview.no_positions')}</p>
            ) : (
              <table className={styles.table} data-testid="open-interest">
                <thead>
                  <tr>
                    <th scope="col">{t('overview.market')}</th>
                    <th scope="col">{t('overview.positions')}</th>
                    <th scope="col">{t('overview.long')}</th>
                    <th scope="col">{t('overview.short')}</th>
                    <th scope="col">{t('overview.margin')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.open_interest.map((row) => (
                    <tr key={row.market}>
                      <th scope="row">{row.market}</th>
                      <td>{row.positions}</td>
                      <td>{formatAmount(row.long, language)}</td>
                      <td>{formatAmount(row.short, language)}</td>
                      <td>
                        {formatAmount(row.margin, language)} {row.margin_currency}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <LedgerPanel check={data.ledger_check} checking={checking} onRun={() => void runCheck()} />
        </>
      )}
    </section>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={styles.card} data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Sums({ sums, empty }: { sums: readonly { code: string; amount: string; count?: number }[]; empty: string }) {
  const language = consoleLanguage.value;
  if (sums.length === 0) return <p className={styles.note}>{empty}</p>;
  return (
    <ul className={styles.sums}>
      {sums.map((sum) => (
        <li key={sum.code}>
          <span>{sum.code}</span>
          <span>{formatAmount(sum.amount, language)}</span>
        </li>
      ))}
    </ul>
  );
}

function LedgerPanel({ check, checking, onRun }: { check: LedgerCheck | null; checking: boolean; onRun: () => void }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  return (
    <section className={styles.panel} aria-labelledby="ledger-title" data-testid="ledger-check">
      <h2 id="ledger-title">{t('overview.ledger')}</h2>
      <p className={styles.note}>{t('overview.ledger_intro')}</p>
      {check === null ? (
        <p data-testid="ledger-check-result">{t('overview.ledger_never')}</p>
      ) : (
        <>
          <p className={check.violations === 0 ? styles.good : styles.bad} data-testid="ledger-check-result">
            {check.violations === 0 ? t('overview.check_clean') : t('overview.check_broken', { number: check.violations })}
          </p>
          <p className={styles.note}>
            {t('overview.ledger_last', {
              at: formatDateTime(check.at, language),
              operator: check.operator,
              transactions: formatAmount(String(check.checked.transactions), language),
              entries: formatAmount(String(check.checked.entries), language),
              accounts: formatAmount(String(check.checked.accounts), language),
            })}
          </p>
          {check.first.length > 0 ? (
            <ul className={styles.violations}>
              {check.first.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <button type="button" className={styles.primary} disabled={checking} onClick={onRun} data-testid="ledger-check-run">
        {checking ? t('overview.checking') : t('overview.run_check')}
      </button>
    </section>
  );
}
