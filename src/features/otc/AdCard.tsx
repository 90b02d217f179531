import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import type { OtcAd, OtcSide } from './otc';
import { Advertiser, Amount, LimitsText, PaymentBadges } from './parts';
import styles from './otc.module.css';

/**
 * An advertisement in a list: price, advertiser (a link to their profile, except on it),
 * limits, what is left, how it is paid, and the button for the user's `side`.
 */
export function AdCard({ ad, side, onTake, profileLink = true }: { ad: OtcAd; side: OtcSide; onTake: () => void; profileLink?: boolean }) {
  useSignals();
  const t = useT();
  const mine = user.value?.uid === ad.advertiser.uid;
  return (
    <article className={styles.card} data-testid="otc-ad" data-ad={ad.id}>
      {profileLink ? (
        <Link to="/pages/otc/advertiser" search={{ uid: ad.advertiser.uid }} className={styles.advertiserLink} data-testid="otc-advertiser-link">
          <Advertiser advertiser={ad.advertiser} />
        </Link>
      ) : (
        <Advertiser advertiser={ad.advertiser} />
      )}
      <div className={styles.priceRow}>
        <div>
          <span className={styles.label}>{t('otc:ad.price')}</span>
          <span className={styles.price} data-testid="otc-ad-price">
            <Amount value={ad.price} code={ad.fiat} />
          </span>
        </div>
        {mine ? (
          <span className={styles.own}>{t('otc:ad.yours')}</span>
        ) : (
          <button type="button" className={`${styles.take} ${side === 'buy' ? styles.takeBuy : styles.takeSell}`} onClick={onTake} data-testid="otc-take">
            {t(`otc:side.${side}`)}
          </button>
        )}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('otc:ad.limits')}</dt>
          <dd data-testid="otc-ad-limits">
            <LimitsText ad={ad} />
          </dd>
        </div>
        <div>
          <dt>{t('otc:ad.available')}</dt>
          <dd data-testid="otc-ad-available">
            <Amount value={ad.remaining} code={ad.code} />
          </dd>
        </div>
      </dl>
      <div className={styles.cardFoot}>
        <PaymentBadges kinds={ad.payments} />
        <span className={styles.small}>{t('otc:ad.window', { count: ad.window_minutes })}</span>
      </div>
    </article>
  );
}
