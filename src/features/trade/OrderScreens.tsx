import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import type { SpotOrderView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { ordersVersion } from '../../core/account';
import { useAccountWatch, useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { formatFixed, formatDateTime } from '../../lib/format';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { Positions } from './Positions';
import { OpenOptions } from './SecondsPanel';
import { pricePrecisionOf, priceText } from './shared';
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
function Tick({ tick }: { tick: { seq: number; price: string; time: number } | null }) {
  const t = useT();
  if (!tick) return null;
  return (
    <span className={styles.tick} data-testid="tick">
      {t('trade:contract.tick', { seq: tick.seq, price: tick.price })} · {new Date(tick.time).toLocaleTimeString()}
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
      <ListFooter {...list} />
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
          {t(`trade:orders.${fill.role}`)} · {fill.amount} @ {fill.price} · {t('trade:orders.fee')} {fill.fee} · {t('trade:orders.trade_no', { seq: fill.tick.seq })}
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
  const [tab, setTab] = useState<'positions' | 'history'>('positions');
  return (
    <Screen title={t('trade:contract.title')}>
      <Tabs tabs={['positions', 'history'] as const} value={tab} onChange={setTab} label={(key) => t(key === 'positions' ? 'trade:contract.positions' : 'trade:contract.history')} />
      {tab === 'positions' ? <Positions embedded={false} /> : <PositionHistory />}
    </Screen>
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
            <div className={styles.orderHead}>
              <span className={`${styles.badge} ${position.direction === 'buy' ? styles.badgeUp : styles.badgeDown}`}>
                {t(position.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')}
              </span>
              <span className={styles.orderTitle}>{position.symbol}</span>
              <span className={`${styles.badge} ${styles.badgeFlat}`}>
                {position.status === 'cancelled' ? t('trade:contract.status.cancelled') : t(`trade:contract.reasons.${position.close_reason ?? 'user'}`)}
              </span>
              {position.status === 'closed' && <span className={`${styles.profit} ${styles.orderTime} ${profit > 0 ? 'up' : profit < 0 ? 'down' : 'flat'}`}>{formatFixed(profit, 2, lang)}</span>}
            </div>
            <dl className={styles.grid3}>
              <div>
                <dt>{t('trade:contract.lots')}</dt>
                <dd>
                  {position.share} · {position.multiple}x
                </dd>
              </div>
              <div>
                <dt>{t('trade:contract.open_price')}</dt>
                <dd>{priceText(position.market_id, position.price)}</dd>
              </div>
              <div>
                <dt>{t('trade:contract.close_price')}</dt>
                <dd>{priceText(position.market_id, position.close_price)}</dd>
              </div>
              <div>
                <dt>{t('trade:contract.fee')}</dt>
                <dd>{position.fee}</dd>
              </div>
              <div>
                <dt>{t('trade:contract.overnight')}</dt>
                <dd>{position.overnight}</dd>
              </div>
              <div>
                <dt>{t('trade:contract.closed_at')}</dt>
                <dd>{position.closed_at ? formatDateTime(position.closed_at, language.value) : '--'}</dd>
              </div>
            </dl>
            <Tick tick={position.close_tick} />
            {Number(position.shortfall) > 0 && <span className={styles.tick}>{t('trade:contract.shortfall', { amount: position.shortfall })}</span>}
          </div>
        );
      })}
      <ListFooter {...list} />
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
  const list = usePaged('GET /microtrade/lists', { status: 'settled' });
  return (
    <>
      {list.items.map((option) => {
        const profit = Number(option.profit ?? Number.NaN);
        return (
          <div key={option.id} className={styles.order} data-testid="settled-option">
            <div className={styles.orderHead}>
              <span className={`${styles.badge} ${option.direction === 'up' ? styles.badgeUp : styles.badgeDown}`}>{t(`trade:seconds.${option.direction}`)}</span>
              <span className={styles.orderTitle}>{option.symbol}</span>
              <span className={`${styles.badge} ${styles.badgeFlat}`}>{option.seconds}s</span>
              <span className={`${styles.result} ${styles.orderTime} ${profit > 0 ? 'up' : profit < 0 ? 'down' : 'flat'}`} data-testid="option-result">
                {t(`trade:seconds.result.${option.result ?? 'tie'}`)} {option.profit}
              </span>
            </div>
            <dl className={styles.grid3}>
              <div>
                <dt>{t('trade:confirm.stake')}</dt>
                <dd>
                  {option.stake} {option.code}
                </dd>
              </div>
              <div>
                <dt>{t('trade:seconds.open_price')}</dt>
                <dd>{priceText(option.market_id, option.open_price)}</dd>
              </div>
              <div>
                <dt>{t('trade:seconds.close_price')}</dt>
                <dd>{priceText(option.market_id, option.close_price)}</dd>
              </div>
            </dl>
            <Tick tick={option.close_tick} />
          </div>
        );
      })}
      <ListFooter {...list} />
    </>
  );
}
