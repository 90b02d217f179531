import { Link } from '@tanstack/react-router';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Avatar } from '../../ui/Avatar';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import styles from './nft.module.css';
import { ItemTile, SectionHead } from './parts';

/** nft/components/collection?id=: a collection (cover, artist, description) and its works. */
export function CollectionScreen({ id }: { id: number }) {
  const t = useT();
  const { data, failed } = useLoad(() => (id > 0 ? api('GET /bind_box/getCollection', { id }) : Promise.reject(new Error('no collection'))), [id]);
  const collection = data?.data[0];
  return (
    <Screen title={collection?.name ?? t('nft:collection.title')}>
      <div className={styles.page}>
        {collection && data ? (
          <>
            {collection.cover && <img className={styles.banner} src={collection.cover} alt="" />}
            <section className={styles.panel} data-testid="nft-collection-head">
              <h2 className={styles.title}>{collection.name}</h2>
              <Link to="/pages/nft/artistDetail" search={{ uid: collection.artist.uid }} className={styles.cardArtist} data-testid="nft-collection-artist">
                <Avatar src={collection.artist.avatar} name={collection.artist.name} size={22} />
                <span>{collection.artist.name}</span>
              </Link>
              {collection.description && <p className={styles.description}>{collection.description}</p>}
              <span className={styles.small}>{t('nft:collection.works', { count: collection.items })}</span>
            </section>
            <section className={styles.section}>
              <SectionHead title={t('nft:collection.works_title')} />
              {data.works.length === 0 ? (
                <p className={styles.empty}>{t('nft:collection.empty')}</p>
              ) : (
                <div className={styles.grid} data-testid="nft-collection-works">
                  {data.works.map((item) => (
                    <ItemTile key={item.id} item={item} />
                  ))}
                </div>
              )}
            </section>
          </>
        ) : failed || data ? (
          <p className={styles.empty}>{t('nft:collection.not_found')}</p>
        ) : (
          <Skeleton shape="card" count={2} />
        )}
      </div>
    </Screen>
  );
}
