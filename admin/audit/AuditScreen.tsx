import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatDateTime } from '../../contract/format';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { auditRoute } from '../routes';
import type { AuditFilters } from './search';
import styles from './audit.module.css';

type Entry = ApiOutput<'GET /operator/audit'>['data'][number];

/** How many entries a page holds. */
const PAGE = 50;

/**
 * The audit: every operator decision (GET /operator/audit), newest first, filtered by
 * operator, action and target (the filters live in the URL), older pages on demand.
 */
export function AuditScreen() {
  const t = useConsoleT();
  const filters = auditRoute.useSearch();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<{ key: string; data: Entry[]; more: boolean } | null>(null);
  const [actions, setActions] = useState<string[]>([]);
  const [operators, setOperators] = useState<string[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = JSON.stringify(filters);

  useEffect(() => {
    void api('GET /operator/operators').then(
      (list) => setOperators(list.map((operator) => operator.name)),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    let current = true;
    void api('GET /operator/audit', { ...filters, limit: PAGE }).then(
      (page) => {
        if (!current) return;
        setEntries({ key, data: page.data, more: page.more });
        setActions(page.actions);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // The filters are the key's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const shown = entries?.key === key ? entries : null;
  const older = async () => {
    const last = shown?.data.at(-1);
    if (!shown || !last || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await api('GET /operator/audit', { ...filters, limit: PAGE, before: last.id });
      setEntries({ key, data: [...shown.data, ...page.data], more: page.more });
    } catch {
      // Toasted by the client.
    } finally {
      setLoadingMore(false);
    }
  };

  const apply = (next: AuditFilters) => void navigate({ to: '/audit', search: next });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const name of ['operator', 'action', 'target'] as const) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim() !== '') next[name] = value.trim();
    }
    apply(next);
  };

  const language = consoleLanguage.value;
  return (
    <section className={styles.screen} aria-labelledby="audit-title">
      <header>
        <h1 id="audit-title">{t('audit.title')}</h1>
        <p className={styles.intro}>{t('audit.intro')}</p>
      </header>
      <form key={key} className={styles.filters} onSubmit={submit} data-testid="audit-filters">
        <label>
          <span>{t('audit.operator')}</span>
          <select name="operator" defaultValue={filters.operator ?? ''} data-testid="audit-operator">
            <option value="">{t('audit.any')}</option>
            {[...new Set([...operators, ...(filters.operator ? [filters.operator] : [])])].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('audit.action')}</span>
          <select name="action" defaultValue={filters.action ?? ''} data-testid="audit-action">
            <option value="">{t('audit.any')}</option>
            {[...new Set([...actions, ...(filters.action ? [filters.action] : [])])].map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('audit.target')}</span>
          <input name="target" defaultValue={filters.target ?? ''} placeholder={t('audit.target_hint')} maxLength={60} spellCheck={false} data-testid="audit-target" />
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className={styles.primary} data-testid="audit-apply">
            {t('audit.apply')}
          </button>
          <button type="button" className={styles.quiet} onClick={() => apply({})}>
            {t('audit.clear')}
          </button>
        </div>
      </form>
      {shown === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : shown.data.length === 0 ? (
        <p className={styles.empty} data-testid="audit-empty">
          {t('audit.empty')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.data.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td className={styles.when}>{formatDateTime(entry.at, language)}</td>
                  <td>{entry.operator}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    <button type="button" className={styles.link} title={t('audit.target')} onClick={() => apply({ ...filters, target: entry.target })}>
                      {entry.target}
                    </button>
                  </td>
                  <td className={styles.detail}>{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown && shown.data.length > 0 ? (
        shown.more ? (
          <button type="button" className={styles.quiet} disabled={loadingMore} onClick={() => void older()} data-testid="audit-more">
            {t('audit.more')}
          </button>
        ) : (
          <p className={styles.end}>{t('audit.end')}</p>
        )
      ) : null}
    </section>
  );
}
