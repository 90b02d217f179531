import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import type { DualType } from '../../../contract/dual';
import { paysInvested } from '../../../contract/dual';
import { formatAmount, formatDate } from '../../../contract/format';
import type { Money } from '../../../contract/money';
import { api } from '../../api/client';
import { markets, quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { CoinIcon } from '../../ui/CoinIcon';
import { Segmented } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Skeleton } from '../../ui/Skeleton';
import { FactGrid } from '../trade/shared';
import { coinOf, decimalsOf, dualOutcomes, type DualOrder, type DualProduct } from './dual';
import entries from '../../ui/entries.module.css';
import styles from './finance.module.css';
import { percent } from './format';

/**
 * Dual investment's parts, shared by the finance tab and the invest screens: the product
 * list by coin and kind, a product's card, its two outcomes (by contract/dual.ts) and the
 * live price of its market.
 */

/** The coin and kind last chosen, kept while the app runs (back from a product, the list is as it was). */
const choice = signal<{ type: DualType; coin: number | null }>({ type: 'call', coin: null });

/** My orders and the guide. */
export function DualEntries() {
  const t = useT();
  return (
    <div className={entries.entries}>
      <Link to="/pages/invest/mine" className={entries.entry} data-testid="dual-mine">
        {t('finance:my_orders')}
      </Link>
      <Link to="/pages/invest/help" className={entries.entry} data-testid="dual-help">
        {t('finance:dual.help')}
      </Link>
    </div>
  );
}

/** Sell high or buy low, the coins offered, and the products of the chosen pair. */
export function DualProducts() {
  useSignals();
  const t = useT();
  const { type, coin } = choice.value;
  // The coins offered in this kind (the first 50 products tell them); the list below asks the server by coin.
  const offered = useLoad(() => api('GET /dual/index', { type, limit: 50 }), [type]);
  const coins = [...new Map((offered.data?.data ?? []).map((product) => [coinOf(product).id, coinOf(product)])).values()].sort((a, b) => a.id - b.id);
  const selected = coins.find((candidate) => candidate.id === coin) ?? coins[0];
  return (
    <>
      <Segmented
        options={(['call', 'put'] as const).map((value) => ({ value, label: t(`finance:dual.types.${value}`) }))}
        value={type}
        onChange={(next) => (choice.value = { ...choice.value, type: next })}
      />
      {coins.length > 0 && (
        <div className={styles.chips} role="group" aria-label={t('finance:dual.coins')}>
          {coins.map((option) => (
            <button
              key={option.id}
              type="button"
              aria-pressed={option.id === selected?.id}
              className={`${styles.chip} ${option.id === selected?.id ? styles.chipOn : ''}`}
              onClick={() => (choice.value = { ...choice.value, coin: option.id })}
              data-testid={`dual-coin-${option.code}`}
            >
              <CoinIcon code={option.code} size={16} />
              {option.code}
            </button>
          ))}
        </div>
      )}
      {selected && <p className={styles.note}>{t(`finance:dual.type_note.${type}`, { coin: selected.code })}</p>}
      {selected ? (
        <DualList key={`${type}:${selected.id}`} type={type} coin={selected.id} />
      ) : offered.data || offered.failed ? (
        <p className={styles.empty}>{t('finance:dual.none')}</p>
      ) : (
        <Skeleton shape="card" />
      )}
    </>
  );
}

function DualList({ type, coin }: { type: DualType; coin: number }) {
  const list = usePaged('GET /dual/index', { type, currency_id: coin });
  return (
    <>
      {list.items.map((product) => (
        <DualProductCard key={product.id} product={product} />
      ))}
      <ListFooter {...list} skeleton="card" />
    </>
  );
}

/** A product in the list: kind, APR, linked price, term, maturity, the shares left. */
export function DualProductCard({ product }: { product: DualProduct }) {
  const t = useT();
  const lang = language.value;
  return (
    <Link to="/pages/invest/purchase" search={{ id: product.id }} className={styles.card} data-testid="dual-product" data-product={product.id}>
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
          [t('finance:dual.term'), t('finance:dual.days', { count: product.days })],
          [t('finance:dual.maturity'), formatDate(product.maturity_at, lang)],
        ]}
      />
      <DualProgress product={product} />
    </Link>
  );
}

