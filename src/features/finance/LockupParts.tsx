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
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { CoinIcon } from '../../ui/CoinIcon';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import styles from '../assets/assets.module.css';
import finance from './finance.module.css';
import { percent } from './format';

/**
 * Lock-up mining's parts, shared by the finance tab and the lockming screens: the
 * products (each with its daily rate range, term, minimum and early-redemption penalty),
 * the buy form that shows the rate and yield of the amount typed (the server's own rule,
 * contract/lockup.ts), and the user's orders with early redemption after a confirmation
 * that names the penalty.
 */
export type LockupProduct = ApiOutput<'GET /lh/deposit/config'>[number];
type Order = ApiOutput<'GET /lh/deposit/order'>['data'][number];

/** What comes back of an order after the penalty, at the order's own decimals. */
const returned = (order: Order) => new Money(order.amount).minus(order.penalty).toFixed(order.amount.split('.')[1]?.length ?? 0);

/** The products, read once per screen (and again when the language changes). */
export function useLockupProducts() {
  return useLoad(() => api('GET /lh/deposit/config'));
}

/** The product list with its buy sheet; `onBought` after a purchase (the caller shows the orders). */
export function LockupProducts({ onBought }: { onBought: () => void }) {
  useSignals();
  const t = useT();
  const { data: products, failed } = useLockupProducts();
  const [buying, setBuying] = useState<LockupProduct | null>(null);
  return (
    <div className={styles.page}>
      <p className={styles.note}>
        {t('finance:lockup.intro')}{' '}
        <Link to="/pages/lockming/welcome" className={finance.inlineLink} data-testid="lockup-how">
          {t('finance:lockup.how')}
        </Link>
      </p>
      {products ? (
        products.map((product) => <LockupProductCard key={product.id} product={product} onBuy={() => (loggedIn.value ? setBuying(product) : askToLogIn())} />)
      ) : failed ? null : (
        <Skeleton shape="card" />
      )}
      {buying && (
        <Sheet open title={t('finance:lockup.product', { coin: buying.code, days: buying.days })} onClose={() => setBuying(null)} testId="lockup-sheet">
          <LockupBuyForm
            product={buying}
            onBought={() => {
              setBuying(null);
              onBought();
            }}
          />
        </Sheet>
      )}
    </div>
  );
}

export function LockupProductCard({ product, onBuy }: { product: LockupProduct; onBuy?: () => void }) {
  const t = useT();
  const lang = language.value;
  return (
    <section className={styles.card} data-testid={`lockup-product-${product.id}`}>
      <div className={styles.recordHead} style={{ marginBottom: 10 }}>
        <span className={styles.recordTitle} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <CoinIcon code={product.code} size={24} />
          {t('finance:lockup.product', { coin: product.code, days: product.days })}
        </span>
        <strong className="up" style={{ fontSize: 17 }}>
          {percent(product.rate_min, lang)} ~ {percent(product.rate_max, lang)}
        </strong>
      </div>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('finance:lockup.daily_rate')}</span>
          <strong>{t('finance:lockup.rate_rule', { max: percent(product.rate_max, lang), amount: formatAmount(product.full_rate_amount, lang), coin: product.code })}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.minimum')}</span>
          <strong>
            {formatAmount(product.min_amount, lang)} {product.code}
          </strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.payout')}</span>
          <strong>{t('finance:lockup.payout_rule')}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.penalty')}</span>
          <strong>{t('finance:lockup.penalty_rule', { rate: percent(product.penalty_rate, lang) })}</strong>
        </div>
      </div>
      {onBuy && (
        <div style={{ marginTop: 12 }}>
          <PrimaryButton onClick={onBuy} testId={`lockup-buy-${product.id}`}>
            {t('finance:lockup.buy')}
          </PrimaryButton>
        </div>
      )}
    </section>
  );
}

