import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { siteName } from '../../app/site';
import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { copyText } from '../../ui/clipboard';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import styles from './people.module.css';

/** Draws the invitation card (site, QR code, code) and hands it to the device as a PNG. */
async function saveCard(qr: string, code: string, lines: { title: string; code: string }): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.width = 720;
  canvas.height = 1000;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#14151a';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#f7a54a';
  g.font = 'bold 48px system-ui, sans-serif';
  g.textAlign = 'center';
  g.fillText(siteName(), 360, 120);
  g.fillStyle = '#ffffff';
  g.font = '32px system-ui, sans-serif';
  g.fillText(lines.title, 360, 190);
  const image = new Image();
  image.src = qr;
  await image.decode();
  g.fillStyle = '#ffffff';
  g.fillRect(160, 250, 400, 400);
  g.drawImage(image, 180, 270, 360, 360);
  g.font = '30px system-ui, sans-serif';
  g.fillStyle = '#9a9ca6';
  g.fillText(lines.code, 360, 740);
  g.font = 'bold 56px ui-monospace, monospace';
  g.fillStyle = '#ffffff';
  g.fillText(code, 360, 820);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `invite-${code}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Share (spec: setting/share): the personal invitation link and QR code, saved as an image. */
export function ShareScreen() {
  const t = useT();
  const { data } = useLoad(() => api('GET /invite/info', {}));
  const [qr, setQr] = useState('');
  const link = data ? `${window.location.origin}${data.path}` : '';

  useEffect(() => {
    let live = true;
    if (!link) return undefined;
    void import('qrcode').then(({ toDataURL }) => toDataURL(link, { margin: 1, width: 480, errorCorrectionLevel: 'M' })).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [link]);

  return (
    <Screen title={t('people:share.title')}>
      <section className={styles.share}>
        <p className={styles.lead}>{t('people:share.lead', { rate: data ? String(Math.round(Number(data.rebate_rate) * 100)) : '--' })}</p>
        <div className={styles.qrBox}>{qr ? <img src={qr} alt={t('people:share.qr_alt')} data-testid="share-qr" /> : null}</div>
        <p className={styles.label}>{t('people:share.code')}</p>
        <button type="button" className={styles.code} onClick={() => data && void copyText(data.invite_code)} data-testid="share-code">
          {data?.invite_code ?? '--'}
        </button>
        <p className={styles.label}>{t('people:share.link')}</p>
        <p className={styles.link} data-testid="share-link">
          {link}
        </p>
        <div className={styles.buttons}>
          <PrimaryButton onClick={() => void copyText(link)} testId="share-copy">
            {t('people:share.copy_link')}
          </PrimaryButton>
          <PrimaryButton
            variant="secondary"
            onClick={() => data && qr && void saveCard(qr, data.invite_code, { title: t('people:share.card_title'), code: t('people:share.code') })}
            testId="share-save"
          >
            {t('people:share.save_image')}
          </PrimaryButton>
        </div>
        <Link to="/pages/setting/invite" className={styles.more} data-testid="open-invitations">
          {t('people:share.see_invitations', { count: data?.invitees ?? 0 })}
        </Link>
      </section>
    </Screen>
  );
}
