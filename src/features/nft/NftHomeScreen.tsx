import { Link, useNavigate } from '@tanstack/react-router';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Segmented } from '../../ui/form';
import { SearchIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { SALE_MODES, type SaleModeFilter } from './nft';
import styles from './nft.module.css';
import { ArtistChip, CollectionChip, HeldOnExchange, SaleGrid, SectionHead, useNow } from './parts';

/**
 * nft/nft: the marketplace's home. A head (where NFTs live, search, Mine), a row of
 * artists and one of collections, then what is on sale by mode (fixed price, auctions,
 * blind boxes: ?mode=), each card with its phase and countdown.
 */
export function NftHomeScreen({ mode }: { mode: SaleModeFilter }) {
  const t = useT();
  const navigate = useNavigate();
  const now = useNow();
  const artists = useLoad(() => api('GET /bind_box/getArtist', { limit: 12 }, { silent: true }), []);
  const collections = useLoad(() => api('GET /bind_box/getCollection', { limit: 10 }, { silent: true }), []);
  return (
    <Screen title={t('nft:home.title')}>
      <div className={styles.page}>
        <section className={styles.hero}>
          <h2 className={styles.heroTitle}>{t('nft:home.headline')}</h2>
          <HeldOnExchange />
          <div className={styles.heroActions}>
            <Link to="/pages/nft/components/search" className={styles.searchEntry} data-testid="nft-search-entry">
              <SearchIcon size={18} />
              {t('nft:search.placeholder')}
            </Link>
            <Link to="/pages/nft/mine" className={styles.mineEntry} data-testid="nft-mine-entry">
              {t('nft:home.mine')}
            </Link>
          </div>
        </section>

        {(artists.data?.data.length ?? 0) > 0 && (
          <section className={styles.section} aria-label={t('nft:home.artists')}>
            <SectionHead
              title={t('nft:home.artists')}
              more={
                <Link to="/pages/nft/components/artist" className={styles.link} data-testid="nft-artists-all">
                  {t('nft:home.all')}
                </Link>
              }
            />
            <div className={styles.strip}>
              {artists.data?.data.map((artist) => (
                <ArtistChip key={artist.uid} artist={artist} />
              ))}
            </div>
          </section>
        )}

        {(collections.data?.data.length ?? 0) > 0 && (
          <section className={styles.section} aria-label={t('nft:home.collections')}>
            <SectionHead
              title={t('nft:home.collections')}
              more={
                <Link to="/pages/nft/components/search" search={{ tab: 'collections' }} className={styles.link} data-testid="nft-collections-all">
                  {t('nft:home.all')}
                </Link>
              }
            />
            <div className={styles.strip}>
              {collections.data?.data.map((collection) => (
                <CollectionChip key={collection.id} collection={collection} />
              ))}
            </div>
          </section>
        )}

        <SectionHead
          title={t('nft:home.on_sale')}
          more={
            <Link to="/pages/nft/components/artwork" search={mode === 'all' ? {} : { mode }} className={styles.link} data-testid="nft-artworks-all">
              {t('nft:home.all')}
            </Link>
          }
        />
        <div className={styles.tabs}>
          <Segmented
            options={SALE_MODES.map((value) => ({ value, label: t(`nft:market.mode.${value}`) }))}
            value={mode}
            onChange={(next) => void navigate({ to: '/pages/nft/nft', search: next === 'all' ? {} : { mode: next }, replace: true })}
          />
        </div>
        <SaleGrid key={mode} query={mode === 'all' ? {} : { mode }} now={now} />
      </div>
    </Screen>
  );
}
