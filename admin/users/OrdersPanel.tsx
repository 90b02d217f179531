import type { ReactNode } from 'react';
import { formatAmount, formatDateTime } from '../../contract/format';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { useRead } from './read';
import { word } from './words';
import styles from './users.module.css';

/**
 * The user's trading, read only: spot orders, futures positions, reduce-only close
 * orders and seconds options, each its open ones first, then the newest finished ones.
 * Nothing here changes them: they follow the market, frozen account or not.
 */
export function OrdersPanel({ uid }: { uid: number }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const orders = useRead(() => api('GET /operator/user/orders', { uid }), [uid]);
  const data = orders.data;
  if (data === null) return <div className={styles.wait} aria-busy="true" />;
  const amount = (text: string | null) => (text === null ? '—' : formatAmount(text, language));
  const when = (time: number) => formatDateTime(time, language);
  return (
    <div className={styles.panel} data-testid="user-orders">
      <p className={styles.scope}>{t('users.orders_scope')}</p>
      <Orders
        title={t('users.spot')}
        testId="orders-spot"
        head={[
          t('users.fields.id'),
          t('users.fields.at'),
          t('users.fields.market'),
          t('users.fields.side'),
          t('users.fields.type'),
          t('users.fields.price'),
          t('users.fields.quantity'),
          t('users.fields.filled'),
          t('users.fields.status'),
        ]}
        numbers={[5, 6, 7]}
        rows={data.spot.map((order) => ({
          id: order.id,
          cells: [
            order.id,
            when(order.created_at),
            order.symbol,
            word(t, 'sides', order.side),
            word(t, 'spot_types', order.type),
            amount(order.price),
            amount(order.amount),
            amount(order.filled),
            word(t, 'spot_status', order.status),
          ],
        }))}
      />
      <Orders
        title={t('users.positions')}
        testId="orders-positions"
        head={[
          t('users.fields.id'),
          t('users.fields.at'),
          t('users.fields.market'),
          t('users.fields.direction'),
          t('users.fields.lots'),
          t('users.fields.multiple'),
          t('users.fields.open_price'),
          t('users.fields.margin'),
          t('users.fields.profit'),
          t('users.fields.status'),
        ]}
        numbers={[4, 5, 6, 7, 8]}
        rows={data.positions.map((position) => ({
          id: position.id,
          cells: [
            position.id,
            when(position.opened_at ?? position.created_at),
            position.symbol,
            word(t, 'directions', position.direction),
            position.share,
            `${position.multiple}×`,
            amount(position.price ?? position.limit_price),
            amount(position.margin),
            amount(position.profit),
            position.close_reason === null ? word(t, 'position_status', position.status) : `${word(t, 'position_status', position.status)} · ${word(t, 'close_reasons', position.close_reason)}`,
          ],
        }))}
      />
      <Orders
        title={t('users.close_orders')}
        testId="orders-close"
        head={[
          t('users.fields.id'),
          t('users.fields.at'),
          t('users.fields.market'),
          t('users.fields.position'),
          t('users.fields.type'),
          t('users.fields.lots'),
          t('users.fields.price'),
          t('users.fields.status'),
        ]}
        numbers={[5, 6]}
        rows={data.close_orders.map((order) => ({
          id: order.id,
          cells: [
            order.id,
            when(order.created_at),
            order.symbol,
            order.position_id,
            word(t, 'close_order_types', order.type),
            order.share,
            amount(order.price),
            word(t, 'close_order_status', order.status),
          ],
        }))}
      />
      <Orders
        title={t('users.options')}
        testId="orders-options"
        head={[
          t('users.fields.id'),
          t('users.fields.at'),
          t('users.fields.market'),
          t('users.fields.direction'),
          t('users.fields.seconds'),
          t('users.fields.stake'),
          t('users.fields.open_price'),
          t('users.fields.result'),
          t('users.fields.payout'),
          t('users.fields.status'),
        ]}
        numbers={[4, 5, 6, 8]}
        rows={data.options.map((option) => ({
          id: option.id,
          cells: [
            option.id,
            when(option.created_at),
            option.symbol,
            word(t, 'option_directions', option.direction),
            option.seconds,
            `${amount(option.stake)} ${option.code}`,
            amount(option.open_price),
            option.result === null ? '—' : word(t, 'option_results', option.result),
            option.status === 'open' ? '—' : amount(option.payout),
            word(t, 'option_status', option.status),
          ],
        }))}
      />
    </div>
  );
}

/** One kind's table, or a line saying there is none. `numbers`: the columns written as figures (right-aligned). */
function Orders({ title, testId, head, numbers, rows }: { title: string; testId: string; head: string[]; numbers: number[]; rows: { id: number; cells: ReactNode[] }[] }) {
  const t = useConsoleT();
  return (
    <section className={styles.card} data-testid={testId}>
      <h2>
        {title} <span className={styles.count}>{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{t('users.orders_none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                {head.map((label, column) => (
                  <th key={label} scope="col" className={numbers.includes(column) ? styles.number : undefined}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={`${testId}-row`}>
                  {row.cells.map((cell, column) => (
                    <td key={head[column] ?? column} className={numbers.includes(column) ? styles.number : column === 1 ? styles.when : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