/** The amount to lock, what it would earn, and the purchase. */
export function LockupBuyForm({ product, onBought }: { product: LockupProduct; onBought: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const logged = loggedIn.value;
  const [amount, setAmount] = useState('');
  const [available, setAvailable] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  useEffect(() => {
    if (!logged) return;
    void api('POST /wallet/detail', { currency: product.currency_id, type: 'change' })
      .then((detail) => setAvailable(detail.available))
      .catch(() => undefined);
  }, [product.currency_id, logged]);

  const parsed = parseAmount(amount, product.precision);
  const rate = parsed ? lockupDailyRate(product, parsed) : null;
  const daily = parsed && rate ? floor(parsed.times(rate), product.precision) : null;
  const now = Date.now();

  const submit = () => {
    if (!logged) return askToLogIn();
    if (!parsed) return setError(t('validation:amount_invalid'));
    if (parsed.lt(product.min_amount)) return setError(t('finance:lockup.below_minimum', { amount: formatAmount(product.min_amount, lang), coin: product.code }));
    if (available !== null && parsed.gt(available)) return setError(t('finance:over_balance'));
    setError(null);
    void run(async () => {
      await api('POST /lh/deposit', { config_id: product.id, amount });
      toast(t('finance:lockup.bought'));
      onBought();
    });
  };

  return (
    <Form onSubmit={submit}>
      <Field label={t('finance:lockup.amount')} error={error} hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: product.code }) : undefined}>
        <TextInput
          name="amount"
          inputMode="decimal"
          value={amount}
          onValue={(v) => {
            setError(null);
            setAmount(cleanAmount(v, product.precision));
          }}
          placeholder={t('finance:lockup.min_placeholder', { amount: product.min_amount })}
        />
        <button type="button" className={styles.link} style={{ padding: '0 10px' }} onClick={() => available !== null && setAmount(available)}>
          {t('assets:exchange.max')}
        </button>
      </Field>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('finance:lockup.daily_rate')}</span>
          <strong data-testid="lockup-rate">{rate ? percent(rate, lang) : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.daily_yield')}</span>
          <strong data-testid="lockup-daily">{daily ? `${formatAmount(daily.toFixed(product.precision), lang)} ${product.code}` : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.total_yield')}</span>
          <strong>{daily ? `${formatAmount(daily.times(product.days).toFixed(product.precision), lang)} ${product.code}` : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.first_payout')}</span>
          <strong>{formatDateTime(now + 86_400_000, lang)}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:lockup.ends')}</span>
          <strong>{formatDate(now + product.days * 86_400_000, lang)}</strong>
        </div>
      </div>
      <PrimaryButton type="submit" busy={busy} testId="lockup-confirm">
        {t('finance:lockup.confirm')}
      </PrimaryButton>
    </Form>
  );
}

/** The user's lock-up orders of one status, with early redemption of those in progress. */
export function LockupOrders({ status }: { status: 'active' | 'closed' }) {
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
      toast(t('finance:lockup.redeemed', { amount: amount(returned(done), done.code) }));
      list.reload();
    });

  return (
    <>
      {!list.loading && list.items.length === 0 && <p className={styles.empty}>{t('finance:lockup.no_orders')}</p>}
      {list.items.map((order) => (
        <div key={order.id} className={styles.record} data-testid="lockup-order">
          <div className={styles.recordHead}>
            <span className={styles.recordTitle}>{amount(order.amount, order.code)}</span>
            <span className={styles.recordAmount}>{t(`finance:lockup.status.${order.status}`)}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>
              {t('finance:lockup.daily_rate')} {percent(order.daily_rate, lang)} · {t('finance:lockup.days_paid', { paid: order.days_paid, days: order.days })}
            </span>
            <span data-testid="lockup-earned">{t('finance:lockup.earned', { amount: amount(order.earned, order.code) })}</span>
          </div>
          <div className={styles.recordMeta}>
            <span>{order.next_payout_at ? t('finance:lockup.next_payout', { time: formatDateTime(order.next_payout_at, lang) }) : formatDateTime(order.closed_at ?? order.ends_at, lang)}</span>
            <span>{t('finance:lockup.ends_on', { date: formatDate(order.ends_at, lang) })}</span>
          </div>
          {order.status === 'redeemed' && (
            <div className={styles.recordMeta}>
              <span>{t('finance:lockup.penalty_paid', { amount: amount(order.penalty, order.code) })}</span>
            </div>
          )}
          {order.status === 'active' && (
            <button type="button" className={styles.link} style={{ alignSelf: 'flex-end' }} onClick={() => setRedeeming(order)} data-testid="lockup-redeem">
              {t('finance:lockup.redeem')}
            </button>
          )}
        </div>
      ))}
      {(list.loading || list.items.length > 0) && <ListFooter {...list} />}
      <ConfirmDialog
        open={redeeming !== null}
        title={t('finance:lockup.redeem')}
        message={
          redeeming
            ? t('finance:lockup.redeem_confirm', {
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
