import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import { formatAmount, formatDate, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { navigate } from '../../app/navigation';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { FollowSummary } from './MyCopiesScreen';
import { percentText, Profit, Sparkline, successText, TraderPosition, TraderWho } from './parts';
import styles from './copy.module.css';

/**
 * follow/trader?id=: a trader's card and statistics (spec 3), their open positions (those
 * a delayed trader still hides are counted), the latest closed ones, and following: the
 * Follow button, or the follow's settings with edit and stop. Visitors browse; following
 * asks them to log in first.
 */
export function TraderScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [version, setVersion] = useState(0);
  const logged = loggedIn.value;
  const { data, failed } = useLoad(() => api('GET /follow/traderDetail', { trader_user_id: id }), [id, version, logged]);
  const [stopping, setStopping] = useState(false);
  const [busy, run] = useSubmit();

  if (!data)
    return (
      <Screen title={t('copy:trader.title')}>
        <div className={styles.page}>{failed ? <p className={styles.empty}>{t('copy:trader.not_found')}</p> : <Skeleton shape="facts" />}</div>
      </Screen>
    );

  const { trader, follow, rules } = data;
  const { stats } = trader;
  const openSettings = () => (loggedIn.value ? navigate('/pages/follow/follow', { id: String(trader.user_id) }) : askToLogIn());
  const stop = () =>
    run(async () => {
      setStopping(false);
      await api('POST /follow/cancel', { follow_user_id: trader.user_id });
      toast(t('copy:trader.cancelled', { name: trader.nickname }));
      setVersion((v) => v + 1);
    });

  const figures: [string, ReactNode, string?][] = [
    [t('copy:stats.total_profit'), <Profit amount={stats.total_profit} />, 'stat-profit'],
    [t('copy:stats.win_rate'), percentText(stats.win_rate, lang)],
    [t('copy:stats.position_value'), formatAmount(stats.position_value, lang)],
    [t('copy:stats.followers'), String(stats.followers), 'stat-followers'],
    [t('copy:stats.orders'), String(stats.orders)],
    [t('copy:stats.profitable_orders'), String(stats.profitable_orders)],
    [t('copy:stats.long_success'), successText(stats.long_wins, stats.long_orders, lang)],
    [t('copy:stats.short_success'), successText(stats.short_wins, stats.short_orders, lang)],
    [t('copy:stats.followers_profit'), <Profit amount={stats.followers_profit} />],
  ];

  return (
    <Screen title={t('copy:trader.title')}>
      <div className={styles.page} data-testid="trader-page">
        <section className={styles.hero}>
          <div className={styles.head}>
            <TraderWho trader={trader} size={52} />
            <Sparkline curve={stats.curve} />
          </div>
          {trader.signature && <p className={styles.signature}>{trader.signature}</p>}
          <div className={styles.meta}>
            <span>{t('copy:trader.since', { date: formatDate(trader.since, lang) })}</span>
            <span>{trader.visibility === 'live' ? t('copy:trader.live') : t('copy:trader.delayed', { minutes: rules.delay_minutes })}</span>
          </div>
        </section>

        <h2 className={styles.sectionTitle}>{t('copy:stats.title')}</h2>
        <dl className={styles.stats} data-testid="trader-stats">
          {figures.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.small}>
          {t('copy:stats.unit')} {stats.computed_at === null ? t('copy:card.not_computed') : t('copy:stats.computed', { time: formatDateTime(stats.computed_at, lang) })}
        </p>

        {data.self ? (
          <p className={styles.note} data-testid="own-page">
            {t('copy:trader.own_page')}
          </p>
        ) : follow ? (
          <section className={styles.followBox} data-testid="following">
            <div className={styles.followHead}>
              <strong>{t('copy:trader.following')}</strong>
            </div>
            <FollowSummary follow={follow} />
            <div className={styles.buttons}>
              <PrimaryButton variant="secondary" onClick={openSettings} testId="follow-edit">
                {t('copy:trader.edit')}
              </PrimaryButton>
              <PrimaryButton variant="danger" busy={busy} onClick={() => setStopping(true)} testId="follow-stop">
                {t('copy:trader.cancel')}
              </PrimaryButton>
            </div>
          </section>
        ) : (
          <PrimaryButton onClick={openSettings} testId="follow-open">
            {t('copy:trader.follow')}
          </PrimaryButton>
        )}

        <h2 className={styles.sectionTitle}>
          {t('copy:trader.positions')} ({data.positions.length})
        </h2>
        {data.hidden_positions > 0 && (
          <p className={styles.note} data-testid="hidden-positions">
            {t('copy:trader.hidden', { count: data.hidden_positions, minutes: rules.delay_minutes })}
          </p>
        )}
        {data.positions.length === 0 && data.hidden_positions === 0 && <p className={styles.empty}>{t('copy:trader.no_positions')}</p>}
        {data.positions.map((position) => (
          <TraderPosition key={position.id} position={position} />
        ))}

        <h2 className={styles.sectionTitle}>{t('copy:trader.history')}</h2>
        {data.history.length === 0 && <p className={styles.empty}>{t('copy:trader.no_history')}</p>}
        {data.history.map((position) => (
          <TraderPosition key={position.id} position={position} />
        ))}
      </div>
      <ConfirmDialog
        open={stopping}
        title={t('copy:trader.cancel')}
        message={t('copy:trader.cancel_confirm', { name: trader.nickname })}
        onCancel={() => setStopping(false)}
        onConfirm={() => void stop()}
      />
    </Screen>
  );
}
