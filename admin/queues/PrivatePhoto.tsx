import { useEffect, useState } from 'react';
import { client } from '../api';
import { useConsoleT } from '../i18n';
import styles from './queues.module.css';

/**
 * A private upload (an identity photo, a payment voucher), which only operators may see:
 * fetched with the operator's token (GET /api/operator/upload?path=…) as a Blob and shown
 * through an object URL, released when the photo leaves the screen.
 */
export function PrivatePhoto({ path, label }: { path: string; label: string }) {
  const t = useConsoleT();
  const [shown, setShown] = useState<{ path: string; url: string } | { path: string; failed: true } | null>(null);

  useEffect(() => {
    let url: string | null = null;
    let current = true;
    client.file('/operator/upload', { path }, { silent: true }).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setShown({ path, url });
      },
      () => {
        if (current) setShown({ path, failed: true });
      },
    );
    return () => {
      current = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [path]);

  const state = shown?.path === path ? shown : null;
  return (
    <figure className={styles.photo}>
      <figcaption>{label}</figcaption>
      {state === null ? (
        <div className={styles.photoWait} aria-busy="true" />
      ) : 'url' in state ? (
        <a href={state.url} target="_blank" rel="noreferrer">
          <img src={state.url} alt={label} data-testid="private-photo" />
        </a>
      ) : (
        <p className={styles.photoFailed}>{t('queues.photo_failed')}</p>
      )}
    </figure>
  );
}
