import { computed, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { Money } from '../../../contract/money';
import { lotsOfPercent, reduceOnly, trailingCallback, priceBand, priceTicks } from '../../../contract/order-rules';
import type { PositionView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { accountSummary, figuresOf, positions } from '../../core/account';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { useRequestIds } from '../../lib/requestId';
import { directionOf, formatAmount, formatDateTime, formatFixed } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { BoundText } from '../../ui/BoundText';
import { ConfirmDialog } from '../../ui/Dialog';
import { Sheet } from '../../ui/Sheet';
import { PrimaryButton } from '../../ui/form';
import { Segmented } from '../../ui/Segmented';
import { toast } from '../../ui/toast';
import { CopyMark } from '../copy/parts';
import { FactGrid, NumberBox, numberText, OrderHead, pricePrecisionOf, priceText, TypeAndPrice } from './shared';
import { markets } from '../../core/store';
import styles from './trade.module.css';

/** The futures account, live: balance, margins, unrealised profit and risk rate. */
function AccountLine() {
  const t = useT();
  const text = useMemo(() => {
    return {
      balance: numberText(() => accountSummary.value?.balance, 2),
      margins: numberText(() => accountSummary.value?.margins, 2),
      profit: numberText(() => accountSummary.value?.profit, 2, {
        signed: true,
      }),
      profitTone: computed(() => directionOf(Math.round((accountSummary.value?.profit ?? 0) * 100))),
      risk: numberText(
        () => {
          const risk = accountSummary.value?.risk;
          return risk === null || risk === undefined ? null : risk * 100;
        },
        2,
        { suffix: '%' },
      ),
    };
  }, []);
  const threshold = accountSummary.value ? accountSummary.value.liquidationRisk * 100 : 20;
  return (
    <div className={styles.account} data-testid="futures-account">
      <dl className={styles.accountFigures}>
        <div>
          <dt>{t('trade:contract.balance')} (USDT)</dt>
          <dd>
            <BoundText text={text.balance} testId="account-balance" />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.margins')}</dt>
          <dd>
            <BoundText text={text.margins} />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.profit')}</dt>
          <dd>
            <BoundText text={text.profit} tone={text.profitTone} testId="account-profit" />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.risk')}</dt>
          <dd>
            <BoundText text={text.risk} testId="account-risk" />
          </dd>
        </div>
      </dl>
      <p className={styles.accountNote}>
        {t('trade:contract.risk_note', {
          threshold: formatFixed(threshold, 0, language.value),
        })}
      </p>
    </div>
  );
}

type CloseOrderView = ApiOutput<'POST /lever/close_cancel'>;

/** Moved when the user places a close order from elsewhere (the order form's reduce-only): the lists read theirs again. */
export const closeOrdersPlaced = signal(0);

/**
 * The waiting reduce-only close orders of the user, read again whenever the positions
 * change (a close order that closed lots, or was cancelled with its position, changed
 * one) and after the user's own actions.
 */
function useCloseOrders(list: readonly PositionView[]) {
  const [orders, setOrders] = useState<CloseOrderView[]>([]);
  const load = useCallback(() => {
    void api('POST /lever/close_orders', { status: 'pending', limit: 50 }, { silent: true })
      .then((page) => setOrders(page.data))
      .catch(() => undefined);
  }, []);
  const placed = closeOrdersPlaced.value;
  useEffect(load, [load, list, placed]);
  return { orders, load };
}

/** Open positions (live P/L, ROE, mark and liquidation prices, trailing stop, waiting close orders) and waiting limit orders, with their actions. */
export function Positions({ embedded = true }: { embedded?: boolean }) {
  useSignals();
  const t = useT();
  const list = positions.value;
  const open = list.filter((p) => p.status === 'open');
  const waiting = list.filter((p) => p.status === 'pending');
  const [closing, setClosing] = useState<PositionView | null>(null);
  const [editing, setEditing] = useState<PositionView | null>(null);
  const [trailing, setTrailing] = useState<PositionView | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [closeAll, setCloseAll] = useState<'all' | 'buy' | 'sell' | null>(null);
  const [busy, run] = useSubmit();
  const closeOrders = useCloseOrders(list);

  const cancel = (position: PositionView) =>
    run(async () => {
      await api('POST /lever/cancel', { id: position.id });
      toast(t('trade:contract.cancelled'));
    });
  const cancelCloseOrder = (order: CloseOrderView) =>
    run(async () => {
      await api('POST /lever/close_cancel', { id: order.id });
      toast(t('trade:advanced.close_orders.cancelled'));
      closeOrders.load();
    });
  const countOf = (which: 'all' | 'buy' | 'sell') => open.filter((p) => which === 'all' || p.direction === which).length;
  const batch = (which: 'all' | 'buy' | 'sell') =>
    run(async () => {
      setCloseAll(null);
      const result = await api('POST /lever/batch_close', { type: which });
      toast(
        result.closed === 0
          ? t('trade:contract.nothing_to_close')
          : t('trade:contract.closed_many', {
              count: result.closed,
              profit: result.profit,
            }),
      );
    });

  return (
    <section className={embedded ? styles.section : undefined}>
      <AccountLine />
      <div className={styles.sectionHead}>
        <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
          {t('trade:contract.positions')} ({open.length})
        </span>
        <button type="button" className={styles.sectionAction} onClick={() => setChoosing(true)} disabled={open.length === 0} data-testid="close-all">
          {t('trade:contract.close_all')}
        </button>
      </div>
      {open.length === 0 && <p className={styles.empty}>{t('trade:contract.none')}</p>}
      {open.map((position) => (
        <PositionRow key={position.id} position={position}>
          {closeOrders.orders.some((order) => order.position_id === position.id) && (
            <div className={styles.closeOrders} data-testid="position-close-orders">
              {closeOrders.orders
                .filter((order) => order.position_id === position.id)
                .map((order) => (
                  <div key={order.id} className={styles.closeOrder} data-testid={`close-order-${order.id}`}>
                    <span>{t('trade:advanced.close_orders.waiting', { lots: order.share, price: priceText(order.market_id, order.price) })}</span>
                    <button type="button" className={styles.small} disabled={busy} onClick={() => void cancelCloseOrder(order)} data-testid={`cancel-close-order-${order.id}`}>
                      {t('trade:contract.cancel')}
                    </button>
                  </div>
                ))}
            </div>
          )}
          <div className={styles.rowActions}>
            <button type="button" className={styles.small} onClick={() => setEditing(position)} data-testid={`stops-${position.id}`}>
              {t('trade:contract.set_stops')}
            </button>
            <button type="button" className={styles.small} onClick={() => setTrailing(position)} data-testid={`trailing-${position.id}`}>
              {t('trade:advanced.trailing.action')}
            </button>
            <button type="button" className={styles.small} disabled={busy} onClick={() => setClosing(position)} data-testid={`close-${position.id}`}>
              {t('trade:contract.close')}
            </button>
          </div>
        </PositionRow>
      ))}
      {waiting.length > 0 && (
        <>
          <div className={styles.sectionHead}>
            <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
              {t('trade:contract.pending')} ({waiting.length})
            </span>
          </div>
          {waiting.map((position) => (
            <PositionRow key={position.id} position={position}>
              <div className={styles.rowActions}>
                <button type="button" className={styles.small} disabled={busy} onClick={() => void cancel(position)} data-testid={`cancel-position-${position.id}`}>
                  {t('trade:contract.cancel')}
                </button>
              </div>
            </PositionRow>
          ))}
        </>
      )}
      <Sheet open={choosing} title={t('trade:contract.close_which')} onClose={() => setChoosing(false)} testId="close-all-sheet">
        {(['all', 'buy', 'sell'] as const).map((which) => (
          <button
            key={which}
            type="button"
            className={styles.choice}
            onClick={() => {
              setChoosing(false);
              setCloseAll(which);
            }}
            data-testid={`close-all-${which}`}
          >
            {t(which === 'all' ? 'trade:contract.close_all_all' : which === 'buy' ? 'trade:contract.close_all_long' : 'trade:contract.close_all_short')} ({countOf(which)})
          </button>
        ))}
        <button type="button" className={`${styles.choice} ${styles.choiceCancel}`} onClick={() => setChoosing(false)} data-testid="close-all-cancel">
          {t('common:cancel')}
        </button>
      </Sheet>
      <ConfirmDialog
        open={closeAll !== null}
        message={t('trade:contract.close_all_confirm', {
          count: closeAll ? countOf(closeAll) : 0,
        })}
        onCancel={() => setCloseAll(null)}
        onConfirm={() => closeAll && void batch(closeAll)}
      />
      {closing && <PartialCloseSheet position={closing} onClose={() => setClosing(null)} onDone={closeOrders.load} />}
      {editing && <StopsDialog position={editing} onClose={() => setEditing(null)} />}
      {trailing && <TrailingDialog position={trailing} onClose={() => setTrailing(null)} />}
    </section>
  );
}

/** One position; its mark price, profit, ROE, liquidation price and trailing stop are cells bound to the worker's figures. */
function PositionRow({ position, children }: { position: PositionView; children: ReactNode }) {
  const t = useT();
  const lang = language.value;
  const decimals = pricePrecisionOf(position.market_id);
  const cells = useMemo(() => {
    const figures = figuresOf(position.id);
    return {
      profit: numberText(() => figures.profit.value, 2, { signed: true }),
      tone: computed(() => directionOf(Math.round(figures.profit.value * 100))),
      roe: numberText(() => figures.roe.value, 2, { signed: true, suffix: '%' }),
      roeTone: computed(() => directionOf(Math.round(figures.roe.value * 100))),
      mark: numberText(() => figures.price.value, decimals),
      liquidation: numberText(() => figures.liquidation.value, decimals),
      overnight: numberText(() => figures.overnight.value, 2),
      // A long's stop is reached at or below it, a short's at or above: shown in the market's ticks that way.
      trailing: computed(() => {
        const stop = figures.trailingStop.value;
        if (!Number.isFinite(stop)) return '--';
        const ticks = 10 ** decimals;
        const shown = position.direction === 'buy' ? Math.floor(stop * ticks + 1e-6) / ticks : Math.ceil(stop * ticks - 1e-6) / ticks;
        return formatFixed(shown, decimals, language.value);
      }),
    };
  }, [position.id, position.direction, decimals]);
  const long = position.direction === 'buy';
  const pending = position.status === 'pending';
  const trail = position.trailing;
  const callback = trail ? (trail.callback_rate !== null ? `${formatAmount(new Money(trail.callback_rate).times(100).toFixed(), lang)}%` : priceText(position.market_id, trail.distance)) : null;
  return (
    <div className={styles.order} data-testid="position" data-position={position.id}>
      <OrderHead up={long} side={t(long ? 'trade:contract.long' : 'trade:contract.short')} symbol={position.symbol} tag={`${position.multiple}x`}>
        {!pending && <BoundText text={cells.profit} tone={cells.tone} className={styles.profit} testId="position-profit" />}
      </OrderHead>
      {position.copy && <CopyMark copy={position.copy} />}
      <FactGrid
        facts={[
          [t('trade:contract.lots'), `${position.share} · ${position.quantity}`],
          [pending ? t('trade:contract.limit_price') : t('trade:contract.open_price'), priceText(position.market_id, pending ? position.limit_price : position.price)],
          [t('trade:contract.margin'), formatAmount(position.margin, lang)],
          !pending && [t('trade:advanced.roe'), <BoundText text={cells.roe} tone={cells.roeTone} testId="position-roe" />],
          !pending && [t('trade:contract.mark'), <BoundText text={cells.mark} testId="position-mark" />],
          !pending && [t('trade:contract.liquidation'), <BoundText text={cells.liquidation} testId="position-liquidation" />],
          !pending && ['TP / SL', `${priceText(position.market_id, position.target_profit_price)} / ${priceText(position.market_id, position.stop_loss_price)}`, 'position-stops'],
          !pending && trail !== null && [`${t('trade:advanced.trailing.stop')} (${callback ?? ''})`, <BoundText text={cells.trailing} testId="position-trailing" />],
          [t('trade:contract.fee'), formatAmount(position.fee, lang), 'position-fee'],
          !pending && [t('trade:contract.overnight'), <BoundText text={cells.overnight} testId="position-overnight" />],
          [t('trade:contract.order_type'), t(position.type === 'limit' ? 'trade:limit' : 'trade:market')],
          [pending ? t('trade:contract.placed_at') : t('trade:contract.opened_at'), formatDateTime((pending ? position.created_at : position.opened_at) ?? position.created_at, lang)],
        ]}
      />
      {children}
    </div>
  );
}

const PERCENTS = [25, 50, 75, 100] as const;

/** A futures market's rules as the exchange serves them (/lever/deal): the price band of a limit close, a trailing stop's callback range. */
function useLeverRules(marketId: number): ApiOutput<'POST /lever/deal'> | null {
  const [rules, setRules] = useState<ApiOutput<'POST /lever/deal'> | null>(null);
  const market = markets.value.find((found) => found.id === marketId);
  useEffect(() => {
    if (!market) return;
    void api('POST /lever/deal', { currency_id: market.currencyId, legal_id: market.legalId }, { silent: true })
      .then(setRules)
      .catch(() => undefined);
  }, [market]);
  return rules;
}

/**
 * Closing a position, all of it or a part: lots typed or a share of them (25 to 100 %,
 * whole lots), at market or at a limit a trade must reach. A reduce-only order: it never
 * closes more than the position holds; the lots closed take their share of the margin.
 */
function PartialCloseSheet({ position, onClose, onDone }: { position: PositionView; onClose: () => void; onDone: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const market = markets.value.find((found) => found.id === position.market_id);
  const [by, setBy] = useState<'lots' | 'percent'>('percent');
  const [percent, setPercent] = useState<number>(100);
  const [typed, setTyped] = useState('');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ lots?: string; price?: string }>({});
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const lots = by === 'percent' ? lotsOfPercent(position.share, percent) : /^[1-9][0-9]*$/.test(typed) ? Number(typed) : 0;
  const quantity = new Money(position.quantity).times(Math.min(lots, position.share)).div(position.share);
  const marginBack = lots > 0 ? new Money(position.margin).times(Math.min(lots, position.share)).div(position.share) : null;
  const live = figuresOf(position.id).price.value;
  const rules = useLeverRules(position.market_id);

  const submit = () =>
    run(async () => {
      const found: { lots?: string; price?: string } = {};
      const size = reduceOnly(lots, position.share);
      if (lots < 1) found.lots = t('trade:advanced.partial.lots_invalid', { max: position.share });
      else if (!size.ok) found.lots = t('trade:advanced.checks.order_reduce_too_large', size.params);
      const decimals = market?.pricePrecision ?? 2;
      const limit = type === 'limit' ? typedAmount(price) : null;
      if (type === 'limit' && !(limit && priceTicks(limit, decimals).ok)) found.price = t('validation:price_invalid');
      else if (limit && rules && Number.isFinite(live) && live > 0) {
        const band = priceBand(limit, live.toFixed(decimals), rules.price_band, decimals);
        if (!band.ok) found.price = t('trade:checks.price_band', { low: formatAmount(band.params.low, lang), high: formatAmount(band.params.high, lang) });
      }
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const body = { id: position.id, direction: position.direction === 'buy' ? ('sell' as const) : ('buy' as const), type, share: lots, ...(type === 'limit' ? { price } : {}) };
      // Sent again after a lost answer, the lots are closed once.
      const order = await api('POST /lever/reduce', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(
        order.status === 'filled'
          ? t('trade:advanced.partial.closed', { lots: order.closed_share, profit: order.profit ?? '0' })
          : t('trade:advanced.partial.placed', { lots: order.share, price: priceText(order.market_id, order.price) }),
      );
      onDone();
      onClose();
    });

  return (
    <Sheet
      open
      title={`${t('trade:advanced.partial.title')} · ${position.symbol} ${t(position.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')} ${position.multiple}x`}
      onClose={onClose}
      testId="partial-close-sheet"
    >
      <div className={styles.sheetForm}>
        <Segmented
          label={t('trade:advanced.partial.lots')}
          value={by}
          options={[
            { value: 'percent', label: t('trade:advanced.partial.by_percent') },
            { value: 'lots', label: t('trade:advanced.partial.by_lots') },
          ]}
          onChange={(key) => {
            setBy(key);
            setErrors({});
          }}
          testId="partial-by"
        />
        {by === 'percent' ? (
          <div className={styles.percentChips} role="radiogroup" aria-label={t('trade:advanced.partial.by_percent')}>
            {PERCENTS.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={percent === value}
                className={`${styles.chip} ${percent === value ? styles.chipOn : ''}`}
                onClick={() => setPercent(value)}
                data-testid={`partial-${value}`}
              >
                {value}%
              </button>
            ))}
          </div>
        ) : (
          <NumberBox
            value={typed}
            onValue={(v) => {
              setTyped(v.replace(/[^0-9]/g, '').replace(/^0+/, ''));
              setErrors(({ lots: _, ...rest }) => rest);
            }}
            placeholder={t('trade:advanced.partial.lots')}
            step={1}
            decimals={0}
            invalid={Boolean(errors.lots)}
            testId="partial-lots"
            labelled
          />
        )}
        {errors.lots && (
          <p className={styles.fieldError} role="alert">
            {errors.lots}
          </p>
        )}
        {market && (
          <TypeAndPrice
            types={['market', 'limit'] as const}
            type={type}
            onType={(kind) => {
              setType(kind);
              setErrors(({ price: _, ...rest }) => rest);
              if (kind === 'limit' && !price && Number.isFinite(live)) setPrice(live.toFixed(market.pricePrecision));
            }}
            price={price}
            onPrice={(v) => {
              setPrice(v);
              setErrors(({ price: _, ...rest }) => rest);
            }}
            market={market}
            error={errors.price}
            marketLabel={t('trade:confirm.at_market')}
            testPrefix="partial"
          />
        )}
        <div className={styles.line}>
          <span data-testid="partial-summary">
            {lots > 0
              ? t('trade:advanced.partial.closes', { lots, share: position.share, quantity: quantity.toFixed(), base: market?.base ?? '' })
              : t('trade:advanced.partial.lots_invalid', { max: position.share })}
          </span>
        </div>
        {marginBack && (
          <div className={styles.line}>
            <span data-testid="partial-margin">{t('trade:advanced.partial.margin_back', { amount: formatFixed(marginBack.toNumber(), 2, lang) })}</span>
          </div>
        )}
        <p className={styles.note}>{t('trade:advanced.reduce_note')}</p>
        <PrimaryButton variant={position.direction === 'buy' ? 'sell' : 'buy'} busy={busy} onClick={() => void submit()} testId="partial-submit">
          {t('trade:advanced.partial.submit', { lots: lots > 0 ? lots : '--' })}
        </PrimaryButton>
      </div>
    </Sheet>
  );
}

/**
 * A trailing stop on a position: a callback rate (a share of the best price) or a
 * distance in price, in the exchange's range; empty, or Remove, takes it away.
 */
function TrailingDialog({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const t = useT();
  const lang = language.value;
  const decimals = pricePrecisionOf(position.market_id);
  const quote = markets.value.find((found) => found.id === position.market_id)?.quote ?? 'USDT';
  const current = position.trailing;
  const [by, setBy] = useState<'rate' | 'distance'>(current?.distance ? 'distance' : 'rate');
  const [value, setValue] = useState(current ? (current.callback_rate !== null ? new Money(current.callback_rate).times(100).toFixed() : (current.distance ?? '')) : '1');
  const [error, setError] = useState<string | null>(null);
  const [, run] = useSubmit();
  const live = figuresOf(position.id).price.value;
  const rules = useLeverRules(position.market_id);

  const save = (remove: boolean) =>
    run(async () => {
      if (!remove) {
        const typed = typedAmount(value);
        if (!typed) return setError(t('trade:advanced.trailing.value_invalid'));
        const callback = by === 'rate' ? { rate: typed.div(100) } : { distance: typed };
        const checked = rules && Number.isFinite(live) && live > 0 ? trailingCallback(callback, { min: rules.trail_rate_min, max: rules.trail_rate_max }, live.toFixed(decimals), decimals) : null;
        if (checked && !checked.ok)
          return setError(
            checked.key === 'order_trail_rate_range'
              ? t('trade:advanced.checks.order_trail_rate_range', checked.params)
              : t('trade:advanced.checks.order_trail_distance_range', { min: formatAmount(checked.params.min, lang), max: formatAmount(checked.params.max, lang) }),
          );
      }
      await api('POST /lever/trailing', { id: position.id, ...(remove ? {} : by === 'rate' ? { callback_rate: value } : { distance: value }) });
      toast(t(remove ? 'trade:advanced.trailing.removed' : 'trade:advanced.trailing.set'));
      onClose();
    });

  return (
    <ConfirmDialog
      open
      title={t('trade:advanced.trailing.title')}
      message={
        <div className={styles.dialogForm}>
          <p className={styles.note}>{t('trade:advanced.trailing.note')}</p>
          <Segmented
            label={t('trade:advanced.trailing.title')}
            value={by}
            options={[
              { value: 'rate', label: t('trade:advanced.trailing.by_rate') },
              { value: 'distance', label: t('trade:advanced.trailing.by_distance', { currency: quote }) },
            ]}
            onChange={(key) => {
              setBy(key);
              setValue('');
              setError(null);
            }}
            testId="trailing-by"
          />
          <NumberBox
            value={value}
            onValue={(v) => {
              setValue(cleanAmount(v, by === 'rate' ? 2 : decimals));
              setError(null);
            }}
            placeholder={by === 'rate' ? t('trade:advanced.trailing.by_rate') : t('trade:advanced.trailing.by_distance', { currency: quote })}
            step={by === 'rate' ? 0.1 : 10 ** -decimals}
            decimals={by === 'rate' ? 2 : decimals}
            invalid={error !== null}
            testId="trailing-value"
            labelled
          />
          {rules && (
            <p className={styles.note}>
              {t('trade:advanced.trailing.rate_hint', {
                min: formatAmount(new Money(rules.trail_rate_min).times(100).toFixed(), lang),
                max: formatAmount(new Money(rules.trail_rate_max).times(100).toFixed(), lang),
              })}
            </p>
          )}
          {error && (
            <p className={styles.fieldError} role="alert">
              {error}
            </p>
          )}
          {current && (
            <button type="button" className={styles.small} onClick={() => void save(true)} data-testid="trailing-remove">
              {t('trade:advanced.trailing.remove')}
            </button>
          )}
        </div>
      }
      onCancel={onClose}
      onConfirm={() => void save(false)}
    />
  );
}

function StopsDialog({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const t = useT();
  const decimals = pricePrecisionOf(position.market_id);
  const [takeProfit, setTakeProfit] = useState(position.target_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(position.stop_loss_price ?? '');
  const [, run] = useSubmit();
  const save = () =>
    run(async () => {
      await api('POST /lever/setstop', {
        id: position.id,
        target_profit_price: takeProfit,
        stop_loss_price: stopLoss,
      });
      toast(t('trade:contract.stops_saved'));
      onClose();
    });
  return (
    <ConfirmDialog
      open
      title={t('trade:contract.stops_title')}
      message={
        <div className={styles.dialogForm}>
          <p className={styles.note}>{t('trade:contract.stops_note')}</p>
          <NumberBox
            value={takeProfit}
            onValue={(v) => setTakeProfit(cleanAmount(v, decimals))}
            placeholder={t('trade:contract.take_profit')}
            step={10 ** -decimals}
            decimals={decimals}
            testId="stops-tp"
            labelled
          />
          <NumberBox
            value={stopLoss}
            onValue={(v) => setStopLoss(cleanAmount(v, decimals))}
            placeholder={t('trade:contract.stop_loss')}
            step={10 ** -decimals}
            decimals={decimals}
            testId="stops-sl"
            labelled
          />
        </div>
      }
      onCancel={onClose}
      onConfirm={() => void save()}
    />
  );
}
