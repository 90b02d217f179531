import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import type { NftItem } from './nft';
import styles from './nft.module.css';

/**
 * An artwork's media as the server stored it: an image or GIF (a tap shows it over the
 * whole screen, a second tap at twice the size), audio with its cover and a player, or a
 * video's cover that opens the video on its own screen.
 */
export function MediaView({ item }: { item: Pick<NftItem, 'code' | 'name' | 'cover' | 'media'> }) {
  const t = useT();
  const [zoom, setZoom] = useState(false);
  const { media } = item;
  if (media.type === 'audio')
    return (
      <div className={styles.mediaAudio}>
        {item.cover && <img src={item.cover} alt={item.name} />}
        <audio className={styles.audio} controls preload="metadata" src={media.url} aria-label={t('nft:detail.listen', { name: item.name })} data-testid="nft-audio" />
      </div>
    );
  if (media.type === 'video')
    return (
      <Link
        to="/pages/nft/artworkDetail_video"
        search={{ code: item.code }}
        className={`${styles.media} ${styles.mediaLink}`}
        aria-label={t('nft:detail.play', { name: item.name })}
        data-testid="nft-video-link"
      >
        {item.cover && <img className={styles.mediaImage} src={item.cover} alt="" />}
        <span className={styles.play} aria-hidden="true">
          ▶
        </span>
      </Link>
    );
  return (
    <>
      <button type="button" className={styles.media} onClick={() => setZoom(true)} aria-label={t('nft:detail.zoom', { name: item.name })} data-testid="nft-image">
        <img className={styles.mediaImage} src={media.url} alt={item.name} width={media.width ?? undefined} height={media.height ?? undefined} />
      </button>
      {zoom && <Zoom src={media.url} name={item.name} onClose={() => setZoom(false)} />}
    </>
  );
}

/** The image over the whole screen: a tap on it doubles it (scrolled to look around), Close or Escape leaves. */
function Zoom({ src, name, onClose }: { src: string; name: string; onClose: () => void }) {
  const t = useT();
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <div className={`${styles.zoom} ${zoomed ? styles.zoomed : ''}`} role="dialog" aria-modal="true" aria-label={name} data-testid="nft-zoom">
      <button type="button" className={styles.zoomImage} onClick={() => setZoomed(!zoomed)} aria-label={t(zoomed ? 'nft:detail.zoom_out' : 'nft:detail.zoom_in')}>
        <img src={src} alt={name} />
      </button>
      <button type="button" className={styles.zoomClose} onClick={onClose} aria-label={t('nft:detail.close')} data-testid="nft-zoom-close">
        ×
      </button>
    </div>
  );
}
