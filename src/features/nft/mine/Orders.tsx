import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatDateTime } from '../../../../contract/format';
import { api } from '../../../api/client';
import { language, useT } from '../../../i18n';
import { usePaged } from '../../../lib/usePaged';
import { useSubmit } from '../../../lib/useSubmit';
import { ConfirmDialog } from '../../../ui/Dialog';
import { ListFooter } from '../../../ui/ListFooter';
import { toast } from '../../../ui/toast';
import { countdown } from '../../finance/ieo';
import { useNow } from '../../finance/IeoParts';
import styles from './mine.module.css';
import { itemTarget, listingTarget, orderState, type NftBoxUnit, type NftOrder, type OrderState } from './nft';
import { NftLink, useAmount } from './parts';

type Filter = 'to_pay' | 'all';

/**
 * The user's orders (spec 4: to be paid, paid, expired): those to pay first, then all.
 * An auction won waits for payment until its deadline, with a live countdown; a payment
 * returns the deposit; past the deadline the deposit is forfeited.
 */
export function OrdersTab({ boxes, onPaid }: { boxes: readonly NftBoxUnit[]; onPaid: () => void }) {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('to_pay');
  const list = usePaged('GET /bind_box/getNeedPayNFTOrder', { status: filter });
  const now = useNow();
  const [paying, setPaying] = useState<NftOrder | null>(null);
  const [busy, run] = useSubmit();
  const amount = useAmount();
  const pay = (order: NftOrder) =>
    void run(async () => {
      setPaying(null);
      await api('POST /bind_box/payNFTOrder', { id: order.id });
      toast(t('nft:mine.orders.paid_done'));
      list.reload();
      onPaid();
    });
  return (
    <>
      <div className={styles.segments} role="tablist">
        {(['to_pay', 'all'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={filter === key}
            className={`${styles.segment} ${filter === key ? styles.segmentOn : ''}`}
            onClick={() => setFilter(key)}
            data-testid={`nft-orders-${key}`}
          >
            {t(`nft:mine.orders.filter.${key}`)}
          </button>
        ))}
      </div>
      <div className={styles.list}>
        {list.items.map((order) => (
          <OrderCard key={order.id} order={order} box={boxes.find((unit) => unit.box.id === order.box_id)?.box} state={orderState(order, now)} busy={busy} onPay={() => setPaying(order)} />
        ))}
      </div>
      {!list.loading && list.items.length === 0 ? (
        <p className={styles.empty}>{t(filter === 'to_pay' ? 'nft:mine.orders.none_to_pay' : 'nft:mine.orders.none')}</p>
      ) : (
        <ListFooter {...list} skeleton="facts" />
      )}
      <ConfirmDialog
        open={paying !== null}
        title={t('nft:mine.orders.pay_title')}
        message={
          paying &&
          t(paying.deposit === null ? 'nft:mine.orders.pay_confirm' : 'nft:mine.orders.pay_confirm_deposit', {
            name: paying.item?.name ?? '',
            price: amount(paying.price, paying.currency),
            deposit: amount(paying.deposit ?? '0', paying.currency),
          })
        }
        confirmLabel={t('nft:mine.orders.pay')}
        onCancel={() => setPaying(null)}
        onConfirm={() => paying && pay(paying)}
      />
    </>
  );
}

const STATE_CLASS: Record<OrderState['kind'], string | undefined> = { to_pay: styles.waiting, overdue: styles.bad, paid: styles.good, expired: styles.bad };

function OrderCard({ order, box, state, busy, onPay }: { order: NftOrder; box: NftBoxUnit['box'] | undefined; state: OrderState; busy: boolean; onPay: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const amount = useAmount();
  const { item } = order;
  const target = item ? itemTarget(item.code) : order.box_id !== null ? listingTarget({ mode: 'box', id: order.box_id }) : null;
  const head = (
    <>
      {(item?.cover ?? box?.cover) ? <img className={styles.thumb} src={item?.cover ?? box?.cover} alt="" /> : <span className={styles.thumb} />}
      <span className={styles.headText}>
        <span className={styles.name}>{item?.name ?? box?.name ?? t('nft:mine.orders.box')}</span>
        <span className={styles.sub}>
          {t(`nft:market.kind.${order.kind}`)}
          {item ? ` · ${item.code}` : ''}
        </span>
      </span>
    </>
  );
  return (
    <section className={styles.card} data-testid="nft-order" data-order={order.id} data-status={state.kind}>
      <div className={styles.head}>
        {target ? (
          <NftLink to={target} className={styles.headLink}>
            {head}
          </NftLink>
        ) : (
          head
        )}
        <span className={`${styles.badge} ${STATE_CLASS[state.kind]}`} data-testid="nft-order-status">
          {t(`nft:mine.orders.status.${state.kind}`)}
        </span>
      </div>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('nft:mine.orders.price')}</span>
          <strong data-testid="nft-order-price">{amount(order.price, order.currency)}</strong>
        </div>
        {order.deposit !== null && (
          <div className={styles.row}>
            <span>{t(state.kind === 'paid' ? 'nft:mine.orders.deposit_returned' : state.kind === 'to_pay' ? 'nft:mine.orders.deposit_back' : 'nft:mine.orders.deposit_lost')}</span>
            <strong data-testid="nft-order-deposit">{amount(order.deposit, order.currency)}</strong>
          </div>
        )}
        {order.pay_by !== null && state.kind !== 'paid' && (
          <div className={styles.row}>
            <span>{t('nft:mine.orders.pay_by')}</span>
            <strong>{formatDateTime(order.pay_by, lang)}</strong>
          </div>
        )}
        <div className={styles.row}>
          <span>{t(order.paid_at === null ? 'nft:mine.orders.created' : 'nft:mine.orders.paid_at')}</span>
          <strong>{formatDateTime(order.paid_at ?? order.created_at, lang)}</strong>
        </div>
      </div>
      {state.kind === 'to_pay' && (
        <div className={styles.actions} style={{ justifyContent: 'space-between', alignItems: 'center' }}>
          {Number.isFinite(state.left) ? <TimeLeft ms={state.left} /> : <span />}
          <button type="button" className={styles.action} disabled={busy} onClick={onPay} data-testid="nft-order-pay">
            {t('nft:mine.orders.pay')}
          </button>
        </div>
      )}
      {state.kind === 'overdue' && <p className={styles.warning}>{t('nft:mine.orders.overdue')}</p>}
      {state.kind === 'expired' && (
        <p className={styles.warning} data-testid="nft-order-forfeit">
          {order.deposit === null ? t('nft:mine.orders.expired_plain') : t('nft:mine.orders.forfeited', { deposit: amount(order.deposit, order.currency) })}
        </p>
      )}
    </section>
  );
}

/** "Pay within 23:59:59" (days first past a day), read again every second. */
function TimeLeft({ ms }: { ms: number }) {
  const t = useT();
  const { days, clock } = countdown(ms);
  return (
    <span className={styles.countdown} role="timer" data-testid="nft-order-countdown">
      {t('nft:mine.orders.left', { time: days > 0 ? `${t('nft:market.days_short', { count: days })} ${clock}` : clock })}
    </span>
  );
}
