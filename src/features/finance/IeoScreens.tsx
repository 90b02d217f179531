import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { ieoAllocation, ieoCost } from '../../../contract/ieo';
import { Money } from '../../../contract/money';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { CoinIcon } from '../../ui/CoinIcon';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { FactGrid } from '../trade/shared';
import styles from './finance.module.css';
import type { IeoOrder } from './ieo';
import { IeoEntries, IeoOrderStatus, IeoProjects } from './IeoParts';

/** ieo/ieo: the IEO projects, with my subscriptions and the guide a tap away. */
export function IeoListScreen() {
  const t = useT();
  return (
    <Screen title={t('finance:ieo.title')}>
      <div className={styles.page}>
        <p className={styles.note}>{t('finance:ieo.intro')}</p>
        <IeoEntries />
        <IeoProjects />
      </div>
    </Screen>
  );
}

/** ieo/order: the user's subscriptions, newest first; a tap opens the project. */
export function IeoOrdersScreen() {
  const t = useT();
  const list = usePaged('GET /user/project/order', {});
  return (
    <Screen title={t('finance:ieo.mine')}>
      <div className={styles.page}>
        {!list.loading && list.items.length === 0 ? (
          <>
            <p className={styles.empty}>{t('finance:ieo.no_orders')}</p>
            <Link to="/pages/ieo/ieo" className={styles.link} style={{ alignSelf: 'center' }}>
              {t('finance:ieo.browse')}
            </Link>
          </>
        ) : (
          list.items.map((order) => <IeoOrderCard key={order.id} order={order} />)
        )}
        {(list.loading || list.items.length > 0) && <ListFooter {...list} skeleton="facts" />}
      </div>
    </Screen>
  );
}

function IeoOrderCard({ order }: { order: IeoOrder }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const { project } = order;
  const tokens = (value: string) => `${formatAmount(value, lang)} ${project.token}`;
  const pay = (value: string) => `${formatAmount(value, lang)} ${project.pay_code}`;
  const pending = order.status === 'pending';
  return (
    <Link to="/pages/ieo/subscribe" search={{ id: project.id }} className={styles.card} data-testid="ieo-order" data-order={order.id}>
      <div className={styles.head}>
        <CoinIcon code={project.token} size={22} />
        <span className={styles.symbol}>{project.name}</span>
        <span className={`${styles.badge} ${styles.kind}`}>{project.token}</span>
        <IeoOrderStatus status={order.status} />
      </div>
      <FactGrid
        facts={[
          [t('finance:ieo.asked'), tokens(order.amount), 'ieo-order-amount'],
          [t('finance:ieo.issue_price'), pay(order.price)],
          [t(pending ? 'finance:ieo.frozen' : 'finance:ieo.paid'), pay(order.paid), 'ieo-order-paid'],
          order.allocated !== null && [t('finance:ieo.allocated'), tokens(order.allocated), 'ieo-order-allocated'],
          order.cost !== null && [t('finance:ieo.cost'), pay(order.cost), 'ieo-order-cost'],
          order.refund !== null && [t('finance:ieo.refund'), pay(order.refund), 'ieo-order-refund'],
        ]}
      />
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('finance:ieo.subscribed_at')}</span>
          <strong>{formatDateTime(order.created_at, lang)}</strong>
        </div>
        {order.release_at !== null && (
          <div className={styles.row}>
            <span>{t(order.released_at === null ? 'finance:ieo.unlocks' : 'finance:ieo.unlocked')}</span>
            <strong data-testid="ieo-order-unlock">{formatDateTime(order.released_at ?? order.release_at, lang)}</strong>
          </div>
        )}
      </div>
      {pending && (
        <p className={styles.small} data-testid="ieo-order-note">
          {t('finance:ieo.frozen_until', { amount: pay(order.paid), time: formatDateTime(project.end_at, lang) })}
        </p>
      )}
    </Link>
  );
}

/**
 * The guide's worked allocation, by the shared rule (contract/ieo.ts): 2,000,000 tokens of
 * 4 decimals at 0.05 USDT, 3,000,000 asked for in all, 1,000 of them by the reader.
 */
const EXAMPLE = { total: '2000000', asked: '3000000', mine: '1000', price: '0.05', decimals: 4 } as const;

/** ieo/help: how an IEO works, from warm-up to listing. */
export function IeoHelpScreen() {
  useSignals();
  const t = useT();
  const lang = language.value;
  const n = (value: Money | string) => formatAmount(typeof value === 'string' ? value : value.toFixed(), lang);
  const allocated =
    ieoAllocation(
      EXAMPLE.total,
      [
        { id: 1, amount: EXAMPLE.mine },
        { id: 2, amount: new Money(EXAMPLE.asked).minus(EXAMPLE.mine) },
      ],
      EXAMPLE.decimals,
    ).get(1) ?? new Money(0);
  const paid = ieoCost(EXAMPLE.mine, EXAMPLE.price);
  const cost = ieoCost(allocated, EXAMPLE.price);
  return (
    <Screen title={t('finance:ieo.guide.title')}>
      <article className={styles.guide} data-testid="ieo-guide">
        <section>
          <h2>{t('finance:ieo.guide.what_title')}</h2>
          <p>{t('finance:ieo.guide.what')}</p>
        </section>
        <section>
          <h2>{t('finance:ieo.guide.phases_title')}</h2>
          <ul>
            <li>
              <strong>{t('finance:ieo.status.warmup')}</strong>: {t('finance:ieo.guide.warmup')}
            </li>
            <li>
              <strong>{t('finance:ieo.status.progress')}</strong>: {t('finance:ieo.guide.progress')}
            </li>
            <li>
              <strong>{t('finance:ieo.status.ended')}</strong>: {t('finance:ieo.guide.ended')}
            </li>
          </ul>
        </section>
        <section>
          <h2>{t('finance:ieo.guide.pay_title')}</h2>
          <p>{t('finance:ieo.guide.cap')}</p>
          <p>{t('finance:ieo.guide.frozen')}</p>
        </section>
        <section>
          <h2>{t('finance:ieo.guide.allocation_title')}</h2>
          <p>{t('finance:ieo.guide.allocation')}</p>
          <p className={styles.formula} data-testid="ieo-example">
            {t('finance:ieo.guide.example', {
              total: n(EXAMPLE.total),
              asked: n(EXAMPLE.asked),
              mine: n(EXAMPLE.mine),
              price: n(EXAMPLE.price),
              paid: n(paid),
              allocated: n(allocated),
              cost: n(cost),
              refund: n(paid.minus(cost)),
            })}
          </p>
        </section>
        <section>
          <h2>{t('finance:ieo.guide.lock_title')}</h2>
          <p>{t('finance:ieo.guide.lock')}</p>
        </section>
        <section>
          <h2>{t('finance:ieo.guide.listing_title')}</h2>
          <p>{t('finance:ieo.guide.listing')}</p>
        </section>
        <p className={styles.small}>{t('finance:paper')}</p>
      </article>
    </Screen>
  );
}