/** The symbol, the kind and the status. */
export function DualHead({ product, status }: { product: DualProduct; status?: DualOrder['status'] }) {
  const t = useT();
  const shown = status ?? product.status;
  return (
    <div className={styles.head}>
      <CoinIcon code={coinOf(product).code} size={22} />
      <span className={styles.symbol}>{product.symbol}</span>
      <span className={`${styles.badge} ${styles.kind}`}>{t(`finance:dual.types.${product.type}`)}</span>
      <span className={`${styles.badge} ${styles.status} ${styles[shown] ?? ''}`} data-testid="dual-status">
        {status ? t(`finance:dual.orders.status.${status}`) : t(`finance:dual.status.${product.status}`)}
      </span>
    </div>
  );
}

export function DualProgress({ product }: { product: DualProduct }) {
  const t = useT();
  const lang = language.value;
  const sold = Math.min(100, Math.max(0, Number(product.progress) * 100));
  const left = t('finance:dual.remaining', { remaining: formatAmount(String(product.remaining_shares), lang), total: formatAmount(String(product.total_shares), lang) });
  return (
    <div className={styles.progress}>
      <span data-testid="dual-remaining">{left}</span>
      {/* the text above says it; the bar only draws it */}
      <div className={styles.bar} aria-hidden="true">
        <div className={styles.barFill} style={{ width: `${sold}%` }} />
      </div>
    </div>
  );
}

/** The last price of a product's market, live once the tickers come, else the one the page was given. */
function useLastPrice(product: DualProduct, fallback?: string): number | null {
  useSignals();
  void markets.value;
  const last = quoteOf(product.market_id)?.last.value;
  if (last !== undefined && Number.isFinite(last)) return last;
  return fallback === undefined ? null : Number(fallback);
}

export function LivePrice({ product, fallback }: { product: DualProduct; fallback: string }) {
  useSignals();
  const lang = language.value;
  void markets.value;
  const quote = quoteOf(product.market_id);
  const live = quote !== undefined && Number.isFinite(quote.last.value);
  return <span data-testid="dual-price">{live ? quote.lastText.value : formatAmount(fallback, lang)}</span>;
}

/**
 * The two outcomes of an amount: the condition on the settlement price and what each
 * pays, in the currency it pays in; with `price`, the one today's price would give is marked.
 */
export function DualOutcomes({ product, amount, price }: { product: DualProduct; amount: Money | string; price?: string }) {
  const t = useT();
  const lang = language.value;
  const { invested, other } = dualOutcomes(product, amount, decimalsOf(product));
  const linked = formatAmount(product.linked_price, lang);
  const call = product.type === 'call';
  const rows = [
    {
      side: 'invested' as const,
      when: t(call ? 'finance:dual.below' : 'finance:dual.above', { symbol: product.symbol, price: linked }),
      pays: `${formatAmount(invested.toFixed(product.invest_precision), lang)} ${product.invest_code}`,
    },
    {
      side: 'other' as const,
      when: t(call ? 'finance:dual.at_or_above' : 'finance:dual.at_or_below', { price: linked }),
      pays: `${formatAmount(other.toFixed(product.other_precision), lang)} ${product.other_code}`,
    },
  ];
  return (
    <div className={styles.outcomes}>
      {rows.map((row) => (
        <Outcome key={row.side} product={product} side={row.side} when={row.when} pays={row.pays} {...(price === undefined ? {} : { price })} />
      ))}
    </div>
  );
}

function Outcome({ product, side, when, pays, price }: { product: DualProduct; side: 'invested' | 'other'; when: string; pays: string; price?: string }) {
  const t = useT();
  const last = useLastPrice(product, price);
  const now = price !== undefined && last !== null && paysInvested(product, last) === (side === 'invested');
  return (
    <div className={`${styles.outcome} ${now ? styles.outcomeNow : ''}`} data-testid={`dual-outcome-${side}`}>
      <div className={styles.outcomeHead}>
        <span>{when}</span>
        {now && <span className={styles.nowTag}>{t('finance:dual.now')}</span>}
      </div>
      <span className={styles.outcomeAmount} data-testid={`dual-pays-${side}`}>
        {t('finance:dual.receive', { amount: pays })}
      </span>
    </div>
  );
}
