import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { floor, Money } from '../../../contract/money';
import { ocoPrices, priceBand, priceTicks, quantityLots, smallestOrder, triggerSide } from '../../../contract/order-rules';
import type { MarketInfo, SpotOrderView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { loggedIn } from '../../app/session';
import { ordersVersion } from '../../core/account';
import { useMarketWatch } from '../../core/hooks';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { formatAmount, formatClock, formatFixed, formatDateTime } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { OrdersPaused, usePricesPaused } from '../market/FeedNotice';
import { Segmented } from '../../ui/Segmented';
import { toast } from '../../ui/toast';
import { AvailableLine, Details, FactGrid, LoginToTrade, NumberBox, orderKindLabel, OrderHead, priceText, TypeAndPrice, type OrderKind } from './shared';
import { MiniBook } from './MiniBook';
import { PercentSlider } from './PercentSlider';
import styles from './trade.module.css';
import { useRequestIds } from '../../lib/requestId';

type Side = 'buy' | 'sell';
type FieldErrors = { price?: string; trigger?: string; stop?: string; amount?: string };

const SPOT_KINDS = ['limit', 'market', 'stop_limit', 'oco'] as const satisfies readonly OrderKind[];

/**
 * Spot: buy or sell a coin against USDT beside the book, with a limit or market order, a
 * stop-limit (a limit order placed when a trade reaches its trigger) or an OCO (a
 * take-profit limit and a stop-limit on one amount: one cancels the other).
 */
export function SpotPanel({ market, initialSide = 'buy' }: { market: MarketInfo; initialSide?: Side }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  useMarketWatch(market.id);
  const quote = quoteOf(market.id);
  const paused = usePricesPaused(market);
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  /** a stop-limit's or an OCO's trigger, and an OCO's stop limit */
  const [trigger, setTrigger] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [amount, setAmount] = useState('');
  /** a market buy by what it spends: the quote to spend, at most */
  const [entry, setEntry] = useState<'amount' | 'total'>('amount');
  const [spend, setSpend] = useState('');
  /** the slider's share while it fills the field; null once the field is typed in */
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
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
    setTrigger('');
    setStopPrice('');
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
  const stops = type === 'stop_limit' || type === 'oco';
  // What a unit costs at most: a buy OCO freezes at the higher of its two limits.
  const unitPrice = type === 'market' ? last : type === 'oco' && side === 'buy' ? Math.max(Number(price), Number(stopPrice) || 0) : Number(price);
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
    const found: FieldErrors = {};
    // A correct price (a positive decimal in the market's step), or null.
    const priceOf = (typed: string) => {
      const value = typedAmount(typed);
      return value && priceTicks(value, market.pricePrecision).ok ? value : null;
    };
    const limitPrice = type !== 'market' ? priceOf(price) : null;
    const triggerPrice = stops ? priceOf(trigger) : null;
    const stopLimit = type === 'oco' ? priceOf(stopPrice) : null;
    const typedQuantity = typedAmount(amount);
    const quantity = typedQuantity && quantityLots(typedQuantity, market.qtyPrecision, market.base).ok ? typedQuantity : null;
    const reference = last > 0 ? new Money(last.toFixed(market.pricePrecision)) : info ? new Money(info.last) : null;
    const inBand = (value: Money | null, field: 'price' | 'trigger' | 'stop') => {
      if (!value || !info || !reference?.gt(0) || found[field]) return;
      const band = priceBand(value, reference, info.price_band, market.pricePrecision);
      if (!band.ok) found[field] = t('trade:checks.price_band', { low: formatAmount(band.params.low, lang), high: formatAmount(band.params.high, lang) });
    };
    if (type !== 'market' && !limitPrice) found.price = t('validation:price_invalid');
    if (stops && !triggerPrice) found.trigger = t('validation:price_invalid');
    if (type === 'oco' && !stopLimit) found.stop = t('validation:price_invalid');
    inBand(limitPrice, 'price');
    inBand(triggerPrice, 'trigger');
    inBand(stopLimit, 'stop');
    // The trigger on the right side of the last price; an OCO's take profit on the other.
    if (triggerPrice && reference && !found.trigger && !found.price) {
      const sideOf = side === 'buy' ? 1 : -1;
      const sides = type === 'oco' && limitPrice ? ocoPrices(sideOf, limitPrice, triggerPrice, reference, market.pricePrecision) : triggerSide(sideOf, triggerPrice, reference, market.pricePrecision);
      if (!sides.ok)
        found[sides.key === 'trigger_above' || sides.key === 'trigger_below' ? 'trigger' : 'price'] = t(`trade:advanced.checks.${sides.key}`, { price: formatAmount(sides.params.price, lang) });
    }
    if (!quantity) found.amount = t('validation:amount_invalid');
    else if (info && !found.price && !found.stop) {
      // Valued at its lowest limit for the smallest order, frozen at its highest.
      const limits = [limitPrice, stopLimit].filter((value): value is Money => value !== null);
      const lowest = limits.length > 0 ? Money.min(...limits) : reference;
      const highest = limits.length > 0 ? Money.max(...limits) : reference;
      const worth = lowest ? smallestOrder(quantity, lowest, info.min_notional, market.quote) : null;
      if (worth && !worth.ok) found.amount = t('trade:checks.order_too_small', { amount: formatAmount(worth.params.amount, lang), currency: worth.params.currency });
      else if (side === 'sell' ? quantity.gt(info.base_available) : highest?.times(quantity).gt(info.quote_available)) found.amount = t('trade:checks.insufficient_balance');
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
        order_type: type,
        ...(byTotal ? { total: spend } : { amount }),
        ...(type !== 'market' ? { target_price: price } : {}),
        ...(stops ? { trigger_price: trigger } : {}),
        ...(type === 'oco' ? { stop_limit_price: stopPrice } : {}),
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
      setTrigger('');
      setStopPrice('');
      setAmount('');
      setSpend('');
      setPercent(null);
      load();
    });

  const fee = info ? new Money(info.fee_rate).times(new Money(1).minus(info.fee_discount)).times(100).toFixed() : null;
  // The trigger price, asked by a stop-limit (beside its limit) and an OCO (under its take-profit).
  const triggerField = (
    <PriceField
      value={trigger}
      onValue={(v) => {
        setTrigger(cleanAmount(v, market.pricePrecision));
        setErrors(({ trigger: _, ...rest }) => rest);
      }}
      placeholder={t('trade:advanced.trigger_price', { currency: market.quote })}
      decimals={market.pricePrecision}
      error={errors.trigger}
      testId="spot-trigger"
    />
  );

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
              types={SPOT_KINDS}
              type={type}
              onType={(kind) => {
                setType(kind);
                setErrors({});
              }}
              price={price}
              onPrice={(v) => {
                setPrice(v);
                setErrors(({ price: _, ...rest }) => rest);
              }}
              market={market}
              error={errors.price}
              marketLabel={t('trade:market_price')}
              testPrefix="spot"
              priceLabel={
                type === 'stop_limit'
                  ? t('trade:advanced.limit_price', { currency: market.quote })
                  : type === 'oco'
                    ? t(side === 'sell' ? 'trade:advanced.take_profit_price' : 'trade:advanced.limit_price', { currency: market.quote })
                    : undefined
              }
            >
              {type === 'stop_limit' && triggerField}
            </TypeAndPrice>
            {type === 'oco' && (
              <>
                {triggerField}
                <PriceField
                  value={stopPrice}
                  onValue={(v) => {
                    setStopPrice(cleanAmount(v, market.pricePrecision));
                    setErrors(({ stop: _, ...rest }) => rest);
                  }}
                  placeholder={t('trade:advanced.stop_limit_price', { currency: market.quote })}
                  decimals={market.pricePrecision}
                  error={errors.stop}
                  testId="spot-stop-price"
                />
              </>
            )}
            {type === 'market' && side === 'buy' && (
              <Segmented
                label={t('trade:enter_by')}
                value={entry}
                options={[
                  { value: 'amount', label: t('trade:amount', { currency: market.base }) },
                  { value: 'total', label: t('trade:total', { currency: market.quote }) },
                ]}
                onChange={(key) => {
                  setEntry(key);
                  setPercent(null);
                  setErrors(({ amount: _, ...rest }) => rest);
                }}
                testId="spot-by"
              />
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
            {paused && <OrdersPaused info={market} className={styles.note} />}
            <PrimaryButton variant={side} busy={busy} disabled={paused} onClick={review} testId="spot-submit">
              {t(side === 'buy' ? 'trade:buy_base' : 'trade:sell_base', {
                base: market.base,
              })}
            </PrimaryButton>
            {stops && (
              <p className={styles.note} data-testid="spot-stop-note">
                {type === 'oco'
                  ? t('trade:advanced.oco_note')
                  : t(side === 'buy' ? 'trade:advanced.stop_note_buy' : 'trade:advanced.stop_note_sell', {
                      trigger: trigger ? formatAmount(trigger, lang) : '--',
                      price: price ? formatAmount(price, lang) : '--',
                    })}{' '}
                {t('trade:advanced.frozen_note')}
              </p>
            )}
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
          <LoginToTrade market={market} />
        )}
        <MiniBook market={market} onPrice={(value) => type !== 'market' && setPrice(value)} />
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
              [t('trade:confirm.type'), orderKindLabel(t, type)],
              ...(stops ? [[t('trade:advanced.trigger'), formatFixed(Number(trigger), market.pricePrecision, lang)] as const] : []),
              [
                type === 'oco' && side === 'sell' ? t('trade:advanced.take_profit') : t('trade:confirm.price'),
                type !== 'market' ? formatFixed(Number(price), market.pricePrecision, lang) : t('trade:confirm.at_market'),
              ],
              ...(type === 'oco' ? [[t('trade:advanced.stop'), formatFixed(Number(stopPrice), market.pricePrecision, lang)] as const] : []),
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
/** A price box of the order form, with its error under it. */
function PriceField({
  value,
  onValue,
  placeholder,
  decimals,
  error,
  testId,
}: {
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
  decimals: number;
  error: string | undefined;
  testId: string;
}) {
  return (
    <>
      <NumberBox value={value} onValue={onValue} placeholder={placeholder} step={10 ** -decimals} decimals={decimals} invalid={Boolean(error)} testId={testId} labelled />
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

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

/** One spot order: side, type, price, amount and how much of it filled; a stop's trigger and the trade that decided it. */
export function SpotOrderRow({ order, pricePrecision, children }: { order: SpotOrderView; pricePrecision: number; children?: ReactNode }) {
  const t = useT();
  const lang = language.value;
  const trigger = order.trigger;
  // A buy stop triggers at or above its price, a sell stop at or below.
  const triggerText = trigger ? `${order.side === 'buy' ? '≥' : '≤'} ${formatFixed(Number(trigger.price), pricePrecision, lang)} → ${formatFixed(Number(trigger.limit), pricePrecision, lang)}` : null;
  const decided = trigger?.tick;
  return (
    <div className={styles.order} data-testid="spot-order">
      <OrderHead up={order.side === 'buy'} side={t(`trade:${order.side}`)} symbol={order.symbol} tag={orderKindLabel(t, order.type)}>
        {order.status !== 'open' && (
          <span className={styles.orderStatus} data-testid="order-status">
            {t(`trade:orders.status.${order.status}`)}
          </span>
        )}
        <span className={styles.orderTime}>{formatDateTime(order.created_at, lang)}</span>
      </OrderHead>
      <FactGrid
        facts={[
          [
            order.type === 'oco' && order.side === 'sell' ? t('trade:advanced.take_profit') : t('trade:orders.price'),
            order.price ? formatFixed(Number(order.price), pricePrecision, lang) : t('trade:market'),
          ],
          [t('trade:orders.filled'), `${formatAmount(order.filled, lang)} / ${formatAmount(order.amount, lang)}`, 'order-filled'],
          [t('trade:orders.average'), order.average ? formatFixed(Number(order.average), pricePrecision, lang) : '--', 'order-average'],
          triggerText !== null && [order.type === 'oco' ? t('trade:advanced.stop') : t('trade:advanced.trigger'), triggerText, 'order-trigger'],
          trigger !== null && [t('trade:advanced.state_label'), t(`trade:advanced.state.${trigger.state}`), 'order-trigger-state'],
        ]}
      />
      {decided && (
        <span className={styles.tick} data-testid="order-trigger-tick">
          {t(trigger.state === 'cancelled' ? 'trade:advanced.stop_cancelled_by' : 'trade:advanced.triggered_by', { seq: decided.seq, price: priceText(decided.market_id, decided.price) })} ·{' '}
          {formatClock(decided.time, lang)}
        </span>
      )}
      {order.cancel_reason === 'self_trade' && <span className={styles.tick}>{t('trade:advanced.self_trade')}</span>}
      {children && <div className={styles.rowActions}>{children}</div>}
    </div>
  );
}
