import { useSignals } from '@preact/signals-react/runtime';
import { Fragment, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { ApiFailure, api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { draftOf, emptyDraft, inputOf, toPercent, type DraftProblem, type LockupDraft, type LockupProduct } from './lockup';
import styles from './lockup.module.css';

type Listing = ApiOutput<'GET /operator/lockup/products'>;
type Editing = { kind: 'new' } | { kind: 'edit'; product: LockupProduct };

/** The table's columns (a pause's confirmation spans them). */
const COLUMNS = 9;

/**
 * Lock-up mining as operators run it: every product with its terms, whether it is open,
 * and what it holds (orders, the amount locked, the yield paid so far, read from the
 * orders); a form to offer a new one, another to give one new terms (for what is bought
 * next: orders bought keep theirs), and pause or reopen. Each change is audited by the
 * server under the operator's name.
 */
export function LockupTab() {
  useSignals();
  const t = useConsoleT();
  const lang = consoleLanguage.value;
  const [listing, setListing] = useState<Listing | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    void api('GET /operator/lockup/products').then(setListing, () => undefined);
  }, []);
  useEffect(load, [load]);

  const setStatus = async (product: LockupProduct, to: 'pause' | 'open') => {
    if (busy) return;
    setBusy(true);
    try {
      toast(await api(to === 'pause' ? 'POST /operator/lockup/pause' : 'POST /operator/lockup/open', { id: product.id }), 3000);
    } catch {
      // Toasted by the client (another operator may have done it first): the list shows it as it is now.
    } finally {
      setBusy(false);
      setConfirming(null);
      load();
    }
  };

  const name = (product: LockupProduct) => t('products.lockup.product', { id: product.id, coin: product.code, days: product.days });
  const amount = (value: string, code: string) => `${formatAmount(value, lang)} ${code}`;
  // A rate as the app shows it: 0.003 reads 0.3%.
  const percent = (rate: string) => `${formatAmount(toPercent(rate), lang)}%`;

  return (
    <div className={styles.lockup} data-testid="lockup-tab">
      <div className={styles.head}>
        <p className={styles.intro}>{t('products.lockup.intro')}</p>
        {editing?.kind !== 'new' && listing ? (
          <button type="button" className={styles.primary} onClick={() => setEditing({ kind: 'new' })} data-testid="lockup-new">
            {t('products.lockup.new')}
          </button>
        ) : null}
      </div>
      {editing && listing ? (
        <ProductForm
          key={editing.kind === 'edit' ? editing.product.id : 'new'}
          editing={editing}
          coins={listing.coins}
          nextSort={Math.max(0, ...listing.products.map((product) => product.sort)) + 1}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      ) : null}
      {listing === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : listing.products.length === 0 ? (
        <p className={styles.empty}>{t('products.lockup.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="lockup-table">
            <thead>
              <tr>
                <th scope="col">{t('products.lockup.columns.product')}</th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.rates')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.minimum')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.penalty')}
                </th>
                <th scope="col">{t('products.lockup.columns.status')}</th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.orders')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.locked')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('products.lockup.columns.yield_paid')}
                </th>
                <th scope="col">
                  <span className={styles.hidden}>{t('products.lockup.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.products.map((product) => (
                <Fragment key={product.id}>
                  <tr data-testid={`lockup-row-${product.id}`} data-status={product.status}>
                    <th scope="row" className={styles.nowrap}>
                      {name(product)}
                      <span className={styles.sub}>{t('products.lockup.order_line', { sort: product.sort })}</span>
                    </th>
                    <td className={styles.number}>
                      {percent(product.rate_min)} – {percent(product.rate_max)}
                      <span className={styles.sub}>{t('products.lockup.full_from', { amount: amount(product.full_rate_amount, product.code) })}</span>
                    </td>
                    <td className={styles.number}>{amount(product.min_amount, product.code)}</td>
                    <td className={styles.number}>{percent(product.penalty_rate)}</td>
                    <td>
                      <span className={product.status === 'open' ? styles.open : styles.paused} data-testid="lockup-status">
                        {product.status === 'open' ? t('products.lockup.status_open') : t('products.lockup.status_paused')}
                      </span>
                    </td>
                    <td className={styles.number} data-testid="lockup-orders">
                      {formatAmount(String(product.active_orders), lang)} / {formatAmount(String(product.orders), lang)}
                    </td>
                    <td className={styles.number}>{amount(product.locked, product.code)}</td>
                    <td className={styles.number}>{amount(product.yield_paid, product.code)}</td>
                    <td className={styles.actionsCell}>
                      <span className={styles.actions}>
                        <button type="button" className={styles.quiet} onClick={() => setEditing({ kind: 'edit', product })} data-testid={`lockup-edit-${product.id}`}>
                          {t('products.lockup.edit')}
                        </button>
                        {product.status === 'open' ? (
                          <button
                            type="button"
                            className={styles.quiet}
                            aria-expanded={confirming === product.id}
                            onClick={() => setConfirming(confirming === product.id ? null : product.id)}
                            data-testid={`lockup-pause-${product.id}`}
                          >
                            {t('products.lockup.pause')}
                          </button>
                        ) : (
                          <button type="button" className={styles.quiet} disabled={busy} onClick={() => void setStatus(product, 'open')} data-testid={`lockup-open-${product.id}`}>
                            {t('products.lockup.reopen')}
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                  {confirming === product.id ? (
                    <tr className={styles.confirmRow}>
                      <td colSpan={COLUMNS}>
                        <span className={styles.confirm} role="group" aria-label={t('products.lockup.pause')}>
                          <span className={styles.confirmText}>{t('products.lockup.pause_question', { product: name(product) })}</span>
                          <button type="button" className={styles.danger} disabled={busy} onClick={() => void setStatus(product, 'pause')} data-testid="lockup-pause-confirm">
                            {t('products.lockup.pause_confirm')}
                          </button>
                          <button type="button" className={styles.quiet} onClick={() => setConfirming(null)}>
                            {t('products.lockup.cancel')}
                          </button>
                        </span>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A new product's form, or a product's new terms (its coin stays). */
function ProductForm({ editing, coins, nextSort, onClose, onSaved }: { editing: Editing; coins: Listing['coins']; nextSort: number; onClose: () => void; onSaved: () => void }) {
  const t = useConsoleT();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<LockupDraft>(() => (editing.kind === 'edit' ? draftOf(editing.product) : emptyDraft(coins[0]?.code ?? 'USDT', nextSort)));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Opened to be filled in: its first field takes the keys.
  useEffect(() => form.current?.querySelector<HTMLElement>('select, input')?.focus(), []);

  const change = (field: keyof LockupDraft) => (event: { target: { value: string } }) => {
    setDraft((value) => ({ ...value, [field]: event.target.value }));
    setProblem(null);
  };
  const problemText = (problem: DraftProblem) =>
    problem === 'required'
      ? t('products.lockup.problems.required')
      : problem === 'percent_invalid'
        ? t('products.lockup.problems.percent_invalid')
        : problem === 'days_invalid'
          ? t('products.lockup.problems.days_invalid')
          : t('products.lockup.problems.sort_invalid');
  const precision = coins.find((coin) => coin.code === draft.currency)?.precision;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = inputOf(draft);
    if ('problem' in checked) {
      setProblem(problemText(checked.problem));
      return;
    }
    setBusy(true);
    try {
      if (editing.kind === 'new') {
        const made = await api('POST /operator/lockup/create', checked.input, { silent: true });
        toast(t('products.lockup.created', { id: made.id }), 3000);
      } else {
        const { currency: _coin, ...terms } = checked.input;
        toast(await api('POST /operator/lockup/update', { id: editing.product.id, ...terms }, { silent: true }), 3000);
      }
      onSaved();
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof LockupDraft, label: string, hint: string, mode: 'decimal' | 'numeric') => (
    <label className={styles.field}>
      <span>{label}</span>
      <input
        name={name}
        value={draft[name]}
        inputMode={mode}
        autoComplete="off"
        spellCheck={false}
        maxLength={24}
        onChange={change(name)}
        aria-describedby={`${id}-${name}`}
        data-testid={`lockup-field-${name}`}
      />
      <small id={`${id}-${name}`} className={styles.hint}>
        {hint}
      </small>
    </label>
  );

  return (
    <form ref={form} className={styles.form} onSubmit={(event) => void submit(event)} data-testid="lockup-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {editing.kind === 'new'
          ? t('products.lockup.create_title')
          : t('products.lockup.edit_title', { product: t('products.lockup.product', { id: editing.product.id, coin: editing.product.code, days: editing.product.days }) })}
      </h2>
      {editing.kind === 'edit' ? <p className={styles.note}>{t('products.lockup.edit_note', { count: editing.product.active_orders })}</p> : null}
      <div className={styles.fields}>
        {editing.kind === 'new' ? (
          <label className={styles.field}>
            <span>{t('products.lockup.fields.coin')}</span>
            <select name="currency" value={draft.currency} onChange={change('currency')} data-testid="lockup-field-currency">
              {coins.map((coin) => (
                <option key={coin.code} value={coin.code}>
                  {coin.code}
                </option>
              ))}
            </select>
            <small className={styles.hint}>{t('products.lockup.fields.coin_hint')}</small>
          </label>
        ) : null}
        {field('days', t('products.lockup.fields.days'), t('products.lockup.fields.days_hint'), 'numeric')}
        {field('min_amount', t('products.lockup.fields.min_amount'), t('products.lockup.fields.amount_hint', { coin: draft.currency, decimals: precision ?? 0 }), 'decimal')}
        {field('full_rate_amount', t('products.lockup.fields.full_rate_amount'), t('products.lockup.fields.full_rate_hint'), 'decimal')}
        {field('rate_min', t('products.lockup.fields.rate_min'), t('products.lockup.fields.rate_hint'), 'decimal')}
        {field('rate_max', t('products.lockup.fields.rate_max'), t('products.lockup.fields.rate_hint'), 'decimal')}
        {field('penalty_rate', t('products.lockup.fields.penalty_rate'), t('products.lockup.fields.penalty_hint'), 'decimal')}
        {field('sort', t('products.lockup.fields.sort'), t('products.lockup.fields.sort_hint'), 'numeric')}
      </div>
      {problem ? (
        <p className={styles.problem} role="alert" data-testid="lockup-problem">
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} data-testid="lockup-save">
          {editing.kind === 'new' ? t('products.lockup.create') : t('products.lockup.save')}
        </button>
        <button type="button" className={styles.quiet} onClick={onClose}>
          {t('products.lockup.cancel')}
        </button>
      </div>
    </form>
  );
}
