import { Link } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { HOME_BANNERS, HOME_NEWS } from '../../app/early';
import { navigate } from '../../app/navigation';
import { formatAgo, language, useT } from '../../i18n';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { ConfirmDialog } from '../../ui/Dialog';
import { ListFooter } from '../../ui/ListFooter';
import { RichText } from '../../ui/RichText';
import styles from './content.module.css';

const BANNER_EVERY_MS = 5000;

/** The home banners: swipe or wait; each opens its article. */
export function Banners() {
  const t = useT();
  const { data, failed } = useLoad(() => api('POST /news/list', HOME_BANNERS, { silent: true }));
  const track = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const banners = data?.data ?? [];

  useEffect(() => {
    if (banners.length < 2) return;
    const timer = setInterval(() => {
      const element = track.current;
      if (!element || document.hidden) return;
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % banners.length;
      element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    }, BANNER_EVERY_MS);
    return () => clearInterval(timer);
  }, [banners.length]);

  // While they load, their place is kept: what is below does not jump when they arrive.
  if (data === undefined && !failed)
    return (
      <section className={styles.banners} aria-hidden="true">
        <div className={styles.bannerPlaceholder} />
      </section>
    );
  if (banners.length === 0) return null;
  return (
    <section className={styles.banners} aria-label={t('content:banners')} aria-roledescription="carousel">
      <div ref={track} className={styles.bannerTrack} onScroll={(event) => setShown(Math.round(event.currentTarget.scrollLeft / event.currentTarget.clientWidth))}>
        {/* Every banner stays reachable (a link named by its title and summary); the dots show which one is in view. */}
        {banners.map((banner) => (
          <Link key={banner.id} to="/pages/common/article" search={{ id: banner.id }} className={styles.banner} data-testid="banner">
            {banner.cover ? <img src={banner.cover} alt="" className={styles.bannerImage} /> : null}
            <span className={styles.bannerText}>
              <strong>{banner.title}</strong>
              <span>{banner.summary}</span>
            </span>
          </Link>
        ))}
      </div>
      {banners.length > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {banners.map((banner, i) => (
            <span key={banner.id} className={i === shown ? styles.dotOn : styles.dot} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The pop-up notice, once per notice on this device. */
export function PopNotice() {
  const t = useT();
  const { data } = useLoad(() => api('GET /news/index_pop', {}, { silent: true }));
  const [closed, setClosed] = useState(false);
  if (!data || closed || readString(STORAGE_KEYS.noticeSeen) === String(data.id)) return null;
  const close = () => {
    writeString(STORAGE_KEYS.noticeSeen, String(data.id));
    setClosed(true);
  };
  return (
    <ConfirmDialog
      open
      title={data.title}
      message={
        // Focusable: a notice longer than the dialog scrolls, by keyboard too.
        <div className={styles.notice} data-testid="pop-notice" tabIndex={0}>
          <RichText html={data.content} />
        </div>
      }
      cancelLabel={t('content:notice.close')}
      confirmLabel={t('content:notice.details')}
      onCancel={close}
      onConfirm={() => {
        close();
        navigate('/pages/common/article', { id: String(data.id) });
      }}
    />
  );
}

/** The latest news, page by page. */
export function NewsList() {
  useSignals();
  const t = useT();
  const list = usePaged('POST /news/list', HOME_NEWS, [language.value]);
  const now = Date.now();
  return (
    <section className={styles.news} aria-label={t('content:news')}>
      <h2 className={styles.sectionTitle}>{t('content:news')}</h2>
      {list.items.map((item) => (
        <Link key={item.id} to="/pages/common/article" search={{ id: item.id }} className={styles.newsRow} data-testid="news">
          <span className={styles.newsText}>
            <strong>{item.title}</strong>
            <span>{item.summary}</span>
          </span>
          <span className={styles.date}>{formatAgo(item.created_at, now)}</span>
        </Link>
      ))}
      <ListFooter {...list} />
    </section>
  );
}
