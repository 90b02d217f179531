import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAmount } from '../../../contract/format';
import { lockupDailyRate, lockupPenalty } from '../../../contract/lockup';
import { floor, Money } from '../../../contract/money';
import type { Language } from '../../../contract/languages';
import { language, useT, type Translator } from '../../i18n';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import assets from '../assets/assets.module.css';
import styles from './finance.module.css';
import { percent } from './format';
import { LockupBuyForm, LockupOrders, LockupProductCard, LockupProducts, useLockupProducts, type LockupProduct } from './LockupParts';
import { Tabs } from './Tabs';

/** lockming/lockming: the lock-up products; a purchase leads to the orders. */
export function LockupListScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Screen title={t('finance:lockup.title')} right={<OrdersLink />}>
      <LockupProducts onBought={() => void navigate({ to: '/pages/lockming/order' })} />
    </Screen>
  );
}

function OrdersLink() {
  const t = useT();
  return (
    <Link to="/pages/lockming/order" data-testid="lockup-orders-link">
      {t('finance:my_orders')}
    </Link>
  );
}

/** lockming/buy?id=: one product and its buy form. */
export function LockupBuyScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const navigate = useNavigate();
  const { data: products, failed } = useLockupProducts();
  const product = products?.find((candidate) => candidate.id === id);
  return (
    <Screen title={product ? t('finance:lockup.product', { coin: product.code, days: product.days }) : t('finance:lockup.title')} right={<OrdersLink />}>
      <div className={assets.page}>
        {product ? (
          <>
            <LockupProductCard product={product} />
            <section className={styles.formCard}>
              <LockupBuyForm product={product} onBought={() => void navigate({ to: '/pages/lockming/order' })} />
            </section>
          </>
        ) : products || failed ? (
          <p className={assets.empty}>{t('finance:lockup.unknown')}</p>
        ) : (
          <Skeleton shape="card" />
        )}
      </div>
    </Screen>
  );
}

/** lockming/order: the user's lock-up orders, in progress and ended. */
export function LockupOrderScreen() {
  const t = useT();
  const [tab, setTab] = useState<'active' | 'closed'>('active');
  return (
    <Screen title={t('finance:lockup.orders')}>
      <Tabs options={['active', 'closed'] as const} value={tab} onChange={setTab} text={(key) => t(`finance:lockup.tabs.${key}`)} testId="lockup-orders" />
      <LockupOrders key={tab} status={tab} />
    </Screen>
  );
}

/** lockming/welcome: what lock-up mining is, the products' rates, payouts and early redemption, worked on a real product. */
export function LockupWelcomeScreen() {
  useSignals();
  const t = useT();
  const lang = language.value;
  const navigate = useNavigate();
  const { data: products } = useLockupProducts();
  const example = products?.[0];
  return (
    <Screen title={t('finance:lockup.title')}>
      <article className={styles.guide} data-testid="lockup-welcome">
        <section>
          <h2>{t('finance:lockup.welcome.what_title')}</h2>
          <p>{t('finance:lockup.welcome.what')}</p>
        </section>
        <section>
          <h2>{t('finance:lockup.welcome.rates_title')}</h2>
          <p>{t('finance:lockup.welcome.rates')}</p>
          {products ? (
            <ul data-testid="lockup-rates">
              {products.map((product) => (
                <li key={product.id}>
                  <strong>{t('finance:lockup.product', { coin: product.code, days: product.days })}</strong>:{' '}
                  {t('finance:lockup.welcome.rate_line', {
                    min: percent(product.rate_min, lang),
                    minimum: formatAmount(product.min_amount, lang),
                    max: percent(product.rate_max, lang),
                    full: formatAmount(product.full_rate_amount, lang),
                    coin: product.code,
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton shape="text" />
          )}
        </section>
        <section>
          <h2>{t('finance:lockup.welcome.payouts_title')}</h2>
          <p>{t('finance:lockup.welcome.payouts')}</p>
          {example && <p>{workedExample(example, t, lang).yield}</p>}
        </section>
        <section>
          <h2>{t('finance:lockup.welcome.early_title')}</h2>
          <p>{t('finance:lockup.welcome.early')}</p>
          {example && <p>{workedExample(example, t, lang).early}</p>}
        </section>
        <p className={styles.small}>{t('finance:paper')}</p>
        <PrimaryButton onClick={() => void navigate({ to: '/pages/lockming/lockming' })} testId="lockup-welcome-open">
          {t('finance:lockup.welcome.open')}
        </PrimaryButton>
      </article>
    </Screen>
  );
}

/** A product's figures at the amount that earns its highest rate, by the shared rules (contract/lockup.ts). */
function workedExample(product: LockupProduct, t: Translator, lang: Language) {
  const amount = new Money(product.full_rate_amount);
  const rate = lockupDailyRate(product, amount);
  const daily = floor(amount.times(rate), product.precision);
  const left = Math.max(1, product.days - 2);
  const text = (value: Money) => formatAmount(value.toFixed(product.precision), lang);
  return {
    yield: t('finance:lockup.welcome.example', {
      amount: formatAmount(product.full_rate_amount, lang),
      coin: product.code,
      days: product.days,
      rate: percent(rate, lang),
      daily: text(daily),
      total: text(daily.times(product.days)),
    }),
    early: t('finance:lockup.welcome.early_example', {
      left,
      rate: percent(product.penalty_rate, lang),
      penalty: text(lockupPenalty(amount, product.penalty_rate, left, product.precision)),
      coin: product.code,
    }),
  };
}
