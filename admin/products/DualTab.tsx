import { useState, type FormEvent } from 'react';
import type { ApiInput, ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime, formatFixed } from '../../contract/format';
import { Money } from '../../contract/money';
import { toast } from '../../src/ui/toast';
import { ApiFailure, api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { useRead } from '../users/read';
import { aprFraction, fromLocalInput, hoursAhead, isPositiveDecimal, percentOf, toLocalInput, wholeIn } from './dual-ieo';
import styles from './dual-ieo.module.css';

type Listing = ApiOutput<'GET /operator/dual'>;
type Product = Listing['data'][number];
type DualMarket = Listing['markets'][number];
type Status = Product['status'];
type Offer = ApiInput<'POST /operator/dual/create'>;

const STATUSES: readonly Status[] = ['open', 'holding', 'settling', 'settled', 'closed'];
const PAGE = 20;
const DAY = 86_400_000;

/** The words of a product's state, written whole so admin/i18n.test.ts finds each key. */
const statusWord = (t: ConsoleT, status: Status): string =>
  ({
    open: t('products.dual.status.open'),
    holding: t('products.dual.status.holding'),
    settling: t('products.dual.status.settling'),
    settled: t('products.dual.status.settled'),
    closed: t('products.dual.status.closed'),
  })[status];

/**
 * Dual investment: every product the exchange has offered, of every state, with what its
 * records say (shares sold, orders, the amount subscribed, and for a settled one the trade
 * it settled at); a form to offer a new one; withdrawing one still open for purchase (its
 * orders refunded in full). Nothing here sets a price: a product settles on the first
 * trade of its market at or after maturity.
 */
export function DualTab() {
  const t = useConsoleT();
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const listing = useRead(() => api('GET /operator/dual', { ...(status !== '' ? { status } : {}), page, limit: PAGE }), [status, page]);
  const shown = listing.data;

  return (
    <div className={styles.tab} data-testid="dual-tab">
      <p className={styles.honest}>{t('products.dual.intro')}</p>
      <div className={styles.bar}>
        <label className={styles.filter}>
          <span>{t('products.dual.filter')}</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value === '' ? '' : (STATUSES.find((value) => value === event.target.value) ?? ''));
              setPage(1);
            }}
            data-testid="dual-filter"
          >
            <option value="">{t('products.dual.all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusWord(t, value)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.quiet} onClick={listing.reload}>
          {t('products.dual.refresh')}
        </button>
        {creating ? null : (
          <button type="button" className={styles.primary} onClick={() => setCreating(true)} data-testid="dual-new">
            {t('products.dual.new')}
          </button>
        )}
      </div>
      {creating && shown ? (
        <DualForm
          markets={shown.markets}
          onDone={(id) => {
            setCreating(false);
            if (id !== null) {
              setStatus('');
              setPage(1);
              listing.reload();
            }
          }}
        />
      ) : null}
      {shown === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : shown.data.length === 0 ? (
        <p className={styles.empty} data-testid="dual-empty">
          {page > 1 ? t('products.dual.no_more') : t('products.dual.none')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="dual-table">
            <thead>
              <tr>
                <th scope="col">{t('products.dual.fields.id')}</th>
                <th scope="col">{t('products.dual.fields.product')}</th>
                <th scope="col">{t('products.dual.fields.terms')}</th>
                <th scope="col">{t('products.dual.fields.dates')}</th>
                <th scope="col">{t('products.dual.fields.shares')}</th>
                <th scope="col">{t('products.dual.fields.orders')}</th>
                <th scope="col">{t('products.dual.fields.subscribed')}</th>
                <th scope="col">{t('products.dual.fields.status')}</th>
                <th scope="col">{t('products.dual.fields.settlement')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.data.map((product) => (
                <ProductRow key={product.id} product={product} onChanged={listing.reload} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown && (page > 1 || shown.more) ? (
        <nav className={styles.pager} aria-label={t('products.dual.pages')}>
          <button type="button" className={styles.quiet} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('products.dual.previous')}
          </button>
          <span>{t('products.dual.page', { page })}</span>
          <button type="button" className={styles.quiet} disabled={!shown.more} onClick={() => setPage(page + 1)} data-testid="dual-next">
            {t('products.dual.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function ProductRow({ product, onChanged }: { product: Product; onChanged: () => void }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const amount = (text: string, code: string) => `${formatAmount(text, language)} ${code}`;
  const whole = (value: number) => formatFixed(value, 0, language);
  const tick = product.settle_tick;

  const withdraw = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api('POST /operator/dual/close', { id: product.id });
      toast(t('products.dual.withdrawn', { id: product.id, orders: whole(product.orders) }), 3000);
    } catch {
      // Toasted by the client (the product may have closed for purchase meanwhile): the list shows it as it is now.
    } finally {
      setBusy(false);
      setConfirming(false);
      onChanged();
    }
  };

  return (
    <tr data-testid="dual-row" data-product={product.id}>
      <td className={styles.number}>{product.id}</td>
      <td>
        <strong className={styles.nowrap}>{product.symbol}</strong>
        <span className={styles.sub}>{product.type === 'call' ? t('products.dual.call') : t('products.dual.put')}</span>
      </td>
      <td>
        <dl className={styles.terms}>
          <dt>{t('products.dual.fields.unit_price')}</dt>
          <dd>{amount(product.unit_price, product.invest_code)}</dd>
          <dt>{t('products.dual.fields.apr')}</dt>
          <dd>{`${formatAmount(percentOf(product.apr), language)}%`}</dd>
          <dt>{t('products.dual.fields.linked_price')}</dt>
          <dd>{formatAmount(product.linked_price, language)}</dd>
          <dt>{t('products.dual.fields.days')}</dt>
          <dd>{t('products.dual.days', { days: product.days })}</dd>
        </dl>
      </td>
      <td className={styles.when}>
        <span className={styles.label}>{t('products.dual.fields.subscribe_until')}</span>
        <span>{formatDateTime(product.subscribe_until, language)}</span>
        <span className={styles.label}>{t('products.dual.fields.maturity')}</span>
        <span>{formatDateTime(product.maturity_at, language)}</span>
      </td>
      <td className={styles.number} data-testid="dual-shares">
        {t('products.dual.sold_of', { sold: whole(product.sold_shares), total: whole(product.total_shares) })}
        <span className={styles.sub}>{`${formatAmount(percentOf(product.progress), language)}%`}</span>
      </td>
      <td className={styles.number} data-testid="dual-orders">
        {whole(product.orders)}
        <span className={styles.sub}>{t('products.dual.buyers', { number: whole(product.buyers) })}</span>
      </td>
      <td className={styles.number} data-testid="dual-subscribed">
        {amount(product.subscribed, product.invest_code)}
      </td>
      <td>
        <span className={`${styles.state} ${styles[product.status] ?? ''}`} data-testid="dual-status">
          {statusWord(t, product.status)}
        </span>
        {product.status === 'closed' && product.settled_at !== null ? <span className={styles.sub}>{formatDateTime(product.settled_at, language)}</span> : null}
        {product.status === 'open' ? (
          confirming ? (
            <span className={styles.confirm} role="group" aria-label={t('products.dual.withdraw')}>
              <span>{t('products.dual.withdraw_confirm', { orders: whole(product.orders) })}</span>
              <button type="button" className={styles.danger} disabled={busy} onClick={() => void withdraw()} data-testid="dual-withdraw-yes">
                {t('products.dual.withdraw_yes')}
              </button>
              <button type="button" className={styles.quiet} onClick={() => setConfirming(false)}>
                {t('products.dual.keep')}
              </button>
            </span>
          ) : (
            <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => setConfirming(true)} data-testid="dual-withdraw">
              {t('products.dual.withdraw')}
            </button>
          )
        ) : null}
      </td>
      <td className={styles.note} data-testid="dual-settlement">
        {tick ? (
          <>
            <span className={styles.nowrap}>{formatAmount(tick.price, language)}</span>
            <span className={styles.sub}>{t('products.dual.trade', { seq: tick.seq })}</span>
            <span className={styles.sub}>{formatDateTime(tick.time, language)}</span>
          </>
        ) : (
          <span className={styles.sub}>{product.status === 'closed' ? t('products.dual.refunded') : t('products.dual.at_maturity')}</span>
        )}
      </td>
    </tr>
  );
}

interface Draft {
  market: string;
  type: 'call' | 'put';
  unit: string;
  apr: string;
  linked: string;
  days: string;
  until: string;
  shares: string;
}

/** The offer the form holds, or the first field that is not right (its words). */
function offerOf(draft: Draft, market: DualMarket | undefined, t: ConsoleT): { offer: Offer } | { field: keyof Draft; problem: string } {
  if (!market) return { field: 'market', problem: t('products.dual.problems.market') };
  const invested = draft.type === 'call' ? market.base_precision : market.quote_precision;
  if (!isPositiveDecimal(draft.unit, invested)) return { field: 'unit', problem: t('products.dual.problems.decimal', { decimals: invested }) };
  const apr = aprFraction(draft.apr);
  if (apr === null || new Money(apr).gt(10)) return { field: 'apr', problem: t('products.dual.problems.apr') };
  if (!isPositiveDecimal(draft.linked, market.price_precision)) return { field: 'linked', problem: t('products.dual.problems.decimal', { decimals: market.price_precision }) };
  const days = wholeIn(draft.days, 1, 365);
  if (days === null) return { field: 'days', problem: t('products.dual.problems.days') };
  const until = fromLocalInput(draft.until);
  if (until === null || until <= Date.now()) return { field: 'until', problem: t('products.dual.problems.until') };
  const shares = wholeIn(draft.shares, 1, 100_000_000);
  if (shares === null) return { field: 'shares', problem: t('products.dual.problems.shares') };
  return {
    offer: { market_id: market.id, type: draft.type, unit_price: draft.unit.trim(), apr, linked_price: draft.linked.trim(), days, subscribe_until: until, total_shares: shares },
  };
}

function DualForm({ markets, onDone }: { markets: readonly DualMarket[]; onDone: (id: number | null) => void }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [draft, setDraft] = useState<Draft>(() => ({
    market: String(markets[0]?.id ?? ''),
    type: 'call',
    unit: '',
    apr: '',
    linked: '',
    days: '7',
    until: toLocalInput(hoursAhead(Date.now(), 24)),
    shares: '1000',
  }));
  const [problem, setProblem] = useState<{ field: keyof Draft | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const market = markets.find((candidate) => String(candidate.id) === draft.market);
  const invested = market ? (draft.type === 'call' ? market.base : market.quote) : '';
  const other = market ? (draft.type === 'call' ? market.quote : market.base) : '';
  const until = fromLocalInput(draft.until);
  const days = wholeIn(draft.days, 1, 365);

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = offerOf(draft, market, t);
    if ('field' in checked) {
      setProblem({ field: checked.field, text: checked.problem });
      return;
    }
    setBusy(true);
    try {
      const { id } = await api('POST /operator/dual/create', checked.offer);
      toast(t('products.dual.created', { id }), 3000);
      onDone(id);
    } catch (failure) {
      // Toasted by the client; the server's words stay beside the form too.
      if (failure instanceof ApiFailure && failure.kind === 'error') setProblem({ field: null, text: failure.message });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof Draft) => ({
    'aria-invalid': problem?.field === name,
    'aria-describedby': problem?.field === name ? 'dual-problem' : undefined,
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="dual-form">
      <h2>{t('products.dual.new_title')}</h2>
      <div className={styles.grid}>
        <label>
          <span>{t('products.dual.fields.market')}</span>
          <select value={draft.market} onChange={(event) => set('market')(event.target.value)} {...field('market')} data-testid="dual-market">
            {markets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.symbol}
              </option>
            ))}
          </select>
          {market ? <span className={styles.hint}>{t('products.dual.last_price', { price: formatAmount(market.last, language), quote: market.quote })}</span> : null}
        </label>
        <fieldset className={styles.kinds}>
          <legend>{t('products.dual.fields.kind')}</legend>
          <label>
            <input type="radio" name="dual-type" value="call" checked={draft.type === 'call'} onChange={() => set('type')('call')} data-testid="dual-type-call" />
            <span>{t('products.dual.call')}</span>
          </label>
          <label>
            <input type="radio" name="dual-type" value="put" checked={draft.type === 'put'} onChange={() => set('type')('put')} data-testid="dual-type-put" />
            <span>{t('products.dual.put')}</span>
          </label>
          {market ? <span className={styles.hint}>{t('products.dual.kind_hint', { invested, other })}</span> : null}
        </fieldset>
        <label>
          <span>{t('products.dual.fields.unit_price_in', { code: invested })}</span>
          <input value={draft.unit} inputMode="decimal" autoComplete="off" onChange={(event) => set('unit')(event.target.value)} {...field('unit')} data-testid="dual-unit" />
        </label>
        <label>
          <span>{t('products.dual.fields.apr_percent')}</span>
          <input value={draft.apr} inputMode="decimal" autoComplete="off" onChange={(event) => set('apr')(event.target.value)} {...field('apr')} data-testid="dual-apr" />
        </label>
        <label>
          <span>{t('products.dual.fields.linked_price_in', { code: market?.quote ?? '' })}</span>
          <input value={draft.linked} inputMode="decimal" autoComplete="off" onChange={(event) => set('linked')(event.target.value)} {...field('linked')} data-testid="dual-linked" />
        </label>
        <label>
          <span>{t('products.dual.fields.days')}</span>
          <input value={draft.days} inputMode="numeric" autoComplete="off" onChange={(event) => set('days')(event.target.value)} {...field('days')} data-testid="dual-days" />
        </label>
        <label>
          <span>{t('products.dual.fields.subscribe_until')}</span>
          <input type="datetime-local" value={draft.until} onChange={(event) => set('until')(event.target.value)} {...field('until')} data-testid="dual-until" />
          {until !== null && days !== null ? <span className={styles.hint}>{t('products.dual.maturity_hint', { at: formatDateTime(until + days * DAY, language) })}</span> : null}
        </label>
        <label>
          <span>{t('products.dual.fields.total_shares')}</span>
          <input value={draft.shares} inputMode="numeric" autoComplete="off" onChange={(event) => set('shares')(event.target.value)} {...field('shares')} data-testid="dual-shares-input" />
        </label>
      </div>
      <p className={styles.hint}>{t('products.dual.settles_hint')}</p>
      {problem ? (
        <p id="dual-problem" className={styles.problem} role="alert" data-testid="dual-problem">
          {problem.text}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} data-testid="dual-create">
          {t('products.dual.create')}
        </button>
        <button type="button" className={styles.quiet} onClick={() => onDone(null)}>
          {t('products.dual.cancel')}
        </button>
      </div>
    </form>
  );
}
