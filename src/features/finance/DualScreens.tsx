import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { dualFactor, type DualTerms } from '../../../contract/dual';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { floor, Money } from '../../../contract/money';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { FactGrid } from '../trade/shared';
import { dualOutcomes, type DualOrder } from './dual';
import { DualEntries, DualHead, DualOutcomes, DualProducts } from './DualParts';
import styles from './finance.module.css';
import { percent } from './format';
import { Tabs } from './Tabs';

/** invest/invest: dual investment products by kind and coin. */
export function DualListScreen() {
  const t = useT();
  return (
    <Screen title={t('finance:dual.title')}>
      <div className={styles.page}>
        <p className={styles.note}>{t('finance:dual.intro')}</p>
        <DualEntries />
        <DualProducts />
      </div>
    </Screen>
  );
}

/** invest/mine: the user's dual orders, active (holding, settling) and closed (what each paid, or its refund). */
export function DualOrdersScreen() {
  const t = useT();
  const [tab, setTab] = useState<'active' | 'closed'>('active');
  return (
    <Screen title={t('finance:my_orders')}>
      <Tabs options={['active', 'closed'] as const} value={tab} onChange={setTab} text={(key) => t(`finance:dual.orders.${key}`)} testId="dual-orders" />
      <DualOrders key={tab} status={tab} />
    </Screen>
  );
}

function DualOrders({ status }: { status: 'active' | 'closed' }) {
  const t = useT();
  const list = usePaged('POST /dual/dual_list', { status });
  return (
    <div className={styles.page}>
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('finance:dual.orders.none')}</p> : list.items.map((order) => <DualOrderCard key={order.id} order={order} />)}
      {(list.loading || list.items.length > 0) && <ListFooter {...list} skeleton="facts" />}
    </div>
  );
}

function DualOrderCard({ order }: { order: DualOrder }) {
  const t = useT();
  const lang = language.value;
  const { product } = order;
  const invested = `${formatAmount(order.amount, lang)} ${product.invest_code}`;
  return (
    <section className={styles.card} data-testid="dual-order" data-order={order.id}>
      <DualHead product={product} status={order.status} />
      <FactGrid
        facts={[
          [t('finance:dual.orders.invested'), invested, 'dual-order-amount'],
          [t('finance:dual.shares'), order.num, 'dual-order-shares'],
          [t('finance:dual.apr'), percent(product.apr, lang, 2)],
          [t('finance:dual.linked_price'), formatAmount(product.linked_price, lang)],
          [t('finance:dual.maturity'), formatDateTime(product.maturity_at, lang)],
          [t('finance:dual.orders.bought_at'), formatDateTime(order.created_at, lang)],
        ]}
      />
      {order.status === 'purchased' && (
        <>
          <span className={styles.small}>{t('finance:dual.outcomes')}</span>
          <DualOutcomes product={product} amount={order.amount} />
        </>
      )}
      {order.status === 'settling' && <p className={styles.note}>{t('finance:dual.orders.settling_note', { symbol: product.symbol })}</p>}
      {order.status === 'completed' && order.payout_amount !== null && (
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t('finance:dual.orders.paid')}</span>
            <strong className={styles.paid} data-testid="dual-order-paid">
              {formatAmount(order.payout_amount, lang)} {order.payout_code}
            </strong>
          </div>
          {order.settle_tick && (
            <p className={styles.small} data-testid="dual-order-tick">
              {t('finance:dual.orders.settled_by', { price: formatAmount(order.settle_tick.price, lang), time: formatDateTime(order.settle_tick.time, lang) })}
            </p>
          )}
        </div>
      )}
      {order.status === 'failed' && (
        <p className={styles.note} data-testid="dual-order-refunded">
          {t('finance:dual.orders.refunded', { amount: invested })}
        </p>
      )}
    </section>
  );
}

/**
 * The guide's worked examples, paid by the shared rule (contract/dual.ts) at BTC's 8
 * and USDT's 6 decimals: sell high 0.1 BTC and buy low 1,000 USDT, 7 days at 36.5 %.
 */
const SELL_HIGH = { type: 'call', linked_price: '100000', apr: '0.365', days: 7 } as const satisfies DualTerms;
const BUY_LOW = { type: 'put', linked_price: '90000', apr: '0.365', days: 7 } as const satisfies DualTerms;
const BTC_USDT = { call: { invested: 8, other: 6 }, put: { invested: 6, other: 8 } };

/** invest/help: how dual investment works, the formula, an example in numbers, and the risks. */
export function DualHelpScreen() {
  useSignals();
  const t = useT();
  const lang = language.value;
  const n = (value: Money | string) => formatAmount(typeof value === 'string' ? value : value.toFixed(), lang);
  const sellHigh = dualOutcomes(SELL_HIGH, '0.1', BTC_USDT.call);
  const buyLow = dualOutcomes(BUY_LOW, '1000', BTC_USDT.put);
  const high = new Money(110_000);
  const low = new Money(80_000);
  return (
    <Screen title={t('finance:dual.guide.title')}>
      <article className={styles.guide} data-testid="dual-guide">
        <section>
          <h2>{t('finance:dual.guide.what_title')}</h2>
          <p>{t('finance:dual.guide.what')}</p>
        </section>
        <section>
          <h2>{t('finance:dual.types.call')}</h2>
          <p>{t('finance:dual.guide.call')}</p>
        </section>
        <section>
          <h2>{t('finance:dual.types.put')}</h2>
          <p>{t('finance:dual.guide.put')}</p>
        </section>
        <section>
          <h2>{t('finance:dual.guide.formula_title')}</h2>
          <p>{t('finance:dual.guide.formula')}</p>
        </section>
        <section>
          <h2>{t('finance:dual.guide.settle_title')}</h2>
          <p>{t('finance:dual.guide.settle')}</p>
        </section>
        <section>
          <h2>{t('finance:dual.guide.example_title')}</h2>
          <p className={styles.formula} data-testid="dual-example-call">
            {t('finance:dual.guide.example_call', {
              amount: n('0.1'),
              days: SELL_HIGH.days,
              apr: percent(SELL_HIGH.apr, lang),
              linked: n(SELL_HIGH.linked_price),
              factor: n(dualFactor(SELL_HIGH)),
              invested: n(sellHigh.invested),
              other: n(sellHigh.other),
            })}
          </p>
          <p className={styles.formula} data-testid="dual-example-put">
            {t('finance:dual.guide.example_put', {
              amount: n('1000'),
              days: BUY_LOW.days,
              apr: percent(BUY_LOW.apr, lang),
              linked: n(BUY_LOW.linked_price),
              invested: n(buyLow.invested),
              other: n(buyLow.other),
            })}
          </p>
        </section>
        <section>
          <h2>{t('finance:dual.guide.risks_title')}</h2>
          <ul>
            <li>
              {t('finance:dual.guide.risk_outcome', {
                high: n(high),
                other: n(sellHigh.other),
                worth: n(sellHigh.invested.times(high)),
                low: n(low),
                coins: n(buyLow.other),
                worth_low: n(floor(buyLow.other.times(low), 2)),
              })}
            </li>
            <li>{t('finance:dual.guide.risk_apr')}</li>
            <li>{t('finance:dual.guide.risk_lock')}</li>
            <li>{t('finance:paper')}</li>
          </ul>
        </section>
      </article>
    </Screen>
  );
}
