import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { floor, Money } from '../../../contract/money';
import { priceBand, priceTicks, quantityLots, smallestOrder } from '../../../contract/order-rules';
import type { MarketInfo, SpotOrderView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { loggedIn } from '../../app/session';
import { ordersVersion } from '../../core/account';
import { useMarketWatch } from '../../core/hooks';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { formatAmount, formatFixed, formatDateTime } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { toast } from '../../ui/toast';
import { AvailableLine, Details, FactGrid, LoginToTrade, NumberBox, OrderHead, TypeAndPrice } from './shared';
import { MiniBook } from './MiniBook';
import { PercentSlider } from './PercentSlider';
import styles from './trade.module.css';
import { useRequestIds } from '../../lib/requestId';

type Side = 'buy' | 'sell';

/** Spot: buy or sell a coin against USDT with a limit or market order, beside the book. */
export function SpotPanel({ market, initialSide = 'buy' }: { market: MarketInfo; initialSide?: Side }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  useMarketWatch(market.id);
  const quote = quoteOf(market.id);
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<'limit' | 'market'>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  /** a market buy by what it spends: the quote to spend, at most */
  const [entry, setEntry] = useState<'amount' | 'total'>('amount');
  const [spend, setSpend] = useState('');
  /** the slider's share while it fills the field; null once the field is typed in */
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ price?: string; amount?: string }>({});
  const [info, setInfo] = useState<ApiOutput<'GET /coin/info'> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const version = ordersVersion.value;
  const pricePending = useRef(true);

  const load = useCallback(() => {
    if (!logged) return;
    void api('GET /coin/info', { currency_id: market.currencyId, legal_id: market.legalId }, { silent: true })
      .then(setInfo)
      .catch(() => undefined);
  }, [logged, market.currencyId, market.legalId]);
  useEffect(load, [load, version]);

  useEffect(() => {
    pricePending.current = true;
    setPrice('');
    setAmount('');
    setSpend('');
    setPercent(null);
    setErrors({});
  }, [market.id]);
  // The price starts at the last trade once it is known.
  useSignalEffect(() => {
    const last = quote?.last.value ?? Number.NaN;
    if (pricePending.current && last > 0) {
      pricePending.current = false;
      setPrice(last.toFixed(market.pricePrecision));
    }
  });

  const lang = language.value;
  const last = quote?.last.peek() ?? Number.NaN;
  const decimalsQuote = info?.quote_precision ?? 6;
  const byTotal = type === 'market' && side === 'buy' && entry === 'total';
  const available = info ? (side === 'buy' ? info.quote_available : info.base_available) : null;
  const unitPrice = type === 'limit' ? Number(price) : last;
  const total = Number(amount) > 0 && unitPrice > 0 ? Number(amount) * unitPrice : Number.NaN;
  /** what a total buys at the last price: an estimate, the book decides */
  const estimate = Number(spend) > 0 && last > 0 ? Math.floor((Number(spend) / last) * 10 ** market.qtyPrecision) / 10 ** market.qtyPrecision : Number.NaN;

  // The slider shows the share of the available balance the field takes.
  const typedShare = (() => {
    const have = Number(available);
    if (!(have > 0)) return 0;
    const used = byTotal ? Number(spend) : side === 'sell' ? Number(amount) : total;
    return Number.isFinite(used) ? (used / have) * 100 : 0;
  })();
  const fillPercent = (share: number) => {
    setPercent(share);
    setErrors(({ amount: _, ...rest }) => rest);
    if (!available) return;
    const part = new Money(available).times(share).div(100);
    if (byTotal) setSpend(share > 0 ? floor(part, decimalsQuote).toFixed() : '');
    else if (side === 'sell') setAmount(share > 0 ? floor(part, market.qtyPrecision).toFixed(market.qtyPrecision) : '');
    else if (unitPrice > 0) setAmount(share > 0 ? floor(part.div(unitPrice), market.qtyPrecision).toFixed(market.qtyPrecision) : '');
  };

  /**
   * The checks the exchange makes, made here first so a mistake is named next to its
   * field before anything is sent: the same order rules (contract/order-rules.ts) for the
   * price and quantity steps, the price band around the last trade and the smallest
   * order value, then the balance (a market buy is valued at the last price; the server
   * has the last word, at the price it actually fills).
   */
  const review = () => {
    if (byTotal) return reviewTotal();
    const found: { price?: string; amount?: string } = {};
    const typedPrice = type === 'limit' ? typedAmount(price) : null;
    const limitPrice = typedPrice && priceTicks(typedPrice, market.pricePrecision).ok ? typedPrice : null;
    const typedQuantity = typedAmount(amount);
    const quantity = typedQuantity && quantityLots(typedQuantity, market.qtyPrecision, market.base).ok ? typedQuantity : null;
    const reference = last > 0 ? new Money(last.toFixed(market.pricePrecision)) : info ? new Money(info.last) : null;
    if (type === 'limit' && !limitPrice) found.price = t('validation:price_invalid');
    else if (limitPrice && info && reference?.gt(0)) {
      const band = priceBand(limitPrice, reference, info.price_band, market.pricePrecision);
      if (!band.ok) found.price = t('trade:checks.price_band', { low: formatAmount(band.params.low, lang), high: formatAmount(band.params.high, lang) });
    }
    if (!quantity) found.amount = t('validation:amount_invalid');
    else if (info && !found.price) {
      const valuedAt = limitPrice ?? reference;
      const value = valuedAt ? quantity.times(valuedAt) : null;
      const worth = valuedAt ? smallestOrder(quantity, valuedAt, info.min_notional, market.quote) : null;
      if (worth && !worth.ok) found.amount = t('trade:checks.order_too_small', { amount: formatAmount(worth.params.amount, lang), currency: worth.params.currency });
      else if (side === 'sell' ? quantity.gt(info.base_available) : value?.gt(info.quote_available)) found.amount = t('trade:checks.insufficient_balance');
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  /** A market buy by total: a quote amount at its decimals, worth the smallest order, within the balance. */
  const reviewTotal = () => {
    const typed = typedAmount(spend);
    let error: string | undefined;
    if (!typed || typed.decimalPlaces() > decimalsQuote) error = t('validation:total_invalid');
    else if (info && typed.lt(info.min_notional)) error = t('trade:checks.order_too_small', { amount: formatAmount(info.min_notional, lang), currency: market.quote });
    else if (info && typed.gt(info.quote_available)) error = t('trade:checks.insufficient_balance');
    setErrors(error ? { amount: error } : {});
    if (!error) setConfirming(true);
  };

  const place = () =>
    run(async () => {
      setConfirming(false);
      const body = {
        currency_id: market.currencyId,
        legal_id: market.legalId,
        type: side,
        ...(byTotal ? { total: spend } : { amount }),
        ...(type === 'limit' ? { target_price: price } : {}),
      };
      // Sent again after a lost answer, the same order is placed once.
      const order = await api('POST /coin/trade', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(
        order.status === 'filled'
          ? t('trade:filled', {
              amount: order.filled,
              base: market.base,
              price: order.average ?? '',
            })
          : t('trade:placed'),
      );
      setAmount('');
      setSpend('');
      setPercent(null);
      load();
    });

  const fee = info ? new Money(info.fee_rate).times(new Money(1).minus(info.fee_discount)).times(100).toFixed() : null;

  return (
    <>
      <div className={styles.layout}>
        {logged ? (
          <div className={styles.formCol}>
            <div className={styles.sideToggle} role="tablist">
              {(['buy', 'sell'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={side === key}
                  className={`${styles.sideButton} ${side === key ? (key === 'buy' ? styles.sideBuy : styles.sideSell) : ''}`}
                  onClick={() => setSide(key)}
                  data-testid={`spot-side-${key}`}
                >
                  {t(`trade:${key}`)}
                </button>
              ))}
            </div>
            <TypeAndPrice
              types={['limit', 'market']}
              type={type}
              onType={setType}
              price={price}
              onPrice={(v) => {
                setPrice(v);
                setErrors(({ price: _, ...rest }) => rest);
              }}
              market={market}
              error={errors.price}
              marketLabel={t('trade:market_price')}
              testPrefix="spot"
            />
            {type === 'market' && side === 'buy' && (
              <div className={styles.entryToggle} role="radiogroup" aria-label={t('trade:enter_by')}>
                {(['amount', 'total'] as const).map((key) => (
                  <button
                    key={key}
                    type="button"
                    role="radio"
                    aria-checked={entry === key}
                    className={`${styles.entryOption} ${entry === key ? styles.entryOn : ''}`}
                    onClick={() => {
                      setEntry(key);
                      setPercent(null);
                      setErrors(({ amount: _, ...rest }) => rest);
                    }}
                    data-testid={`spot-by-${key}`}
                  >
                    {t(`trade:${key}`, { currency: key === 'amount' ? market.base : market.quote })}
                  </button>
                ))}
              </div>
            )}
            {byTotal ? (
              <NumberBox
                value={spend}
                onValue={(v) => {
                  setSpend(cleanAmount(v, decimalsQuote));
                  setPercent(null);
                  setErrors(({ amount: _, ...rest }) => rest);
                }}
                placeholder={t('trade:total', { currency: market.quote })}
                step={1}
                decimals={decimalsQuote}
                invalid={Boolean(errors.amount)}
                testId="spot-spend"
              />
            ) : (
              <NumberBox
                value={amount}
                onValue={(v) => {
                  setAmount(cleanAmount(v, market.qtyPrecision));
                  setPercent(null);
                  setErrors(({ amount: _, ...rest }) => rest);
                }}
                placeholder={t('trade:amount', { currency: market.base })}
                step={10 ** -market.qtyPrecision}
                decimals={market.qtyPrecision}
                invalid={Boolean(errors.amount)}
                testId="spot-amount"
              />
            )}
            {errors.amount && (
              <p className={styles.fieldError} role="alert">
                {errors.amount}
              </p>
            )}
            <PercentSlider value={percent ?? typedShare} onValue={fillPercent} label={t('trade:percent_of_available')} testId="spot-percent" />
            {byTotal ? (
              <div className={styles.line}>
                <span>{t('trade:estimated_amount', { currency: market.base })}</span>
                <strong data-testid="spot-estimate">{Number.isFinite(estimate) ? `≈ ${formatFixed(estimate, market.qtyPrecision, lang)}` : '--'}</strong>
              </div>
            ) : (
              <div className={styles.line}>
                <span>{t('trade:total', { currency: market.quote })}</span>
                <strong data-testid="spot-total">
                  {type === 'market' && Number.isFinite(total) ? '≈ ' : ''}
                  {formatFixed(total, decimalsQuote, lang)}
                </strong>
              </div>
            )}
            <AvailableLine amount={available} currency={side === 'buy' ? market.quote : market.base} testId="spot-available" />
            <PrimaryButton variant={side} busy={busy} onClick={review} testId="spot-submit">
              {t(side === 'buy' ? 'trade:buy_base' : 'trade:sell_base', {
                base: market.base,
              })}
            </PrimaryButton>
            {fee && <p className={styles.note}>{t('trade:fee_note', { rate: fee })}</p>}
            {market.kind === 'stock' && (
              <p className={styles.note} data-testid="spot-usd-note">
                {t('trade:spot_usd_note', { quote: market.quote })}{' '}
                <Link to="/pages/fund/transfer" search={{}}>
                  {t('trade:spot_usd_convert')}
                </Link>
              </p>
            )}
          </div>
        ) : (
          <LoginToTrade />
        )}
        <MiniBook market={market} onPrice={(value) => type === 'limit' && setPrice(value)} />
      </div>
      {logged && <OpenSpotOrders market={market} version={version} onChange={load} />}
      <ConfirmDialog
        open={confirming}
        title={t('trade:confirm.spot_title')}
        message={
          <Details
            rows={[
              [t('trade:confirm.market'), market.symbol],
              [t('trade:confirm.side'), <span className={side === 'buy' ? 'up' : 'down'}>{t(`trade:${side}`)}</span>],
              [t('trade:confirm.type'), t(`trade:${type}`)],
              [t('trade:confirm.price'), type === 'limit' ? formatFixed(Number(price), market.pricePrecision, lang) : t('trade:confirm.at_market')],
              byTotal ? [t('trade:confirm.amount'), `≈ ${formatFixed(estimate, market.qtyPrecision, lang)} ${market.base}`] : [t('trade:confirm.amount'), `${amount} ${market.base}`],
              byTotal
                ? [t('trade:confirm.total'), `${formatAmount(spend, lang)} ${market.quote}`]
                : [t('trade:confirm.total'), `${type === 'market' ? '≈ ' : ''}${formatFixed(total, decimalsQuote, lang)} ${market.quote}`],
              ...(fee ? [[t('trade:confirm.fee'), `${fee}%`] as const] : []),
            ]}
          />
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => void place()}
      />
    </>
  );
}

/** The user's open orders in this market, with cancel; they follow order events. */
function OpenSpotOrders({ market, version, onChange }: { market: MarketInfo; version: number; onChange: () => void }) {
  const t = useT();
  const [orders, setOrders] = useState<SpotOrderView[]>([]);
  const [busy, run] = useSubmit();
  const load = useCallback(() => {
    void api(
      'GET /coin/list',
      {
        status: 'open',
        currency_id: market.currencyId,
        legal_id: market.legalId,
        limit: 20,
      },
      { silent: true },
    )
      .then((page) => setOrders(page.data))
      .catch(() => undefined);
  }, [market.currencyId, market.legalId]);
  useEffect(load, [load, version]);

  const cancel = (id: number) =>
    run(async () => {
      await api('POST /coin/cancel', { id });
      toast(t('trade:orders.cancelled'));
      load();
      onChange();
    });

  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
          {t('trade:orders.open')} ({orders.length})
        </span>
        <Link to="/pages/transaction/currency_order" className={styles.sectionAction}>
          {t('trade:orders.all')}
        </Link>
      </div>
      {orders.length === 0 && <p className={styles.empty}>{t('trade:orders.none')}</p>}
      {orders.map((order) => (
        <SpotOrderRow key={order.id} order={order} pricePrecision={market.pricePrecision}>
          <button type="button" className={styles.small} disabled={busy} onClick={() => void cancel(order.id)} data-testid={`cancel-order-${order.id}`}>
            {t('trade:orders.cancel')}
          </button>
        </SpotOrderRow>
      ))}
    </section>
  );
}

/** One spot order: side, type, price, amount and how much of it filled. */
export function SpotOrderRow({ order, pricePrecision, children }: { order: SpotOrderView; pricePrecision: number; children?: ReactNode }) {
  const t = useT();
  const lang = language.value;
  return (
    <div className={styles.order} data-testid="spot-order">
      <OrderHead up={order.side === 'buy'} side={t(`trade:${order.side}`)} symbol={order.symbol} tag={t(`trade:${order.type}`)}>
        {order.status !== 'open' && (
          <span className={styles.orderStatus} data-testid="order-status">
            {t(`trade:orders.status.${order.status}`)}
          </span>
        )}
        <span className={styles.orderTime}>{formatDateTime(order.created_at, lang)}</span>
      </OrderHead>
      <FactGrid
        facts={[
          [t('trade:orders.price'), order.price ? formatFixed(Number(order.price), pricePrecision, lang) : t('trade:market')],
          [t('trade:orders.filled'), `${formatAmount(order.filled, lang)} / ${formatAmount(order.amount, lang)}`, 'order-filled'],
          [t('trade:orders.average'), order.average ? formatFixed(Number(order.average), pricePrecision, lang) : '--', 'order-average'],
        ]}
      />
      {children && <div className={styles.rowActions}>{children}</div>}
    </div>
  );
}
