import { useSignals } from '@preact/signals-react/runtime';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { language, useT } from '../../i18n';
import { formatDate, formatDateTime } from '../../../contract/format';
import { safeLink } from '../../lib/richText';
import { useLoad } from '../../lib/useLoad';
import { Cell, CellGroup } from '../../ui/Cell';
import { PrimaryButton } from '../../ui/form';
import { RichText } from '../../ui/RichText';
import { Screen } from '../../ui/Screen';
import { Skeleton, type SkeletonShape } from '../../ui/Skeleton';
import styles from './content.module.css';

/** What a screen shows while its content loads (its skeleton), or when it could not be loaded. */
function Pending({ failed, shape = 'text' }: { failed: boolean; shape?: SkeletonShape }) {
  const t = useT();
  return failed ? <p className={styles.muted}>{t('content:unavailable')}</p> : <Skeleton shape={shape} />;
}

/** An article or banner (spec: common/article?id=). */
export function ArticleScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const { data, failed } = useLoad(() => api('POST /news/detail', { id }, { silent: true }), [id]);
  return (
    <Screen title={t('content:article')}>
      <article className={styles.page} data-testid="article">
        {data ? (
          <>
            <h1 className={styles.title}>{data.title}</h1>
            <p className={styles.date}>{formatDateTime(data.created_at, language.value)}</p>
            {data.cover && <img className={styles.cover} src={data.cover} alt="" />}
            <RichText html={data.content} testId="article-content" />
          </>
        ) : (
          <Pending failed={failed} />
        )}
      </article>
    </Screen>
  );
}

export type PageKey = 'aboutus' | 'contactus' | 'operational_compliance';
const PAGE_ROUTES = { aboutus: 'GET /aboutus', contactus: 'GET /contactus', operational_compliance: 'GET /operational_compliance' } as const;

/** About us, contact us, operational compliance: a page the operator writes. */
export function PageScreen({ page }: { page: PageKey }) {
  useSignals();
  const t = useT();
  const { data, failed } = useLoad(() => api(PAGE_ROUTES[page], {}, { silent: true }), [page]);
  return (
    <Screen title={data?.title ?? t(`content:pages.${page}`)}>
      <article className={styles.page} data-testid={`page-${page}`}>
        {data ? (
          <>
            <RichText html={data.content} />
            <p className={styles.date}>{t('content:updated', { date: formatDate(data.updated_at, language.value) })}</p>
          </>
        ) : (
          <Pending failed={failed} />
        )}
      </article>
    </Screen>
  );
}

/** Questions and answers, each opening in place. */
export function FaqScreen() {
  const t = useT();
  const { data, failed } = useLoad(() => api('GET /faq', {}, { silent: true }));
  return (
    <Screen title={t('content:pages.faq')}>
      <div className={styles.list} data-testid="faq">
        {data ? (
          data.map((entry) => (
            <details key={entry.id} className={styles.faq} data-testid="faq-entry">
              <summary>{entry.question}</summary>
              <RichText html={entry.answer} />
            </details>
          ))
        ) : (
          <Pending failed={failed} shape="record" />
        )}
        {data?.length === 0 && <p className={styles.muted}>{t('common:list.empty')}</p>}
      </div>
    </Screen>
  );
}

/**
 * Follows a menu link: mail opens the mail app; a web page outside the app opens in the
 * browser (the app's security policy frames no outside page, so a page inside the app
 * cannot pass for it), or, where the browser refuses a new window, on the web view screen
 * that offers it.
 */
export function openLink(url: string, title: string): void {
  if (url.startsWith('mailto:')) window.location.href = url;
  else if (safeLink(url) && !window.open(url, '_blank', 'noopener,noreferrer')) navigate('/pages/common/webView', { url, title });
}

type MenuEntry = ApiOutput<'GET /menu'>[number];
const MENU_ROUTES: Record<string, string> = {
  faq: '/pages/common/faq',
  aboutus: '/pages/common/aboutus',
  contactus: '/pages/common/contactus',
  operational_compliance: '/pages/setting/operational_compliance',
};

/** The help and information menu (GET /menu), for settings and customer service. */
export function HelpMenu({ title, skipService = false }: { title?: string; skipService?: boolean }) {
  const { data } = useLoad(() => api('GET /menu', {}, { silent: true }));
  const entries = (data ?? []).filter((entry: MenuEntry) => !(skipService && entry.key === 'service'));
  if (entries.length === 0) return null;
  return (
    <CellGroup title={title}>
      {entries.map((entry) =>
        entry.key === 'service' ? (
          <Cell key={entry.key} title={entry.title} to="/pages/kefu/index" testId="menu-service" />
        ) : (
          <Cell key={entry.key} title={entry.title} to={MENU_ROUTES[entry.key]} testId={`menu-${entry.key}`} />
        ),
      )}
    </CellGroup>
  );
}

/** Customer service (kefu/index): the configured messaging link, and the help pages. */
export function ServiceScreen() {
  const t = useT();
  const { data, failed } = useLoad(() => api('GET /menu', {}, { silent: true }));
  const service = data?.find((entry) => entry.key === 'service');
  return (
    <Screen title={t('content:service.title')}>
      <section className={styles.page} data-testid="service">
        {data ? (
          service?.url ? (
            <>
              <p className={styles.lead}>{t('content:service.body')}</p>
              <PrimaryButton onClick={() => openLink(service.url ?? '', service.title)} testId="service-open">
                {t('content:service.open')}
              </PrimaryButton>
              <p className={styles.muted}>{service.url.replace(/^mailto:/, '')}</p>
            </>
          ) : (
            <p className={styles.lead}>{t('content:service.none')}</p>
          )
        ) : (
          <Pending failed={failed} />
        )}
      </section>
      <HelpMenu title={t('content:service.help')} skipService />
    </Screen>
  );
}

/** An outside web page (spec: webView): said to be outside the app, and opened in the browser. */
export function WebViewScreen({ url, title }: { url: string; title: string }) {
  const t = useT();
  const allowed = /^https:\/\//i.test(url) && safeLink(url);
  return (
    <Screen title={title || t('content:webview')}>
      {allowed ? (
        <div className={styles.page} data-testid="web-view">
          <p>{t('content:opens_outside')}</p>
          <p className={styles.muted}>{new URL(url).host}</p>
          <a className={styles.external} href={url} target="_blank" rel="noopener noreferrer" data-testid="web-view-open">
            {t('content:open_browser')}
          </a>
        </div>
      ) : (
        <p className={styles.page}>{t('content:link_refused')}</p>
      )}
    </Screen>
  );
}
