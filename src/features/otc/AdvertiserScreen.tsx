import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatDate, formatFixed } from '../../../contract/format';
import { Money } from '../../../contract/money';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { api } from '../../api/client';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { AdCard } from './AdCard';
import { releaseTime, type OtcAd } from './otc';
import { useReadiness } from './parts';
import { TakeSheet } from './TakeSheet';
import styles from './otc.module.css';

/**
 * otc/advertiser?uid=: an advertiser's profile, every figure from their orders: the last
 * 30 days (orders, completion rate, average time to release), all the trades they
 * completed, since when they are a user and whether they are verified; then their online
 * advertisements, each to take as in the market.
 */
export function OtcAdvertiserScreen({ uid }: { uid: number }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const { data, failed } = useLoad(() => api('GET /otc/advertiser', { uid }, { silent: true }), [uid]);
  const readiness = useReadiness();
  const [taking, setTaking] = useState<OtcAd | null>(null);
  if (failed) {
    return (
      <Screen title={t('otc:profile.title')}>
        <p className={styles.empty}>{t('otc:profile.not_found')}</p>
      </Screen>
    );
  }
  if (!data) {
    return (
      <Screen title={t('otc:profile.title')}>
        <div className={styles.page}>
          <Skeleton shape="facts" />
          <Skeleton shape="card" />
        </div>
      </Screen>
    );
  }
  const { advertiser } = data;
  const release = advertiser.avg_release_seconds === null ? null : releaseTime(advertiser.avg_release_seconds);
  const dash = '–';
  return (
    <Screen title={t('otc:profile.title')}>
      <div className={styles.page} data-testid="otc-profile">
        <section className={styles.card}>
          <div className={styles.advertiser}>
            <span className={`${styles.avatar} ${styles.avatarLarge}`} aria-hidden="true">
              {advertiser.name.slice(0, 1).toUpperCase()}
            </span>
            <div className={styles.advertiserText}>
              <h2 className={styles.profileName} data-testid="otc-profile-name">
                {advertiser.name}
              </h2>
              <span className={styles.record}>
                {data.verified && <span className={styles.verifiedBadge}>{t('otc:profile.verified')}</span>}
                <span>{t('otc:profile.joined', { date: formatDate(data.joined_at, lang) })}</span>
              </span>
            </div>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>{t('otc:profile.orders_30d')}</dt>
              <dd data-testid="otc-profile-orders">{advertiser.orders_30d}</dd>
            </div>
            <div>
              <dt>{t('otc:profile.completion_30d')}</dt>
              <dd data-testid="otc-profile-rate">{advertiser.completion_rate === null ? dash : `${formatFixed(new Money(advertiser.completion_rate).times(100).toNumber(), 1, lang)}%`}</dd>
            </div>
            <div>
              <dt>{t('otc:profile.release_30d')}</dt>
              <dd data-testid="otc-profile-release">{release ? t(`otc:profile.release_${release.unit}`, { count: release.count }) : dash}</dd>
            </div>
            <div>
              <dt>{t('otc:profile.completed_total')}</dt>
              <dd data-testid="otc-profile-completed">{data.completed_total}</dd>
            </div>
          </dl>
          <p className={styles.small}>{t('otc:profile.honest')}</p>
        </section>
        <h2 className={styles.sectionTitle}>{t('otc:profile.ads')}</h2>
        {data.ads.length === 0 ? (
          <p className={styles.empty}>{t('otc:profile.no_ads')}</p>
        ) : (
          data.ads.map((ad) => (
            <AdCard
              key={ad.id}
              ad={ad}
              side={ad.side === 'sell' ? 'buy' : 'sell'}
              profileLink={false}
              onTake={() => {
                if (!loggedIn.value) askToLogIn();
                else setTaking(ad);
              }}
            />
          ))
        )}
        {taking && <TakeSheet ad={taking} side={taking.side === 'sell' ? 'buy' : 'sell'} readiness={readiness} onClose={() => setTaking(null)} />}
      </div>
    </Screen>
  );
}
