import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { Money } from '../../../contract/money';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { FactGrid } from '../trade/shared';
import { dualAmount, termYield, type DualProduct } from './dual';
import { DualHead, DualOutcomes, DualProgress, LivePrice } from './DualParts';
import styles from './finance.module.css';
import { percent } from './format';

/** invest/purchase?id=: a dual product with the live price of its market, and buying shares of it. */
export function DualPurchaseScreen({ id }: { id: number }) {
  const t = useT();
  const { data, failed } = useLoad(() => (id > 0 ? api('GET /dual/detail', { id }) : Promise.reject(new Error('no product id'))), [id]);
  return (
    <Screen
      title={t('finance:dual.title')}
      right={
        <Link to="/pages/invest/help" data-testid="dual-help">
          {t('finance:dual.help')}
        </Link>
      }
    >
      {data ? (
        <Purchase product={data.product} price={data.price} />
      ) : failed ? (
        <p className={styles.empty}>{t('finance:dual.not_found')}</p>
      ) : (
        <div className={styles.page}>
          <Skeleton shape="facts" />
        </div>
      )}
    </Screen>
  );
}

function Purchase({ product, price }: { product: DualProduct; price: string }) {
  useSignals();
  useTickers();
  const t = useT();
  const lang = language.value;
  const navigate = useNavigate();
  const logged = loggedIn.value;
  const [shares, setShares] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [available, setAvailable] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  useEffect(() => {
    if (!logged) return;
    void api('POST /wallet/detail', { currency: product.invest_currency_id, type: 'change' })
      .then((detail) => setAvailable(detail.available))
      .catch(() => undefined);
  }, [product.invest_currency_id, logged]);

  const open = product.status === 'open' && Date.now() < product.subscribe_until;
  const num = /^\d+$/.test(shares) && Number(shares) >= 1 ? Number(shares) : null;
  const amount = num === null ? null : dualAmount(product, num);
  const amountText = (value: Money) => `${formatAmount(value.toFixed(product.invest_precision), lang)} ${product.invest_code}`;
  const affordable = available === null ? product.remaining_shares : new Money(available).div(product.unit_price).floor().toNumber();
  const most = Math.max(0, Math.min(product.remaining_shares, affordable));

  const problem = (): string | null => {
    if (num === null || amount === null) return t('validation:dual_num_invalid');
    if (num > product.remaining_shares) return t('finance:dual.over_remaining', { remaining: formatAmount(String(product.remaining_shares), lang) });
    if (available !== null && amount.gt(available)) return t('finance:over_balance');
    return null;
  };
  const submit = () => {
    if (!logged) return askToLogIn();
    const refused = problem();
    setError(refused);
    if (!refused) setConfirming(true);
  };
  const buy = () =>
    void run(async () => {
      setConfirming(false);
      if (num === null || amount === null) return;
      await api('POST /dual/buyDual', { id: product.id, num });
      toast(t('finance:dual.bought', { amount: amountText(amount) }));
      await navigate({ to: '/pages/invest/mine' });
    });

  return (
    <div className={styles.page}>
      <section className={styles.card} data-testid="dual-detail">
        <DualHead product={product} />
        <div className={styles.apr}>
          <span className={styles.aprLabel}>{t('finance:dual.apr')}</span>
          <span className={`${styles.aprValue} up`} data-testid="dual-apr">
            {percent(product.apr, lang, 2)}
          </span>
        </div>
        <FactGrid
          facts={[
            [t('finance:dual.linked_price'), formatAmount(product.linked_price, lang), 'dual-linked'],
            [t('finance:dual.price_now'), <LivePrice key="price" product={product} fallback={price} />],
            [t('finance:dual.term'), t('finance:dual.days', { count: product.days })],
            [t('finance:dual.unit'), `${formatAmount(product.unit_price, lang)} ${product.invest_code}`, 'dual-unit'],
            [t('finance:dual.buy_until'), formatDateTime(product.subscribe_until, lang)],
            [t('finance:dual.maturity'), formatDateTime(product.maturity_at, lang)],
          ]}
        />
        <DualProgress product={product} />
      </section>

      {open ? (
        <section className={styles.formCard}>
          <Form onSubmit={submit}>
            <Field
              label={t('finance:dual.shares')}
              error={error}
              hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: product.invest_code }) : undefined}
            >
              <TextInput
                name="shares"
                inputMode="numeric"
                value={shares}
                onValue={(value) => {
                  setError(null);
                  setShares(cleanAmount(value, 0));
                }}
                placeholder={t('finance:dual.shares_placeholder', { max: formatAmount(String(product.remaining_shares), lang) })}
              />
              <button type="button" className={styles.link} style={{ padding: '0 10px' }} disabled={most < 1} onClick={() => setShares(String(most))}>
                {t('assets:exchange.max')}
              </button>
            </Field>
            <div className={styles.rows}>
              <div className={styles.row}>
                <span>{t('finance:dual.amount')}</span>
                <strong data-testid="dual-amount">{amount ? amountText(amount) : '--'}</strong>
              </div>
              <div className={styles.row}>
                <span>{t('finance:dual.term_yield')}</span>
                <strong>{percent(termYield(product), lang, 4)}</strong>
              </div>
            </div>
            {available !== null && amount !== null && amount.gt(available) && (
              <Link to="/pages/fund/transfer" className={styles.link} data-testid="dual-get-coin">
                {t('finance:dual.get_coin', { coin: product.invest_code })}
              </Link>
            )}
            <h2 className={styles.sectionTitle}>{t('finance:dual.outcomes')}</h2>
            {amount ? <DualOutcomes product={product} amount={amount} price={price} /> : <p className={styles.small}>{t('finance:dual.outcomes_hint')}</p>}
            <p className={styles.small}>{t('finance:dual.settle_rule', { symbol: product.symbol })}</p>
            <PrimaryButton type="submit" busy={busy} testId="dual-buy">
              {t('finance:dual.buy')}
            </PrimaryButton>
          </Form>
        </section>
      ) : (
        <p className={styles.warning} data-testid="dual-not-open">
          {t('finance:dual.not_open')}
        </p>
      )}
      <p className={styles.small}>{t('finance:paper')}</p>

      <ConfirmDialog
        open={confirming && amount !== null}
        title={t('finance:dual.confirm_title')}
        message={
          amount && (
            <div className={styles.outcomes}>
              <span>
                {t('finance:dual.confirm', {
                  amount: amountText(amount),
                  shares: num ?? 0,
                  symbol: product.symbol,
                  type: t(`finance:dual.types.${product.type}`),
                  date: formatDateTime(product.maturity_at, lang),
                })}
              </span>
              <DualOutcomes product={product} amount={amount} />
            </div>
          )
        }
        onCancel={() => setConfirming(false)}
        onConfirm={buy}
      />
    </div>
  );
}
