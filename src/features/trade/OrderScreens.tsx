import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import type { SpotOrderView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { ordersVersion } from '../../core/account';
import { useAccountWatch, useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { directionOf, formatAmount, formatClock, formatDateTime, formatSigned } from '../../../contract/format';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { CopyMark } from '../copy/parts';
import { Positions } from './Positions';
import { OpenOptions } from './SecondsPanel';
import { closeReasonLabel, FactGrid, OptionHead, OrderHead, pricePrecisionOf, priceText } from './shared';
import { SpotOrderRow } from './SpotPanel';
import styles from './trade.module.css';

function Tabs<T extends string>({ tabs, value, onChange, label }: { tabs: readonly T[]; value: T; onChange: (tab: T) => void; label: (tab: T) => string }) {
  return (
    <div className={styles.sectionHead} role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === value}
          className={`${styles.sectionTitle} ${tab === value ? styles.sectionTitleOn : ''}`}
          onClick={() => onChange(tab)}
          data-testid={`orders-tab-${tab}`}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}

/** A settlement's trade, as the market feed printed it. */
function Tick({ tick }: { tick: { market_id: number; seq: number; price: string; time: number } | null }) {
  const t = useT();
  if (!tick) return null;
  return (
    <span className={styles.tick} data-testid="tick">
      {t('trade:contract.tick', { seq: tick.seq, price: priceText(tick.market_id, tick.price) })} · {formatClock(tick.time, language.value)}
    </span>
  );
}

/** transaction/currency_order: open spot orders (cancel) and finished ones, each with its fills. */
export function CurrencyOrderScreen() {
  useSignals();
  const t = useT();
  useAccountWatch();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const version = ordersVersion.value;
  const list = usePaged('GET /coin/list', { status: tab }, [version]);
  const [busy, run] = useSubmit();
  const cancel = (id: number) =>
    run(async () => {
      await api('POST /coin/cancel', { id });
      toast(t('trade:orders.cancelled'));
      list.reload();
    });
  return (
    <Screen title={t('trade:orders.title')}>
      <Tabs tabs={['open', 'history'] as const} value={tab} onChange={setTab} label={(key) => t(key === 'open' ? 'trade:orders.open' : 'trade:orders.history')} />
      {list.items.map((order) => (
        <SpotOrderRow key={order.id} order={order} pricePrecision={pricePrecisionOf(order.market_id)}>
          <Fills order={order} />
          {order.status === 'open' && (
            <button type="button" className={styles.small} disabled={busy} onClick={() => void cancel(order.id)} data-testid={`cancel-order-${order.id}`}>
              {t('trade:orders.cancel')}
            </button>
          )}
        </SpotOrderRow>
      ))}
      <ListFooter {...list} skeleton="facts" />
    </Screen>
  );
}

function Fills({ order }: { order: SpotOrderView }) {
  const t = useT();
  const [fills, setFills] = useState<ApiOutput<'GET /coin/detail'>['fills'] | null>(null);
  if (fills === null) {
    return (
      <button type="button" className={styles.small} onClick={() => void api('GET /coin/detail', { id: order.id }).then((detail) => setFills(detail.fills))} data-testid={`fills-${order.id}`}>
        {t('trade:orders.fills')}
      </button>
    );
  }
  if (fills.length === 0) return <span className={styles.tick}>{t('trade:orders.no_fills')}</span>;
  return (
    <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="fills">
      {fills.map((fill) => (
        <span key={fill.id} className={styles.tick}>
          {t(`trade:orders.${fill.role}`)} · {formatAmount(fill.amount, language.value)} @ {priceText(order.market_id, fill.price)} · {t('trade:orders.fee')} {formatAmount(fill.fee, language.value)} ·{' '}
          {t('trade:orders.trade_no', { seq: fill.tick.seq })}
        </span>
      ))}
    </div>
  );
}

/** transaction/contract_order: live positions and the history of closed ones. */
export function ContractOrderScreen() {
  const t = useT();
  useTickers();
  useAccountWatch();
  const [tab, setTab] = useState<'positions' | 'history' | 'close_orders'>('positions');
  return (
    <Screen title={t('trade:contract.title')}>
      <Tabs
        tabs={['positions', 'history', 'close_orders'] as const}
        value={tab}
        onChange={setTab}
        label={(key) => t(key === 'positions' ? 'trade:contract.positions' : key === 'history' ? 'trade:contract.history' : 'trade:advanced.close_orders.title')}
      />
      {tab === 'positions' ? <Positions embedded={false} /> : tab === 'history' ? <PositionHistory /> : <CloseOrderHistory />}
    </Screen>
  );
}

/** Reduce-only close orders, waiting and finished: what each closed, at which trade, or why it was cancelled. */
function CloseOrderHistory() {
  const t = useT();
  const lang = language.value;
  const pending = usePaged('POST /lever/close_orders', { status: 'pending' });
  const done = usePaged('POST /lever/close_orders', { status: 'history' });
  const rows = [...pending.items, ...done.items];
  return (
    <>
      {rows.length === 0 && !pending.loading && !done.loading && <p className={styles.empty}>{t('trade:advanced.close_orders.none')}</p>}
      {rows.map((order) => (
        <div key={order.id} className={styles.order} data-testid="close-order">
          <OrderHead up={order.direction === 'buy'} side={t(order.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')} symbol={order.symbol} tag={t(`trade:${order.type}`)}>
            <span className={styles.orderStatus} data-testid="close-order-status">
              {t(`trade:advanced.close_orders.status.${order.status}`)}
            </span>
          </OrderHead>
          <FactGrid
            facts={[
              [t('trade:contract.lots'), order.status === 'filled' ? t('trade:advanced.close_orders.closed_lots', { lots: order.closed_share, share: order.share }) : String(order.share)],
              [t('trade:orders.price'), order.price ? priceText(order.market_id, order.price) : t('trade:market')],
              [t('trade:contract.close_price'), priceText(order.market_id, order.close_price)],
              order.profit !== null && [t('trade:contract.realised'), formatSigned(Number(order.profit), 2, lang)],
              [t('trade:advanced.reduce_position'), `#${order.position_id}`],
              [t('trade:contract.placed_at'), formatDateTime(order.created_at, lang)],
            ]}
          />
          <Tick tick={order.tick} />
          {order.cancel_reason === 'position_closed' && <span className={styles.tick}>{t('trade:advanced.close_orders.position_closed')}</span>}
        </div>
      ))}
      <ListFooter {...done} skeleton="facts" />
    </>
  );
}

function PositionHistory() {
  const t = useT();
  const lang = language.value;
  const list = usePaged('POST /lever/my_trade', { status: 'closed' });
  return (
    <>
      {list.items.map((position) => {
        const profit = Number(position.profit ?? Number.NaN);
        return (
          <div key={position.id} className={styles.order} data-testid="closed-position">
            <OrderHead
              up={position.direction === 'buy'}
              side={t(position.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')}
              symbol={position.symbol}
              tag={position.status === 'cancelled' ? t('trade:contract.status.cancelled') : closeReasonLabel(t, position.close_reason)}
            >
              {position.status === 'closed' && <span className={`${styles.profit} ${directionOf(profit)}`}>{formatSigned(profit, 2, lang)}</span>}
            </OrderHead>
            {position.copy && <CopyMark copy={position.copy} />}
            {position.parent_id !== null && <span className={styles.tick}>{t('trade:advanced.part_of', { id: position.parent_id })}</span>}
            <FactGrid
              facts={[
                [t('trade:contract.lots'), `${position.share} · ${position.multiple}x`],
                position.roe !== null && [t('trade:advanced.roe'), `${formatSigned(Number(position.roe), 2, lang)}%`, 'position-roe'],
                [t('trade:contract.open_price'), priceText(position.market_id, position.price)],
                [t('trade:contract.close_price'), priceText(position.market_id, position.close_price)],
                [t('trade:contract.fee'), formatAmount(position.fee, lang)],
                [t('trade:contract.overnight'), formatAmount(position.overnight, lang)],
                [t('trade:contract.opened_at'), position.opened_at ? formatDateTime(position.opened_at, lang) : '--'],
                [t('trade:contract.closed_at'), position.closed_at ? formatDateTime(position.closed_at, lang) : '--'],
              ]}
            />
            <Tick tick={position.close_tick} />
            {Number(position.shortfall) > 0 && <span className={styles.tick}>{t('trade:contract.shortfall', { amount: formatAmount(position.shortfall, lang) })}</span>}
          </div>
        );
      })}
      <ListFooter {...list} skeleton="facts" />
    </>
  );
}

/** transaction/seconds_order: open options (live countdowns) and settled ones with their results. */
export function SecondsOrderScreen() {
  const t = useT();
  useTickers();
  useAccountWatch();
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  return (
    <Screen title={t('trade:seconds.title')}>
      <Tabs tabs={['open', 'settled'] as const} value={tab} onChange={setTab} label={(key) => t(key === 'open' ? 'trade:seconds.open' : 'trade:seconds.settled')} />
      {tab === 'open' ? <OpenOptions header={false} /> : <SettledOptions />}
    </Screen>
  );
}

function SettledOptions() {
  const t = useT();
  const lang = language.value;
  const list = usePaged('GET /microtrade/lists', { status: 'settled' });
  return (
    <>
      {list.items.map((option) => {
        const profit = Number(option.profit ?? Number.NaN);
        return (
          <div key={option.id} className={styles.order} data-testid="settled-option">
            <OptionHead option={option}>
              <span className={`${styles.result} ${directionOf(profit)}`} data-testid="option-result">
                {t(`trade:seconds.result.${option.result ?? 'tie'}`)} {option.profit === null ? '' : formatAmount(option.profit, lang)}
              </span>
            </OptionHead>
            <FactGrid
              facts={[
                [t('trade:confirm.stake'), `${formatAmount(option.stake, lang)} ${option.code}`],
                [t('trade:seconds.open_price'), priceText(option.market_id, option.open_price)],
                [t('trade:seconds.close_price'), priceText(option.market_id, option.close_price)],
              ]}
            />
            <Tick tick={option.close_tick} />
          </div>
        );
      })}
      <ListFooter {...list} skeleton="facts" />
    </>
  );
}
