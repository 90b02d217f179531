import { useSignals } from '@preact/signals-react/runtime';
import type { MouseEvent, ReactNode } from 'react';
import { formatAmount } from '../../../../contract/format';
import { api } from '../../../api/client';
import { navigate } from '../../../app/navigation';
import { setUser, user, type User } from '../../../app/session';
import { language, useT } from '../../../i18n';
import { useLoad } from '../../../lib/useLoad';
import styles from './mine.module.css';
import { itemTarget, listingTarget, type NftCurrency, type NftItem, type NftRarity, type NftTarget } from './nft';

/** The parts the user's NFT screens share: links, covers, rarity, amounts, who is signed in, the currency. */

/**
 * A link to a marketplace screen by path and search. The browse screens are routes of
 * their own (src/routes/pages/nft/); a real link (long-press, open in a new tab) that the
 * router follows in place.
 */
export function NftLink({ to, className, children, testId, onClick }: { to: NftTarget; className?: string | undefined; children: ReactNode; testId?: string; onClick?: () => void }) {
  const href = `#${to.path}?${new URLSearchParams(to.search).toString()}`;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onClick?.();
    navigate(to.path, to.search);
  };
  return (
    <a href={href} className={className} onClick={follow} data-testid={testId}>
      {children}
    </a>
  );
}

/** Where a tap on an artwork leads: the sale or box holding it, or its own page. */
export const artworkTarget = (item: Pick<NftItem, 'code' | 'listing'>, own: boolean): NftTarget => (item.listing && !own ? listingTarget(item.listing) : itemTarget(item.code));

export function Rarity({ rarity }: { rarity: NftRarity }) {
  const t = useT();
  return (
    <span className={`${styles.badge} ${styles[rarity]}`} data-testid="nft-rarity">
      {t(`nft:market.rarity.${rarity}`)}
    </span>
  );
}

/** An artwork's cover in the grid, marked GIF, audio or video when it is not a still image. */
export function Cover({ src, type }: { src: string; type?: NftItem['media']['type'] }) {
  const t = useT();
  return (
    <div className={styles.coverBox}>
      {src && <img className={styles.cover} src={src} alt="" loading="lazy" />}
      {type && type !== 'image' && <span className={styles.mediaTag}>{t(`nft:market.media.${type}`)}</span>}
    </div>
  );
}

/** An artwork as a tile of the grid: cover, name, code, rarity, and where it is offered. */
export function ArtworkTile({ item, own }: { item: NftItem; own: boolean }) {
  const t = useT();
  return (
    <NftLink to={artworkTarget(item, own)} className={styles.tile} testId="nft-artwork">
      <Cover src={item.cover} type={item.media.type} />
      <div className={styles.tileBody}>
        <span className={styles.tileName}>{item.name}</span>
        <span className={styles.tileMeta}>
          <span className={styles.code}>{item.code}</span>
          <Rarity rarity={item.rarity} />
        </span>
        {own && item.listing && <span className={styles.small}>{t(item.listing.mode === 'box' ? 'nft:mine.listing.box' : 'nft:mine.listing.sale')}</span>}
      </div>
    </NftLink>
  );
}

/** An amount of the marketplace's currency: "1,234.5 USDT". */
export function useAmount(): (amount: string, currency: string) => string {
  useSignals();
  const lang = language.value;
  return (amount, currency) => `${formatAmount(amount, lang)} ${currency}`.trim();
}

/** The signed-in user (read once when the session does not hold it yet: a token from another tab). */
export function useMe(): User | null {
  useSignals();
  const known = user.value;
  const { data } = useLoad(async () => {
    if (known) return known;
    const me = await api('GET /user/info', {}, { silent: true });
    setUser(me);
    return me;
  }, [known?.uid]);
  return known ?? data ?? null;
}

/** The currency NFT prices are in, with the fee and royalty rates (the server's settings). */
export function useNftCurrency(): NftCurrency | undefined {
  const { data } = useLoad(() => api('GET /bind_box/getNftCurrency', {}, { silent: true }));
  return data?.[0];
}
