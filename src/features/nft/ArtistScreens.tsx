import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { Avatar } from '../../ui/Avatar';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import type { NftArtist } from './nft';
import styles from './nft.module.css';
import { CollectionChip, ItemTile, SectionHead } from './parts';
import { KeywordField } from './SearchScreen';

/** nft/components/artist: the artists, a page at a time, or those whose name has the keyword. */
export function ArtistListScreen({ keyword }: { keyword: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Screen title={t('nft:artist.list_title')}>
      <div className={styles.page}>
        <KeywordField
          keyword={keyword}
          placeholder={t('nft:artist.search')}
          onKeyword={(next) => void navigate({ to: '/pages/nft/components/artist', search: next ? { keyword: next } : {}, replace: true })}
        />
        <ArtistList keyword={keyword} />
      </div>
    </Screen>
  );
}

/** Artists matching a keyword (all of them when it is empty), a row each. */
export function ArtistList({ keyword }: { keyword: string }) {
  const t = useT();
  const list = usePaged('GET /bind_box/getArtist', keyword ? { keyword } : {});
  return (
    <>
      {list.items.length > 0 && (
        <div className={styles.stack} data-testid="nft-artists">
          {list.items.map((artist) => (
            <ArtistRow key={artist.uid} artist={artist} />
          ))}
        </div>
      )}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('nft:artist.none')}</p> : <ListFooter {...list} skeleton="record" />}
    </>
  );
}

function ArtistRow({ artist }: { artist: NftArtist }) {
  const t = useT();
  return (
    <Link to="/pages/nft/artistDetail" search={{ uid: artist.uid }} className={styles.personRow} data-testid="nft-artist-row" data-uid={artist.uid}>
      <Avatar src={artist.avatar} name={artist.name} size={48} />
      <span className={styles.personText}>
        <span className={styles.personName}>{artist.name}</span>
        {artist.bio && <span className={styles.personBio}>{artist.bio}</span>}
        <span className={styles.personMeta}>{t('nft:artist.counts', { works: artist.works, collections: artist.collections })}</span>
      </span>
    </Link>
  );
}

/** nft/artistDetail?uid=: an artist's profile, collections and works. */
export function ArtistDetailScreen({ uid }: { uid: number }) {
  useSignals();
  const t = useT();
  const { data, failed } = useLoad(() => (uid > 0 ? api('GET /bind_box/getArtistDetail', { uid }) : Promise.reject(new Error('no artist'))), [uid]);
  return (
    <Screen title={data?.artist.name ?? t('nft:artist.title')}>
      <div className={styles.page}>
        {data ? (
          <>
            <section className={styles.profile} data-testid="nft-artist-profile">
              <Avatar src={data.artist.avatar} name={data.artist.name} size={72} />
              <h2 className={styles.profileName}>{data.artist.name}</h2>
              {data.artist.bio && <p className={styles.bio}>{data.artist.bio}</p>}
              <div className={styles.counts}>
                <span>
                  <strong>{data.artist.works}</strong>
                  {t('nft:artist.works')}
                </span>
                <span>
                  <strong>{data.artist.collections}</strong>
                  {t('nft:artist.collections')}
                </span>
              </div>
            </section>
            {data.collections.length > 0 && (
              <section className={styles.section}>
                <SectionHead title={t('nft:artist.collections')} />
                <div className={styles.strip}>
                  {data.collections.map((collection) => (
                    <CollectionChip key={collection.id} collection={collection} />
                  ))}
                </div>
              </section>
            )}
            <section className={styles.section}>
              <SectionHead title={t('nft:artist.works')} />
              {data.works.length === 0 ? (
                <p className={styles.empty}>{t('nft:artist.no_works')}</p>
              ) : (
                <div className={styles.grid} data-testid="nft-artist-works">
                  {data.works.map((item) => (
                    <ItemTile key={item.id} item={item} />
                  ))}
                </div>
              )}
            </section>
          </>
        ) : failed ? (
          <p className={styles.empty}>{t('nft:artist.not_found')}</p>
        ) : (
          <Skeleton shape="card" count={2} />
        )}
      </div>
    </Screen>
  );
}
