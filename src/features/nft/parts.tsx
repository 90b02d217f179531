import { useNow } from '../../lib/clock';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ApiInput } from '../../../contract/api';
import { formatAmount } from '../../../contract/format';
import { language, useT, type Translator } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { Avatar } from '../../ui/Avatar';
import { ListFooter } from '../../ui/ListFooter';
import { countdown, countdownTarget, phaseAt, type NftArtist, type NftCard, type NftCollection, type NftItem, type NftMediaType, type NftPhase, type NftRarity } from './nft';
import styles from './nft.module.css';

/**
 * The parts the marketplace's public screens share: the clock their countdowns read, the
 * phase and rarity badges, a card of what is on sale and the paged grid of them, artists
 * and collections in a row, an artwork's tile, and the line saying where NFTs live.
 */

export { useNow };

/** A time left: "2d 03:04:05", or "03:04:05" under a day. */
export function timeLeft(ms: number, t: Translator): string {
  const { days, clock } = countdown(ms);
  return days > 0 ? `${t('nft:market.days_short', { count: days })} ${clock}` : clock;
}

/** An amount of the marketplace's currency: "1,234.5 USDT". */
export function useMoney(): (amount: string, currency: string) => string {
  useSignals();
  const lang = language.value;
  return (amount, currency) => `${formatAmount(amount, lang)} ${currency}`;
}

/** NFTs are the exchange's own records (nothing is minted on a chain): said once on the home and on each sale. */
export function HeldOnExchange() {
  const t = useT();
  return (
    <p className={styles.held} data-testid="nft-held">
      <span className={styles.heldMark} aria-hidden="true" />
      {t('nft:market.held')}
    </p>
  );
}

export function PhaseBadge({ phase }: { phase: NftPhase }) {
  const t = useT();
  return (
    <span className={`${styles.badge} ${styles[phase]}`} data-testid="nft-phase">
      {t(`nft:market.phase.${phase}`)}
    </span>
  );
}

export function RarityBadge({ rarity }: { rarity: NftRarity }) {
  const t = useT();
  return (
    <span className={`${styles.badge} ${styles[rarity]}`} data-testid="nft-rarity">
      {t(`nft:market.rarity.${rarity}`)}
    </span>
  );
}

/** "Starts in …" before the start, "Ends in …" while on sale, "Ended" after. */
export function Countdown({ window, now, className }: { window: { start_at: number; end_at: number }; now: number; className?: string }) {
  const t = useT();
  const target = countdownTarget(window, now);
  return (
    <span className={className} data-testid="nft-countdown">
      {target ? t(`nft:market.countdown.${target.to}`, { time: timeLeft(target.at - now, t) }) : t('nft:market.countdown.ended')}
    </span>
  );
}

function MediaTag({ type }: { type: NftMediaType }) {
  const t = useT();
  if (type === 'image') return null;
  return <span className={`${styles.mediaTag} ${styles.mediaCorner}`}>{t(`nft:market.media.${type}`)}</span>;
}

/** What a card's price is: the fixed price, the auction's current bid (or its start), a box's price. */
function priceLabel(card: NftCard): 'normal' | 'auction_bid' | 'auction_start' | 'box' {
  if (card.mode === 'auction') return card.current_bid === null ? 'auction_start' : 'auction_bid';
  return card.mode;
}

/** Something on sale in a grid: cover, phase, name, artist, price or current bid, and the countdown. */
export function SaleCardView({ card, now }: { card: NftCard; now: number }) {
  const t = useT();
  const money = useMoney();
  const phase = phaseAt(card, now);
  return (
    <Link to="/pages/nft/artworkDetail" search={{ id: card.id, mode: card.mode }} className={styles.card} data-testid="nft-card" data-mode={card.mode} data-id={card.id}>
      <div className={styles.coverBox}>
        {card.cover && <img className={styles.cover} src={card.cover} alt="" loading="lazy" />}
        <span className={styles.coverTags}>
          <PhaseBadge phase={phase} />
          <span className={styles.mediaTag}>{t(`nft:market.kind.${card.mode}`)}</span>
        </span>
        <MediaTag type={card.media_type} />
      </div>
      <div className={styles.cardBody}>
        <span className={styles.cardName}>{card.name}</span>
        <span className={styles.cardArtist}>
          <Avatar src={card.artist.avatar} name={card.artist.name} size={18} />
          <span>{card.artist.name}</span>
        </span>
        <span className={styles.cardPriceLabel}>{t(`nft:market.price.${priceLabel(card)}`)}</span>
        <span className={styles.cardPrice}>
          <span className={styles.cardPriceValue} data-testid="nft-card-price">
            {money(card.current_bid ?? card.price, card.currency)}
          </span>
          {card.remaining !== null ? <span className={styles.cardLeft}>{t('nft:market.left', { count: card.remaining })}</span> : card.rarity && <RarityBadge rarity={card.rarity} />}
        </span>
        <Countdown window={card} now={now} className={styles.cardFoot} />
      </div>
    </Link>
  );
}

