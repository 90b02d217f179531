import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { formatAmount, formatDate, formatDateTime } from '../../../contract/format';
import { lockupDailyRate } from '../../../contract/lockup';
import { floor, Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { CoinIcon } from '../../ui/CoinIcon';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import styles from '../assets/assets.module.css';

type Product = ApiOutput<'GET /lh/deposit/config'>[number];
type Order = ApiOutput<'GET /lh/deposit/order'>['data'][number];
type Tab = 'products' | 'active' | 'closed';

const percent = (rate: string | Money) => `${new Money(rate).times(100).toFixed()}%`;
/** What comes back of an order after the penalty, at the order's own decimals. */
const returned = (order: Order) => new Money(order.amount).minus(order.penalty).toFixed(order.amount.split('.')[1]?.length ?? 0);

/**
 * The finance tab: lock-up mining. Products with their daily rate range, term, minimum
 * and early-redemption penalty; buying in a sheet that shows the rate and yield of the
 * amount typed (the server's own rule, from contract/lockup.ts); the user's orders with
 * early redemption after a confirmation that names the penalty.
 */
export function FinanceScreen() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState<Tab>('products');
  const [products, setProducts] = useState<Product[] | null>(null);
  const [buying, setBuying] = useState<Product | null>(null);
  useEffect(
    () =>
      void api('GET /lh/deposit/config')
        .then(setProducts)
        .catch(() => setProducts([])),
    [],
  );

  return (
    <Screen nav={false} tab>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('common:tabs.finance')}</h1>
      </header>
      <div className={styles.tabs} role="tablist">
        {(['products', 'active', 'closed'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`${styles.tab} ${tab === key ? styles.tabOn : ''}`}
            onClick={() => setTab(key)}
            data-testid={`finance-${key}`}
          >
            {t(`assets:lockup.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'products' ? (
        <div className={styles.page}>
          <p className={styles.note}>{t('assets:lockup.intro')}</p>
          {products ? products.map((product) => <ProductCard key={product.id} product={product} onBuy={() => (loggedIn.value ? setBuying(product) : askToLogIn())} />) : <Skeleton shape="card" />}
        </div>
      ) : loggedIn.value ? (
        <Orders key={tab} status={tab} />
      ) : (
        <div className={styles.page}>
          <p className={styles.empty}>{t('common:login_first')}</p>
          <Link to="/pages/common/login" className={styles.link}>
            {t('common:home.login')}
          </Link>
        </div>
      )}
      {buying && (
        <BuySheet
          product={buying}
          onClose={() => setBuying(null)}
          onBought={() => {
            setBuying(null);
            setTab('active');
          }}
        />
      )}
    </Screen>
  );
}

function ProductCard({ product, onBuy }: { product: Product; onBuy: () => void }) {
  const t = useT();
  const lang = language.value;
  return (
    <section className={styles.card} data-testid={`lockup-product-${product.id}`}>
      <div className={styles.recordHead} style={{ marginBottom: 10 }}>
        <span className={styles.recordTitle} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <CoinIcon code={product.code} size={24} />
          {t('assets:lockup.product', { coin: product.code, days: product.days })}
        </span>
        <strong className="up" style={{ fontSize: 17 }}>
          {percent(product.rate_min)} ~ {percent(product.rate_max)}
        </strong>
      </div>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('assets:lockup.daily_rate')}</span>
          <strong>{t('assets:lockup.rate_rule', { max: percent(product.rate_max), amount: formatAmount(product.full_rate_amount, lang), coin: product.code })}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('assets:lockup.minimum')}</span>
          <strong>
            {formatAmount(product.min_amount, lang)} {product.code}
          </strong>
        </div>
        <div className={styles.row}>
          <span>{t('assets:lockup.payout')}</span>
          <strong>{t('assets:lockup.payout_rule')}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('assets:lockup.penalty')}</span>
          <strong>{t('assets:lockup.penalty_rule', { rate: percent(product.penalty_rate) })}</strong>
        </div>
      </div>
      <div style={{ marginTop: 12 }}>
        <PrimaryButton onClick={onBuy} testId={`lockup-buy-${product.id}`}>
          {t('assets:lockup.buy')}
        </PrimaryButton>
      </div>
    </section>
  );
}

function BuySheet({ product, onClose, onBought }: { product: Product; onClose: () => void; onBought: () => void }) {
  const t = useT();
  const lang = language.value;
  const [amount, setAmount] = useState('');
  const [available, setAvailable] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  useEffect(() => {
    void api('POST /wallet/detail', { currency: product.currency_id, type: 'change' })
      .then((detail) => setAvailable(detail.available))
      .catch(() => undefined);
  }, [product.currency_id]);

  const parsed = parseAmount(amount, product.precision);
  const rate = parsed ? lockupDailyRate(product, parsed) : null;
  const daily = parsed && rate ? floor(parsed.times(rate), product.precision) : null;
  const now = Date.now();

  const submit = () => {
    if (!parsed) return setError(t('validation:amount_invalid'));
    if (parsed.lt(product.min_amount)) return setError(t('assets:lockup.below_minimum', { amount: formatAmount(product.min_amount, lang), coin: product.code }));
    if (available !== null && parsed.gt(available)) return setError(t('assets:lockup.over_balance'));
    setError(null);
    void run(async () => {
      await api('POST /lh/deposit', { config_id: product.id, amount });
      toast(t('assets:lockup.bought'));
      onBought();
    });
  };

  return (
    <Sheet open title={t('assets:lockup.product', { coin: product.code, days: product.days })} onClose={onClose} testId="lockup-sheet">
      <Form onSubmit={submit}>
        <Field label={t('assets:lockup.amount')} error={error} hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: product.code }) : undefined}>
          <TextInput
            name="amount"
            inputMode="decimal"
            value={amount}
            onValue={(v) => {
              setError(null);
              setAmount(cleanAmount(v, product.precision));
            }}
            placeholder={t('assets:lockup.min_placeholder', { amount: product.min_amount })}
          />
          <button type="button" className={styles.link} style={{ padding: '0 10px' }} onClick={() => available !== null && setAmount(available)}>
            {t('assets:exchange.max')}
          </button>
        </Field>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t('assets:lockup.daily_rate')}</span>
            <strong data-testid="lockup-rate">{rate ? percent(rate) : '--'}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('assets:lockup.daily_yield')}</span>
            <strong data-testid="lockup-daily">{daily ? `${formatAmount(daily.toFixed(product.precision), lang)} ${product.code}` : '--'}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('assets:lockup.total_yield')}</span>
            <strong>{daily ? `${formatAmount(daily.times(product.days).toFixed(product.precision), lang)} ${product.code}` : '--'}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('assets:lockup.first_payout')}</span>
            <strong>{formatDateTime(now + 86_400_000, lang)}</strong>
          </div>
          <div className={styles.row}>
            <span>{t('assets:lockup.ends')}</span>
            <strong>{formatDate(now + product.days * 86_400_000, lang)}</strong>
          </div>
        </div>
        <PrimaryButton type="submit" busy={busy} testId="lockup-confirm">
          {t('assets:lockup.confirm')}
        </PrimaryButton>
      </Form>
    </Sheet>
  );
}

function Orders({ status }: { status: 'active' | 'closed' }) {
  const t = useT();
  const lang = language.value;
  const list = usePaged('GET /lh/deposit/order', { status });
  const [redeeming, setRedeeming] = useState<Order | null>(null);
  const [, run] = useSubmit();
  const amount = (value: string, code: string) => `${formatAmount(value, lang)} ${code}`;

  const redeem = (order: Order) =>
    void run(async () => {
      setRedeeming(null);
      const done = await api('POST /lh/deposit/order/cancel', { id: order.id });
      toast(t('assets:lockup.redeemed', { amount: amount(returned(done), done.code) }));
      list.reload();
    });

  return (
    <>
      {!list.loading && list.items.length === 0 && <p className={styles.empty}>{t('assets:lockup.no_orders')}</p>}
      {list.items.map((order) => (
        <div key={order.id} className={styles.record} data-testid="lockup-order">
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>{amount(order.amount, order.code)}</span>
            <span className={styles.recordAmount}>{t(`assets:lockup.status.${order.status}`)}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>
              {t('assets:lockup.daily_rate')} {percent(order.daily_rate)} · {t('assets:lockup.days_paid', { paid: order.days_paid, days: order.days })}
            </span>
            <span data-testid="lockup-earned">{t('assets:lockup.earned', { amount: amount(order.earned, order.code) })}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>{order.next_payout_at ? t('assets:lockup.next_payout', { time: formatDateTime(order.next_payout_at, lang) }) : formatDateTime(order.closed_at ?? order.ends_at, lang)}</span>
            <span>{t('assets:lockup.ends_on', { date: formatDate(order.ends_at, lang) })}</span>
          </div>
          {order.status === 'redeemed' && (
            <div className={styles.recordMeta}>
              <span>{t('assets:lockup.penalty_paid', { amount: amount(order.penalty, order.code) })}</span>
            </div>
          )}
          {order.status === 'active' && (
            <button type="button" className={styles.link} style={{ alignSelf: 'flex-end' }} onClick={() => setRedeeming(order)} data-testid="lockup-redeem">
              {t('assets:lockup.redeem')}
            </button>
          )}
        </div>
      ))}
      <ListFooter {...list} />
      <ConfirmDialog
        open={redeeming !== null}
        title={t('assets:lockup.redeem')}
        message={
          redeeming
            ? t('assets:lockup.redeem_confirm', {
                penalty: amount(redeeming.penalty, redeeming.code),
                back: amount(returned(redeeming), redeeming.code),
              })
            : ''
        }
        onCancel={() => setRedeeming(null)}
        onConfirm={() => redeeming && redeem(redeeming)}
      />
    </>
  );
}
