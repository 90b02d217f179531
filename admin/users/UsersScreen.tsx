import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatDateTime } from '../../contract/format';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { usersRoute } from '../routes';
import { atPage, type UsersSearch } from './search';
import styles from './users.module.css';

type Page = ApiOutput<'GET /operator/users'>;

/** Users a page holds. */
const PAGE = 20;

/**
 * Users: a support desk types what the caller says (a UID, a mobile number, an e-mail or
 * a nickname) and opens the user; frozen accounts alone on demand. The search lives in
 * the URL (#/users?query=...&frozen=1&page=2).
 */
export function UsersScreen() {
  const t = useConsoleT();
  const search = usersRoute.useSearch();
  const navigate = useNavigate();
  const [found, setFound] = useState<{ key: string; page: Page } | null>(null);
  const key = JSON.stringify(search);
  const page = search.page ?? 1;

  useEffect(() => {
    let current = true;
    void api('GET /operator/users', { ...(search.query !== undefined ? { query: search.query } : {}), frozen: search.frozen ? '1' : '0', page, limit: PAGE }).then(
      (answer) => current && setFound({ key, page: answer }),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // The search is the key's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const go = (next: UsersSearch) => void navigate({ to: '/users', search: next });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = form.get('query');
    const next: UsersSearch = {};
    if (typeof query === 'string' && query.trim() !== '') next.query = query.trim();
    if (form.get('frozen') === 'on') next.frozen = true;
    go(next);
  };

  const shown = found?.key === key ? found.page : null;
  const language = consoleLanguage.value;
  return (
    <section className={styles.screen} aria-labelledby="users-title">
      <header>
        <h1 id="users-title">{t('users.title')}</h1>
        <p className={styles.intro}>{t('users.intro')}</p>
      </header>
      <form key={key} className={styles.searchForm} role="search" onSubmit={submit} data-testid="users-search">
        <label className={styles.grow}>
          <span>{t('users.query')}</span>
          <input
            name="query"
            type="search"
            defaultValue={search.query ?? ''}
            placeholder={t('users.query_hint')}
            maxLength={60}
            spellCheck={false}
            autoComplete="off"
            // The screen is opened to search: the field takes the keys at once.
            autoFocus
            data-testid="users-query"
          />
        </label>
        <label className={styles.check}>
          <input name="frozen" type="checkbox" defaultChecked={search.frozen === true} data-testid="users-frozen" />
          <span>{t('users.frozen_only')}</span>
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} data-testid="users-submit">
            {t('users.search')}
          </button>
          {search.query !== undefined || search.frozen ? (
            <button type="button" className={styles.quiet} onClick={() => go({})}>
              {t('users.clear')}
            </button>
          ) : null}
        </div>
      </form>
      {shown === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : shown.data.length === 0 ? (
        <p className={styles.empty} data-testid="users-empty">
          {page > 1 ? t('users.no_more') : t('users.none')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">{t('users.fields.uid')}</th>
                <th scope="col">{t('users.fields.nickname')}</th>
                <th scope="col">{t('users.fields.email')}</th>
                <th scope="col">{t('users.fields.mobile')}</th>
                <th scope="col">{t('users.fields.level')}</th>
                <th scope="col">{t('users.fields.created')}</th>
                <th scope="col">{t('users.fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.data.map((user) => (
                <tr key={user.uid} data-testid="users-row">
                  <td>
                    <Link to="/users/$uid" params={{ uid: String(user.uid) }} search={{ tab: 'overview' }} className={styles.link} data-testid={`user-link-${user.uid}`}>
                      {user.uid}
                    </Link>
                  </td>
                  <td>{user.nickname}</td>
                  <td className={styles.wrap}>{user.email ?? '—'}</td>
                  <td className={styles.nowrap}>{user.mobile ?? '—'}</td>
                  <td>{t('queues.level', { level: user.real_level })}</td>
                  <td className={styles.when}>{formatDateTime(user.created_at, language)}</td>
                  <td>{user.frozen_at === null ? <span className={styles.active}>{t('users.active')}</span> : <span className={styles.frozen}>{t('users.frozen')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown && (page > 1 || shown.more) ? (
        <nav className={styles.pager} aria-label={t('users.pages')}>
          <button type="button" className={styles.quiet} disabled={page <= 1} onClick={() => go(atPage(search, page - 1))} data-testid="users-previous">
            {t('users.previous')}
          </button>
          <span>{t('users.page', { page })}</span>
          <button type="button" className={styles.quiet} disabled={!shown.more} onClick={() => go(atPage(search, page + 1))} data-testid="users-next">
            {t('users.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
