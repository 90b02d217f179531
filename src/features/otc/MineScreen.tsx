import { useSignals } from '@preact/signals-react/runtime';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { PrimaryButton, Segmented } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { PostAdForm } from './PostAdForm';
import type { OtcAd, OtcOrder } from './otc';
import { Amount, LimitsText, PaymentBadges, StatusBadge } from './parts';
import styles from './otc.module.css';

export type MineTab = 'open' | 'closed' | 'ads' | 'post';

/**
 * otc/mine?tab=: the user's orders, open (to pay, to release, under appeal) or closed,
 * their advertisements with the online/offline switch, and the form to post one.
 */
export function OtcMineScreen({ tab }: { tab: MineTab }) {
  const t = useT();
  const router = useRouter();
  const go = (next: MineTab) => void router.navigate({ to: '/pages/otc/mine', search: { tab: next }, replace: true });
  if (tab === 'post')
    return (
      <Screen title={t('otc:post.title')}>
        <PostAdForm onPosted={() => go('ads')} />
      </Screen>
    );
  return (
    <Screen title={t('otc:mine.title')}>
      <div className={styles.page}>
        <Segmented
          options={[
            { value: 'open', label: <span data-testid="otc-tab-open">{t('otc:mine.open')}</span> },
            { value: 'closed', label: <span data-testid="otc-tab-closed">{t('otc:mine.closed')}</span> },
            { value: 'ads', label: <span data-testid="otc-tab-ads">{t('otc:mine.ads')}</span> },
          ]}
          value={tab}
          onChange={go}
        />
        {tab === 'ads' ? <MyAds onPost={() => void router.navigate({ to: '/pages/otc/mine', search: { tab: 'post' } })} /> : <MyOrders key={tab} status={tab} />}
      </div>
    </Screen>
  );
}

function MyOrders({ status }: { status: 'open' | 'closed' }) {
  const t = useT();
  const list = usePaged('GET /otc/orders', { status });
  return (
    <>
      {list.items.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {!list.loading && list.items.length === 0 ? (
        <div className={styles.emptyBox}>
          <p className={styles.empty}>{t(status === 'open' ? 'otc:mine.no_open' : 'otc:mine.no_closed')}</p>
          <Link to="/pages/otc/otc" className={styles.link}>
            {t('otc:order.market')}
          </Link>
        </div>
      ) : (
        <ListFooter {...list} skeleton="card" />
      )}
    </>
  );
}

function OrderCard({ order }: { order: OtcOrder }) {
  const t = useT();
  const buyer = order.role === 'buyer';
  return (
    <Link to="/pages/otc/order" search={{ id: order.id }} className={styles.card} data-testid="otc-order-card" data-order={order.id}>
      <div className={styles.orderHead}>
        <span className={`${styles.roleBadge} ${buyer ? styles.roleBuy : styles.roleSell}`}>{t(buyer ? 'otc:order.role_buyer' : 'otc:order.role_seller', { coin: order.code })}</span>
        <StatusBadge status={order.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('otc:order.amount')}</dt>
          <dd>
            <Amount value={order.amount} code={order.code} />
          </dd>
        </div>
        <div>
          <dt>{t('otc:order.total')}</dt>
          <dd>
            <Amount value={order.fiat_amount} code={order.fiat} />
          </dd>
        </div>
        <div>
          <dt>{t(buyer ? 'otc:order.seller' : 'otc:order.buyer')}</dt>
          <dd>{order.counterparty.name}</dd>
        </div>
        <div>
          <dt>{t('otc:order.created')}</dt>
          <dd>{formatDateTime(order.created_at, language.value)}</dd>
        </div>
      </dl>
    </Link>
  );
}

function MyAds({ onPost }: { onPost: () => void }) {
  const t = useT();
  const list = usePaged('GET /otc/ad/mine', {});
  const [changed, setChanged] = useState<Record<number, OtcAd>>({});
  return (
    <>
      <PrimaryButton onClick={onPost} testId="otc-post-open">
        {t('otc:post.title')}
      </PrimaryButton>
      {list.items.map((ad) => (
        <MyAdCard key={ad.id} ad={changed[ad.id] ?? ad} onChange={(next) => setChanged((current) => ({ ...current, [next.id]: next }))} />
      ))}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('otc:mine.no_ads')}</p> : <ListFooter {...list} skeleton="card" />}
    </>
  );
}

/** One of the user's advertisements: its terms, what is left, and the switch that takes it offline or back online. */
function MyAdCard({ ad, onChange }: { ad: OtcAd; onChange: (ad: OtcAd) => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [busy, run] = useSubmit();
  const online = ad.status === 'online';
  const toggle = () =>
    run(async () => {
      const next = await api('POST /otc/ad/status', { id: ad.id, status: online ? 'offline' : 'online' });
      onChange(next);
      toast(t(next.status === 'online' ? 'otc:mine.now_online' : 'otc:mine.now_offline'));
    });
  return (
    <article className={styles.card} data-testid="otc-my-ad" data-ad={ad.id}>
      <div className={styles.orderHead}>
        <span className={`${styles.roleBadge} ${ad.side === 'sell' ? styles.roleSell : styles.roleBuy}`}>
          {t(ad.side === 'sell' ? 'otc:mine.ad_sell' : 'otc:mine.ad_buy', { coin: ad.code, fiat: ad.fiat })}
        </span>
        <label className={styles.switch}>
          <span data-testid="otc-ad-status">{t(online ? 'otc:mine.online' : 'otc:mine.offline')}</span>
          <input type="checkbox" role="switch" checked={online} disabled={busy} onChange={() => void toggle()} aria-label={t('otc:mine.switch')} data-testid="otc-ad-switch" />
        </label>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('otc:ad.price')}</dt>
          <dd>
            <Amount value={ad.price} code={ad.fiat} />
            {ad.price_type === 'floating' && ad.margin !== null && <span className={styles.small}> · {t('otc:mine.margin', { margin: formatAmount(ad.margin, lang) })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('otc:ad.limits')}</dt>
          <dd>
            <LimitsText ad={ad} />
          </dd>
        </div>
        <div>
          <dt>{t('otc:mine.remaining')}</dt>
          <dd data-testid="otc-my-ad-remaining">
            <Amount value={ad.remaining} code={ad.code} />
          </dd>
        </div>
        <div>
          <dt>{t('otc:post.window')}</dt>
          <dd>{t('otc:ad.minutes', { count: ad.window_minutes })}</dd>
        </div>
      </dl>
      <PaymentBadges kinds={ad.payments} />
    </article>
  );
}
