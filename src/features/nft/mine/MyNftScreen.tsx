import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime } from '../../../../contract/format';
import { api } from '../../../api/client';
import { language, useT } from '../../../i18n';
import { useLoad } from '../../../lib/useLoad';
import { Screen } from '../../../ui/Screen';
import { Skeleton } from '../../../ui/Skeleton';
import styles from './mine.module.css';
import { listingTarget, type NftHistory, type NftItem } from './nft';
import { NftLink, Rarity, useAmount, useMe } from './parts';

/**
 * nft/myNft?code=: one artwork: its media (image, GIF, an audio player, a video player),
 * details, sales so far and, for its owner, where it is offered or "Resell".
 */
export function MyNftScreen({ code }: { code: string }) {
  const t = useT();
  const { data, failed } = useLoad(() => (code ? api('GET /bind_box/getItem', { code }) : Promise.reject(new Error('no code'))), [code]);
  return (
    <Screen title={data?.item.name ?? t('nft:mine.item.title')}>
      <div className={styles.page}>
        {data ? <Artwork item={data.item} history={data.history} /> : failed ? <p className={styles.empty}>{t('nft:mine.item.not_found')}</p> : <Skeleton shape="card" count={1} />}
      </div>
    </Screen>
  );
}

function Artwork({ item, history }: { item: NftItem; history: readonly NftHistory[] }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const me = useMe();
  const amount = useAmount();
  const mine = me !== null && item.owner.uid === me.uid;
  const { media } = item;
  const size = media.width !== null && media.height !== null ? `${media.width} × ${media.height}` : null;
  const facts: [string, string, string?][] = [
    [t('nft:mine.item.code'), item.code, 'nft-item-code'],
    [t('nft:mine.item.creator'), item.creator.name],
    [t('nft:mine.item.owner'), mine ? t('nft:mine.item.you') : item.owner.name, 'nft-item-owner'],
    [t('nft:mine.item.collection'), item.collection?.name ?? t('nft:mine.item.no_collection')],
    [t('nft:mine.item.media'), [t(`nft:market.media.${media.type}`), size, media.duration_ms === null ? null : duration(media.duration_ms)].filter(Boolean).join(' · ')],
    [t('nft:mine.item.favourites'), String(item.favourites)],
  ];
  return (
    <>
      <MediaView item={item} />
      <div className={styles.titleRow}>
        <h2 className={styles.title}>{item.name}</h2>
        <Rarity rarity={item.rarity} />
      </div>
      <p className={styles.held}>
        <span className={styles.heldMark} aria-hidden="true" />
        {t('nft:mine.item.held')}
      </p>
      {mine && <Offer item={item} />}
      {item.description && <p className={styles.description}>{item.description}</p>}
      <dl className={styles.facts}>
        {facts.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.sectionTitle}>{t('nft:mine.item.history')}</h3>
      {history.length === 0 ? (
        <p className={styles.small}>{t('nft:mine.item.no_history')}</p>
      ) : (
        <ul className={styles.history} data-testid="nft-item-history">
          {history.map((sale) => (
            <li key={sale.sale_id}>
              <span>
                {t(`nft:market.kind.${sale.mode}`)} · {formatDate(sale.at, lang)}
              </span>
              <strong>{amount(sale.price, sale.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** m:ss of a recording, as the players show it (whole seconds, cut down). */
function duration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The artwork itself, from the media's address and type as the server stored them. */
function MediaView({ item }: { item: NftItem }) {
  const { media } = item;
  if (media.type === 'audio')
    return (
      <div className={styles.media}>
        {item.cover && <img className={styles.mediaImage} src={item.cover} alt="" />}
        <audio className={styles.audio} controls preload="metadata" aria-label={item.name} data-testid="nft-audio">
          <source src={media.url} type={media.mime} />
        </audio>
      </div>
    );
  if (media.type === 'video')
    return (
      <div className={styles.media}>
        <video className={styles.mediaVideo} controls playsInline preload="metadata" poster={item.cover || undefined} aria-label={item.name} data-testid="nft-video">
          <source src={media.url} type={media.mime} />
        </video>
      </div>
    );
  return (
    <div className={styles.media}>
      <img className={styles.mediaImage} src={media.url} alt={item.name} width={media.width ?? undefined} height={media.height ?? undefined} data-testid="nft-image" />
    </div>
  );
}

/**
 * Where the owner's artwork is offered: waiting for review, on sale, in a blind box; or
 * "Resell" when it is free.
 */
function Offer({ item }: { item: NftItem }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const listing = item.listing;
  const { data } = useLoad(
    () => (listing && listing.mode !== 'box' ? api('GET /bind_box/getBoxDetail', { id: listing.id, mode: listing.mode }, { silent: true }) : Promise.resolve(null)),
    [listing?.id],
  );
  if (!listing)
    return (
      <Link to="/pages/nft/resell" search={{ code: item.code }} className={styles.primary} data-testid="nft-resell">
        {t('nft:mine.item.resell')}
      </Link>
    );
  const sale = data?.sale ?? null;
  const state =
    listing.mode === 'box'
      ? t('nft:mine.item.in_box')
      : sale === null
        ? t('nft:mine.listing.sale')
        : sale.status === 'review'
          ? t('nft:mine.item.in_review')
          : sale.status === 'awarded'
            ? t('nft:mine.item.awarded')
            : sale.phase === 'upcoming'
              ? t('nft:mine.item.upcoming', { time: formatDateTime(sale.start_at, lang) })
              : t('nft:mine.item.on_sale', { time: formatDateTime(sale.end_at, lang) });
  return (
    <div className={styles.status} data-testid="nft-item-listing">
      <span>{state}</span>
      <NftLink to={listingTarget(listing)} className={styles.link}>
        {t(listing.mode === 'box' ? 'nft:mine.item.view_box' : 'nft:mine.item.view_sale')}
      </NftLink>
    </div>
  );
}
