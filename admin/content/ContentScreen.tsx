import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ApiOutput } from '../../contract/api';
import { LANGUAGE_NAMES } from '../../contract/languages';
import { api } from '../api';
import { useConsoleT, type ConsoleT } from '../i18n';
import { contentRoute } from '../routes';
import { CATEGORY, coverage, itemParam, KINDS, type ContentKind } from './content';
import { ItemEditor } from './ItemEditor';
import { ServiceLink } from './ServiceLink';
import styles from './content.module.css';

type Overview = ApiOutput<'GET /operator/content'>;
type NewsRow = ApiOutput<'GET /operator/news'>['data'][number];

/** How many articles a page of the list holds. */
const PAGE = 50;

/** A row of the list: what it is, and its languages (those it misses named). */
interface Row {
  item: string;
  title: string;
  langs: readonly string[];
  badge?: string;
}

/**
 * The Content screen: a tab per kind (news, banners, FAQ, pages, customer service), the
 * kind's items with the languages each has and misses, and the open item's editor beside
 * them (one language at a time, its preview through the app's own sanitiser and
 * rendering). Which kind and item are open lives in the URL (#/content?kind=&item=).
 */
export function ContentScreen() {
  useSignals();
  const t = useConsoleT();
  const { kind, item } = contentRoute.useSearch();
  const navigate = useNavigate();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [news, setNews] = useState<{ kind: ContentKind; rows: NewsRow[]; more: boolean; page: number } | null>(null);
  // Bumped after a save or a deletion: the lists are read again.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    void api('GET /operator/content').then(
      (answer) => current && setOverview(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [version]);

  useEffect(() => {
    if (kind !== 'news' && kind !== 'banners') return;
    let current = true;
    void api('GET /operator/news', { c_id: CATEGORY[kind], page: 1, limit: PAGE }).then(
      (answer) => current && setNews({ kind, rows: answer.data, more: answer.more, page: 1 }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [kind, version]);

  const older = async () => {
    if (!news || (news.kind !== 'news' && news.kind !== 'banners')) return;
    const page = news.page + 1;
    try {
      const answer = await api('GET /operator/news', { c_id: CATEGORY[news.kind], page, limit: PAGE });
      setNews({ ...news, rows: [...news.rows, ...answer.data], more: answer.more, page });
    } catch {
      // Toasted by the client.
    }
  };

  const open = (next: ContentKind, row?: string) => {
    const param = row === undefined ? null : itemParam(next, row);
    void navigate({ to: '/content', search: param === null ? { kind: next } : { kind: next, item: param } });
  };
  const opened: string | undefined = item === undefined ? undefined : String(item);

  const rows: Row[] | null =
    kind === 'news' || kind === 'banners'
      ? news?.kind === kind
        ? news.rows.map((row) => ({ item: String(row.id), title: row.title, langs: row.langs, ...(row.pop ? { badge: t('content.notice_badge') } : {}) }))
        : null
      : kind === 'faq'
        ? (overview?.faq.map((row) => ({ item: String(row.id), title: row.question, langs: row.langs })) ?? null)
        : kind === 'pages'
          ? (overview?.pages.map((row) => ({ item: row.key, title: row.title || t(`content.pages.${row.key}`), langs: row.langs })) ?? null)
          : null;

  return (
    <section className={styles.screen} aria-labelledby="content-title">
      <header className={styles.head}>
        <div>
          <h1 id="content-title">{t('content.title')}</h1>
          <p className={styles.intro}>{t('content.intro')}</p>
        </div>
        <p className={styles.notice} data-testid="content-notice">
          {overview?.notice ? (
            <>
              {t('content.notice_now')}{' '}
              <Link to="/content" search={{ kind: overview.notice.c_id === CATEGORY.banners ? 'banners' : 'news', item: overview.notice.id }}>
                {overview.notice.title}
              </Link>
            </>
          ) : overview ? (
            t('content.notice_none')
          ) : null}
        </p>
      </header>
      <div className={styles.tabs} role="tablist" aria-label={t('content.title')}>
        {KINDS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={name === kind} className={styles.tab} data-testid={`content-kind-${name}`} onClick={() => open(name)}>
            {t(`content.kinds.${name}`)}
          </button>
        ))}
      </div>
      {kind === 'service' ? (
        overview ? (
          <ServiceLink current={overview.service_link} onSaved={changed} />
        ) : (
          <div className={styles.wait} aria-busy="true" />
        )
      ) : (
        <div className={styles.split}>
          <div className={styles.side}>
            {kind !== 'pages' ? (
              <button type="button" className={styles.primary} onClick={() => open(kind, 'new')} data-testid="content-new">
                {t(`content.new.${kind}`)}
              </button>
            ) : null}
            {rows === null ? (
              <div className={styles.wait} aria-busy="true" />
            ) : rows.length === 0 ? (
              <p className={styles.empty}>{t('content.list_empty')}</p>
            ) : (
              <ul className={styles.list} aria-label={t(`content.kinds.${kind}`)} data-testid="content-list">
                {rows.map((row) => (
                  <ItemRow key={row.item} t={t} row={row} selected={row.item === opened} onOpen={() => open(kind, row.item)} />
                ))}
              </ul>
            )}
            {(kind === 'news' || kind === 'banners') && news?.kind === kind && news.more ? (
              <button type="button" className={styles.quiet} onClick={() => void older()}>
                {t('content.more')}
              </button>
            ) : null}
          </div>
          {opened === undefined ? (
            <p className={`${styles.editor} ${styles.empty}`}>{t('content.choose')}</p>
          ) : (
            <ItemEditor
              key={kind}
              kind={kind}
              item={opened}
              onChanged={changed}
              onCreated={(id) => void navigate({ to: '/content', search: { kind, item: id }, replace: true })}
              onDeleted={() => {
                changed();
                open(kind);
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

function ItemRow({ t, row, selected, onOpen }: { t: ConsoleT; row: Row; selected: boolean; onOpen: () => void }) {
  const { have, missing } = coverage(row.langs);
  return (
    <li className={styles.row} aria-current={selected ? 'true' : undefined} data-testid={`content-row-${row.item}`}>
      <button type="button" className={styles.rowOpen} onClick={onOpen}>
        <span className={styles.rowTitle}>
          {row.title || t('content.untitled')}
          {row.badge ? <span className={styles.badge}>{row.badge}</span> : null}
        </span>
        <span className={styles.langs} aria-label={missing.length === 0 ? t('content.all_languages') : t('content.missing', { languages: missing.map((code) => LANGUAGE_NAMES[code]).join(', ') })}>
          {have.map((code) => (
            <span key={code} className={styles.langOn} title={LANGUAGE_NAMES[code]}>
              {code}
            </span>
          ))}
          {missing.map((code) => (
            <span key={code} className={styles.langOff} title={t('content.missing', { languages: LANGUAGE_NAMES[code] })}>
              {code}
            </span>
          ))}
        </span>
      </button>
    </li>
  );
}
