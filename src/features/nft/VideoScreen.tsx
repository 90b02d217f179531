import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import styles from './nft.module.css';
import { HeldOnExchange } from './parts';

/** The artwork by its code, or the one a sale holds. */
async function artworkOf(code: string, saleId: number) {
  if (code) return (await api('GET /bind_box/getItem', { code })).item;
  if (saleId > 0) {
    const { sale } = await api('GET /bind_box/getBoxDetail', { id: saleId });
    if (sale) return sale.item;
  }
  throw new Error('no artwork');
}

/**
 * nft/artworkDetail_video?code= (or ?id=, a sale): the video full width, with the
 * phone's own controls, inline (not forced full screen on iOS), metadata only until
 * played; the server answers byte ranges, so it starts and seeks at once.
 */
export function VideoScreen({ code, id }: { code: string; id: number }) {
  const t = useT();
  const { data: item, failed } = useLoad(() => artworkOf(code, id), [code, id]);
  const video = item?.media.type === 'video' ? item.media : null;
  return (
    <Screen title={item?.name ?? t('nft:video.title')}>
      {item && video ? (
        <div className={styles.videoPage}>
          <video className={styles.video} controls playsInline preload="metadata" poster={item.cover || undefined} aria-label={item.name} data-testid="nft-video">
            <source src={video.url} type={video.mime} />
          </video>
          <div className={styles.videoText}>
            <HeldOnExchange />
            <span className={styles.small}>{item.code}</span>
            {item.description && <p className={styles.description}>{item.description}</p>}
          </div>
        </div>
      ) : failed || item ? (
        <p className={styles.empty}>{t('nft:video.none')}</p>
      ) : (
        <Skeleton shape="card" count={1} inset />
      )}
    </Screen>
  );
}
