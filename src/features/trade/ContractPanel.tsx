import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { Money } from '../../../contract/money';
import { leverageRange, priceBand, priceTicks, reduceOnly, shareRange, stopsSide } from '../../../contract/order-rules';
import type { MarketInfo } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { loggedIn } from '../../app/session';
import { accountSummary, positions } from '../../core/account';
import { useAccountWatch, useMarketWatch } from '../../core/hooks';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { formatAmount, formatFixed } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { OrdersPaused, usePricesPaused } from '../market/FeedNotice';
import { toast } from '../../ui/toast';
import { LeverageSlider } from './LeverageSlider';
import { closeOrdersPlaced, Positions } from './Positions';
import { AvailableLine, Details, LoginToTrade, NumberBox, priceText, TypeAndPrice } from './shared';
import { MiniBook } from './MiniBook';
import styles from './trade.module.css';
import { useRequestIds } from '../../lib/requestId';

type Direction = 'buy' | 'sell';
const FUTURES_KINDS = ['market', 'limit'] as const;

/**
 * Futures: open a long or a short at any whole leverage of the market's range, at market
 * or at a limit, with optional TP/SL; or, reduce-only, close part of an open position of
 * this market (it never opens or flips one).
 */
export function ContractPanel({ market }: { market: MarketInfo }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  useMarketWatch(market.id);
  useAccountWatch(logged);
  const quote = quoteOf(market.id);
  const paused = usePricesPaused(market);
  const [info, setInfo] = useState<ApiOutput<'POST /lever/deal'> | null>(null);
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [share, setShare] = useState('1');
  const [multiple, setMultiple] = useState(10);
  const [stops, setStops] = useState(false);
  /** reduce-only: the order closes lots of `reducing` instead of opening a position */
  const [reduce, setReduce] = useState(false);
  const [reducingId, setReducingId] = useState<number | null>(null);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [errors, setErrors] = useState<{ price?: string; share?: string; stops?: string }>({});
  const [confirming, setConfirming] = useState<Direction | null>(null);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const pricePending = useRef(true);

  const load = useCallback(() => {
    if (!logged) return;
    void api('POST /lever/deal', { currency_id: market.currencyId, legal_id: market.legalId }, { silent: true })
      .then((answer) => {
        setInfo(answer);
        setMultiple((current) => (leverageRange(current, answer.min_multiple, answer.max_multiple).ok ? current : (answer.multiples[1] ?? answer.multiples[0] ?? answer.min_multiple)));
      })
      .catch(() => undefined);
  }, [logged, market.currencyId, market.legalId]);
  useEffect(load, [load]);
  useEffect(() => {
    pricePending.current = true;
    setPrice('');
    setTakeProfit('');
    setStopLoss('');
    setErrors({});
  }, [market.id]);
  useSignalEffect(() => {
    const last = quote?.last.value ?? Number.NaN;
    if (pricePending.current && last > 0) {
      pricePending.current = false;
      setPrice(last.toFixed(market.pricePrecision));
    }
  });

  const lang = language.value;
  const live = quote?.last.value ?? Number.NaN;
  const reducible = positions.value.filter((position) => position.status === 'open' && position.market_id === market.id);
  const reducing = reducible.find((position) => position.id === reducingId) ?? reducible[0] ?? null;
  const unitPrice = type === 'limit' ? Number(price) : live;
  const lots = Number(share);
  const quantity = info && lots > 0 ? new Money(info.lot_size).times(lots) : null;
  const margin = quantity && unitPrice > 0 ? quantity.times(unitPrice).div(multiple).toNumber() : Number.NaN;
  const fee = quantity && info && unitPrice > 0 ? quantity.times(unitPrice).times(info.fee_rate).toNumber() : Number.NaN;
  const balance = accountSummary.value?.balance ?? (info ? Number(info.account.balance) : Number.NaN);
  const balanceText = Number.isFinite(balance) ? balance.toFixed(2) : null;

  /**
   * The exchange's own checks (contract/order-rules.ts), named next to their fields before
   * anything is sent: prices in the market's step, lots within the pair's range, take
   * profit and stop loss on the right side of the opening price (the limit, or the live
   * price), and margin plus fee within the balance.
   */
  const review = (direction: Direction) => {
    if (reduce) return reviewReduce();
    const found: { price?: string; share?: string; stops?: string } = {};
    // A correct price (a positive decimal in the market's step), or null.
    const priceOf = (typed: string) => {
      const value = typedAmount(typed);
      return value && priceTicks(value, market.pricePrecision).ok ? value : null;
    };
    const opening = type === 'limit' ? priceOf(price) : live > 0 ? new Money(live.toFixed(market.pricePrecision)) : null;
    if (type === 'limit' && !opening) found.price = t('validation:price_invalid');
    const shares = info ? shareRange(lots, info.min_share, info.max_share) : null;
    if (!/^[1-9][0-9]*$/.test(share)) found.share = t('validation:share_invalid');
    else if (shares && !shares.ok) found.share = t('trade:checks.share_range', shares.params);
    else if (Number.isFinite(balance) && margin + fee > balance) found.share = t('trade:checks.insufficient_balance');
    if (stops && opening) {
      const tp = takeProfit ? priceOf(takeProfit) : null;
      const sl = stopLoss ? priceOf(stopLoss) : null;
      const side = stopsSide(direction === 'buy' ? 1 : -1, opening, tp, sl, market.pricePrecision);
      if ((takeProfit && !tp) || (stopLoss && !sl)) found.stops = t('validation:price_invalid');
      else if (!side.ok) found.stops = t(`trade:checks.${side.key}`, { price: formatAmount(side.params.price, lang) });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(direction);
  };

  /** A reduce-only order: whole lots, at most what the chosen position holds; a limit in the market's step and band. */
  const reviewReduce = () => {
    if (!reducing) return;
    const found: { price?: string; share?: string } = {};
    const typed = type === 'limit' ? typedAmount(price) : null;
    const limit = typed && priceTicks(typed, market.pricePrecision).ok ? typed : null;
    if (type === 'limit' && !limit) found.price = t('validation:price_invalid');
    else if (limit && info && live > 0) {
      const band = priceBand(limit, live.toFixed(market.pricePrecision), info.price_band, market.pricePrecision);
      if (!band.ok) found.price = t('trade:checks.price_band', { low: formatAmount(band.params.low, lang), high: formatAmount(band.params.high, lang) });
    }
    const size = reduceOnly(lots, reducing.share);
    if (!/^[1-9][0-9]*$/.test(share)) found.share = t('validation:share_invalid');
    else if (!size.ok) found.share = t('trade:advanced.checks.order_reduce_too_large', size.params);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(reducing.direction === 'buy' ? 'sell' : 'buy');
  };

  const submitReduce = (position: NonNullable<typeof reducing>) =>
    run(async () => {
      setConfirming(null);
      const body = { id: position.id, direction: position.direction === 'buy' ? ('sell' as const) : ('buy' as const), type, share: Number(share), ...(type === 'limit' ? { price } : {}) };
      // Sent again after a lost answer, the lots are closed once.
      const order = await api('POST /lever/reduce', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(
        order.status === 'filled'
          ? t('trade:advanced.partial.closed', { lots: order.closed_share, profit: order.profit ?? '0' })
          : t('trade:advanced.partial.placed', { lots: order.share, price: priceText(order.market_id, order.price) }),
      );
      closeOrdersPlaced.value++;
      load();
    });

  const submit = (direction: Direction) =>
    run(async () => {
      if (reduce && reducing) return submitReduce(reducing);
      setConfirming(null);
      const body = {
        currency_id: market.currencyId,
        legal_id: market.legalId,
        direction,
        type,
        share: Number(share),
        multiple,
        ...(type === 'limit' ? { price } : {}),
        ...(stops && takeProfit ? { target_profit_price: takeProfit } : {}),
        ...(stops && stopLoss ? { stop_loss_price: stopLoss } : {}),
      };
      // Sent again after a lost answer, the same position is opened once.
      const position = await api('POST /lever/submit', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(position.status === 'pending' ? t('trade:contract.waiting', { price: position.limit_price ?? '' }) : t('trade:contract.opened'));
      load();
    });

  const money = (value: number) => formatFixed(value, 2, lang);
  const direction = confirming ?? 'buy';

  return (
    <>
      <div className={styles.layout}>
        {logged ? (
          <div className={styles.formCol}>
            <TypeAndPrice
              types={FUTURES_KINDS}
              type={type}
              onType={setType}
              price={price}
              onPrice={(v) => {
                setPrice(v);
                setErrors(({ price: _, ...rest }) => rest);
              }}
              market={market}
              error={errors.price}
              marketLabel={t('trade:confirm.at_market')}
              testPrefix="contract"
            />
            <NumberBox
              value={share}
              onValue={(v) => {
                setShare(v.replace(/[^0-9]/g, '').replace(/^0+/, ''));
                setErrors(({ share: _, ...rest }) => rest);
              }}
              placeholder={t('trade:contract.lots')}
              step={1}
              decimals={0}
              invalid={Boolean(errors.share)}
              testId="contract-share"
            />
            {errors.share && (
              <p className={styles.fieldError} role="alert">
                {errors.share}
              </p>
            )}
            {info && (
              <p className={styles.note}>
                {t('trade:contract.lot_size', {
                  size: info.lot_size,
                  base: market.base,
                })}
              </p>
            )}
            <label className={styles.line}>
              <span>{t('trade:advanced.reduce_only')}</span>
              <input
                type="checkbox"
                checked={reduce}
                onChange={(event) => {
                  setReduce(event.target.checked);
                  setErrors({});
                }}
                data-testid="contract-reduce"
              />
            </label>
            {reduce ? (
              reducing ? (
                <>
                  <select
                    className={styles.select}
                    value={reducing.id}
                    onChange={(event) => setReducingId(Number(event.target.value))}
                    aria-label={t('trade:advanced.reduce_position')}
                    data-testid="contract-reduce-position"
                  >
                    {reducible.map((position) => (
                      <option key={position.id} value={position.id}>
                        {t('trade:advanced.position_option', {
                          side: t(position.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short'),
                          multiple: position.multiple,
                          share: position.share,
                          id: position.id,
                        })}
                      </option>
                    ))}
                  </select>
                  <p className={styles.note}>{t('trade:advanced.reduce_note')}</p>
                </>
              ) : (
                <p className={styles.note} data-testid="contract-reduce-none">
                  {t('trade:advanced.reduce_none')}
                </p>
              )
            ) : (
              <>
                {info && <LeverageSlider value={multiple} onValue={setMultiple} min={info.min_multiple} max={info.max_multiple} presets={info.multiples} label={t('trade:advanced.leverage')} />}
                <label className={styles.line}>
                  <span>{t('trade:contract.stops')}</span>
                  <input type="checkbox" checked={stops} onChange={(event) => setStops(event.target.checked)} data-testid="contract-stops" />
                </label>
              </>
            )}
            {stops && !reduce && (
              <>
                <NumberBox
                  value={takeProfit}
                  onValue={(v) => {
                    setTakeProfit(cleanAmount(v, market.pricePrecision));
                    setErrors(({ stops: _, ...rest }) => rest);
                  }}
                  placeholder={t('trade:contract.take_profit')}
                  step={10 ** -market.pricePrecision}
                  decimals={market.pricePrecision}
                  testId="contract-tp"
                  labelled
                />
                <NumberBox
                  value={stopLoss}
                  onValue={(v) => {
                    setStopLoss(cleanAmount(v, market.pricePrecision));
                    setErrors(({ stops: _, ...rest }) => rest);
                  }}
                  placeholder={t('trade:contract.stop_loss')}
                  step={10 ** -market.pricePrecision}
                  decimals={market.pricePrecision}
                  testId="contract-sl"
                  labelled
                />
                {errors.stops && (
                  <p className={styles.fieldError} role="alert">
                    {errors.stops}
                  </p>
                )}
              </>
            )}
            {reduce ? (
              reducing && (
                <div className={styles.line}>
                  {/* The lots' pro rata share of the position's margin, as the exchange splits it. */}
                  <span data-testid="contract-reduce-margin">
                    {t('trade:advanced.partial.margin_back', { amount: money(lots > 0 ? (Number(reducing.margin) * Math.min(lots, reducing.share)) / reducing.share : Number.NaN) })}
                  </span>
                </div>
              )
            ) : (
              <>
                <div className={styles.line}>
                  <span>{t('trade:contract.margin')}</span>
                  {/* An estimate: the position opens at the live price of its opening trade (a limit at the limit or better). */}
                  <strong data-testid="contract-margin">≈ {money(margin)} USDT</strong>
                </div>
                <div className={styles.line}>
                  <span>{t('trade:contract.fee')}</span>
                  <strong>≈ {money(fee)} USDT</strong>
                </div>
              </>
            )}
            <AvailableLine amount={balanceText} currency="USDT" />
            {paused && <OrdersPaused info={market} className={styles.note} />}
            {reduce ? (
              reducing && (
                <PrimaryButton variant={reducing.direction === 'buy' ? 'sell' : 'buy'} busy={busy} disabled={paused} onClick={reviewReduce} testId="contract-reduce-submit">
                  {t(reducing.direction === 'buy' ? 'trade:advanced.close_long' : 'trade:advanced.close_short')}
                </PrimaryButton>
              )
            ) : (
              <div className={styles.stack}>
                <PrimaryButton variant="buy" busy={busy} disabled={paused} onClick={() => review('buy')} testId="contract-long">
                  {t('trade:contract.open_long')}
                </PrimaryButton>
                <PrimaryButton variant="sell" busy={busy} disabled={paused} onClick={() => review('sell')} testId="contract-short">
                  {t('trade:contract.open_short')}
                </PrimaryButton>
              </div>
            )}
            {market.kind === 'stock' && <p className={styles.note}>{t('trade:contract.usd_note')}</p>}
          </div>
        ) : (
          <LoginToTrade market={market} />
        )}
        <MiniBook market={market} onPrice={(value) => type === 'limit' && setPrice(value)} />
      </div>
      {logged && <Positions />}
      <ConfirmDialog
        open={confirming !== null}
        title={reduce && reducing ? t(reducing.direction === 'buy' ? 'trade:advanced.close_long' : 'trade:advanced.close_short') : t('trade:confirm.contract_title')}
        message={
          reduce && reducing ? (
            <Details
              rows={[
                [t('trade:confirm.market'), market.symbol],
                [t('trade:advanced.reduce_position'), `#${reducing.id} · ${reducing.multiple}x`],
                [t('trade:confirm.type'), t(`trade:${type}`)],
                [t('trade:confirm.price'), type === 'limit' ? formatFixed(Number(price), market.pricePrecision, lang) : t('trade:confirm.at_market')],
                [t('trade:confirm.lots'), t('trade:advanced.partial.closes', { lots: share, share: reducing.share, quantity: quantity?.toFixed() ?? '--', base: market.base })],
              ]}
            />
          ) : (
            <Details
              rows={[
                [t('trade:confirm.market'), market.symbol],
                [t('trade:confirm.direction'), <span className={direction === 'buy' ? 'up' : 'down'}>{t(direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')}</span>],
                [t('trade:confirm.type'), t(`trade:${type}`)],
                [t('trade:confirm.price'), type === 'limit' ? formatFixed(Number(price), market.pricePrecision, lang) : t('trade:confirm.at_market')],
                [t('trade:confirm.lots'), `${share} (${quantity?.toFixed() ?? '--'} ${market.base})`],
                [t('trade:confirm.multiple'), `${multiple}x`],
                [t('trade:confirm.margin'), `${type === 'market' ? '≈ ' : ''}${money(margin)} USDT`],
                [t('trade:confirm.fee'), `${type === 'market' ? '≈ ' : ''}${money(fee)} USDT`],
                ...(stops && takeProfit ? [[t('trade:confirm.take_profit'), takeProfit] as const] : []),
                ...(stops && stopLoss ? [[t('trade:confirm.stop_loss'), stopLoss] as const] : []),
              ]}
            />
          )
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => void submit(direction)}
      />
    </>
  );
}