export type SaleQuery = Omit<ApiInput<'GET /bind_box/getBoxList'>, 'page' | 'limit'>;

/** What is on sale, a page at a time (live first, then not started), as a grid of cards. */
export function SaleGrid({ query, now, empty }: { query: SaleQuery; now: number; empty?: string }) {
  const t = useT();
  const list = usePaged('GET /bind_box/getBoxList', query);
  return (
    <>
      {list.items.length > 0 && (
        <div className={styles.grid} data-testid="nft-cards">
          {list.items.map((card) => (
            <SaleCardView key={`${card.mode}-${card.id}`} card={card} now={now} />
          ))}
        </div>
      )}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{empty ?? t('nft:market.none')}</p> : <ListFooter {...list} skeleton="card" />}
    </>
  );
}

/** An artist in a sideways row: the picture and the name. */
export function ArtistChip({ artist }: { artist: Pick<NftArtist, 'uid' | 'name' | 'avatar'> }) {
  return (
    <Link to="/pages/nft/artistDetail" search={{ uid: artist.uid }} className={styles.artistChip} data-testid="nft-artist" data-uid={artist.uid}>
      <Avatar src={artist.avatar} name={artist.name} size={56} />
      <span>{artist.name}</span>
    </Link>
  );
}

/** A collection in a sideways row: its cover, name, artist and how many works. */
export function CollectionChip({ collection, wide = false }: { collection: NftCollection; wide?: boolean }) {
  const t = useT();
  return (
    <Link
      to="/pages/nft/components/collection"
      search={{ id: collection.id }}
      className={`${styles.collectionChip} ${wide ? styles.collectionWide : ''}`}
      data-testid="nft-collection"
      data-id={collection.id}
    >
      {collection.cover ? <img src={collection.cover} alt="" loading="lazy" /> : <span className={styles.noCover} />}
      <span className={styles.collectionText}>
        <strong>{collection.name}</strong>
        <span>{t('nft:market.collection_by', { name: collection.artist.name, count: collection.items })}</span>
      </span>
    </Link>
  );
}

/**
 * An artwork as a tile (an artist's works, a collection's, a box's contents): cover,
 * name, rarity, and whether it is on sale. A tap opens the sale or box holding it, or the
 * artwork's own page.
 */
export function ItemTile({ item, link = true }: { item: NftItem; link?: boolean }) {
  const t = useT();
  const body = (
    <>
      <div className={styles.coverBox}>
        {item.cover && <img className={styles.cover} src={item.cover} alt="" loading="lazy" />}
        {link && item.listing && (
          <span className={styles.coverTags}>
            <span className={`${styles.badge} ${styles.live}`}>{t(`nft:market.kind.${item.listing.mode}`)}</span>
          </span>
        )}
      </div>
      <div className={styles.cardBody}>
        <span className={styles.cardName}>{item.name}</span>
        <span className={styles.cardFoot}>
          <span>{item.code}</span>
          <RarityBadge rarity={item.rarity} />
        </span>
      </div>
    </>
  );
  if (!link)
    return (
      <div className={styles.card} data-testid="nft-item" data-code={item.code}>
        {body}
      </div>
    );
  const search = item.listing ? { id: item.listing.id, mode: item.listing.mode } : { code: item.code };
  return (
    <Link to="/pages/nft/artworkDetail" search={search} className={styles.card} data-testid="nft-item" data-code={item.code}>
      {body}
    </Link>
  );
}

/** A section's title, with a link to all of it when there is more. */
export function SectionHead({ title, more }: { title: string; more?: ReactNode }) {
  return (
    <div className={styles.sectionHead}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {more}
    </div>
  );
}
