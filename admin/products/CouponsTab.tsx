import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { ApiInput, ApiOutput } from '../../contract/api';
import { formatAmount, formatDate, formatDateTime } from '../../contract/format';
import { Money } from '../../contract/money';
import { useRequestIds } from '../../src/lib/requestId';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { useRead } from '../users/read';
import { couponShare, type CouponFilter } from './coupons';
import styles from './terms.module.css';

type Coupon = ApiOutput<'GET /operator/coupons'>['data'][number];
type Status = Coupon['status'];
type Scope = NonNullable<Coupon['scope']>;

const STATUSES: readonly Status[] = ['available', 'used', 'expired', 'revoked'];
const PAGE = 20;
const DAY = 86_400_000;

/**
 * Coupons: grant a user (by UID) a fee discount on one product or a bonus in a currency,
 * see what was granted (by user and state, newest first) and revoke one still available
 * with a reason. A grant carries a request id (src/lib/requestId.ts), so a double click or
 * a retry after a lost answer makes one coupon.
 */
export function CouponsTab() {
  useSignals();
  const t = useConsoleT();
  const [filter, setFilter] = useState<CouponFilter>({ page: 1 });
  const list = useRead(() => api('GET /operator/coupons', { ...filter, limit: PAGE }), [JSON.stringify(filter)]);
  return (
    <div className={styles.stack}>
      <GrantForm t={t} onGranted={list.reload} />
      <section className={styles.section} aria-labelledby="coupons-list-title">
        <h2 id="coupons-list-title">{t('products.coupons.list_title')}</h2>
        <Filters
          t={t}
          filter={filter}
          onChange={(next) => {
            // Shown again even when the filter is the same: "Show" reads the coupons as they are now.
            setFilter(next);
            list.reload();
          }}
        />
        {list.data === null ? (
          <div className={styles.wait} aria-busy="true" />
        ) : list.data.data.length === 0 ? (
          <p className={styles.empty} data-testid="coupons-empty">
            {filter.page > 1 ? t('products.coupons.no_more') : t('products.coupons.none')}
          </p>
        ) : (
          <CouponTable t={t} coupons={list.data.data} onChanged={list.reload} />
        )}
        {list.data && (filter.page > 1 || list.data.more) ? (
          <nav className={styles.pager} aria-label={t('products.coupons.pages')}>
            <button type="button" className={styles.quiet} disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
              {t('products.coupons.previous')}
            </button>
            <span>{t('products.coupons.page', { page: filter.page })}</span>
            <button type="button" className={styles.quiet} disabled={!list.data.more} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
              {t('products.coupons.next')}
            </button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** What a coupon gives, in the console's words: "50 % off conversion fees", "20 USDT bonus". */
function describe(t: ConsoleT, coupon: Pick<Coupon, 'kind' | 'value' | 'scope' | 'code'>): string {
  const language = consoleLanguage.value;
  if (coupon.kind === 'fee_discount' && coupon.scope !== null) return t(`products.coupons.describe.${coupon.scope}`, { percent: formatAmount(new Money(coupon.value).times(100).toFixed(), language) });
  return t('products.coupons.describe.bonus', { amount: formatAmount(new Money(coupon.value).toFixed(), language), currency: coupon.code });
}

function GrantForm({ t, onGranted }: { t: ConsoleT; onGranted: () => void }) {
  const language = consoleLanguage.value;
  const [uid, setUid] = useState('');
  const [kind, setKind] = useState<Coupon['kind']>('bonus');
  const [scope, setScope] = useState<Scope>('conversion');
  const [percent, setPercent] = useState('50');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('USDT');
  const [days, setDays] = useState('30');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const requestIds = useRequestIds();
  const coins = useRead(() => api('GET /currency/list', {}, { silent: true }), []);
  const codes = [...new Set((coins.data ?? []).map((coin) => coin.name))];

  const uidNumber = /^[1-9][0-9]{0,9}$/.test(uid.trim()) ? Number(uid.trim()) : null;
  const share = couponShare(percent);
  const dayCount = /^[0-9]{1,3}$/.test(days) ? Number(days) : 0;
  const until = formatDate(Date.now() + dayCount * DAY, language);
  const ready = uidNumber !== null && dayCount >= 1 && dayCount <= 365 && (kind === 'fee_discount' ? share !== null : amount.trim() !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uidNumber === null) return setProblem(t('products.coupons.uid_needed'));
    if (kind === 'fee_discount' && share === null) return setProblem(t('products.coupons.percent_invalid'));
    if (busy) return;
    const body: ApiInput<'POST /operator/coupon/grant'> =
      kind === 'fee_discount'
        ? { uid: uidNumber, kind, scope, value: share ?? '', days: dayCount, request_id: '' }
        : { uid: uidNumber, kind, currency, value: amount.trim(), days: dayCount, request_id: '' };
    setBusy(true);
    try {
      const coupon = await api('POST /operator/coupon/grant', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(t('products.coupons.granted', { id: coupon.id, uid: coupon.uid, coupon: describe(t, coupon) }), 3000);
      setAmount('');
      onGranted();
    } catch {
      // Toasted by the client, in the console's language; the same request id is sent if the operator tries again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="coupons-grant-title">
      <h2 id="coupons-grant-title">{t('products.coupons.grant_title')}</h2>
      <p className={styles.note}>{t('products.coupons.grant_intro')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} onChange={() => setProblem(null)} data-testid="coupon-grant-form">
        <label>
          <span>{t('products.coupons.uid')}</span>
          <input className={styles.narrow} value={uid} onChange={(event) => setUid(event.target.value)} inputMode="numeric" autoComplete="off" data-testid="coupon-uid" />
        </label>
        <label>
          <span>{t('products.coupons.kind')}</span>
          <select value={kind} onChange={(event) => setKind(event.target.value === 'fee_discount' ? 'fee_discount' : 'bonus')} data-testid="coupon-kind">
            <option value="bonus">{t('products.coupons.kinds.bonus')}</option>
            <option value="fee_discount">{t('products.coupons.kinds.fee_discount')}</option>
          </select>
        </label>
        {kind === 'fee_discount' ? (
          <>
            <label>
              <span>{t('products.coupons.scope')}</span>
              <select value={scope} onChange={(event) => setScope(event.target.value === 'spot' ? 'spot' : 'conversion')} data-testid="coupon-scope">
                <option value="conversion">{t('products.coupons.scopes.conversion')}</option>
                <option value="spot">{t('products.coupons.scopes.spot')}</option>
              </select>
            </label>
            <label>
              <span>{t('products.coupons.percent')}</span>
              <input className={styles.narrow} value={percent} onChange={(event) => setPercent(event.target.value)} inputMode="decimal" data-testid="coupon-percent" />
            </label>
          </>
        ) : (
          <>
            <label>
              <span>{t('products.coupons.currency')}</span>
              <select value={currency} onChange={(event) => setCurrency(event.target.value)} data-testid="coupon-currency">
                {(codes.length > 0 ? codes : ['USDT']).map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('products.coupons.amount')}</span>
              <input className={styles.narrow} value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" data-testid="coupon-amount" />
            </label>
          </>
        )}
        <label>
          <span>{t('products.coupons.days')}</span>
          <input className={styles.narrow} value={days} onChange={(event) => setDays(event.target.value)} inputMode="numeric" data-testid="coupon-days" />
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || !ready} data-testid="coupon-grant">
            {busy ? t('products.coupons.granting') : t('products.coupons.grant')}
          </button>
        </div>
        {ready ? (
          <p className={styles.summary} data-testid="coupon-summary">
            {t('products.coupons.summary', {
              uid: uidNumber ?? '',
              coupon: describe(t, kind === 'fee_discount' ? { kind, scope, value: share ?? '0', code: '' } : { kind, scope: null, value: amount.trim(), code: currency }),
              date: until,
            })}
          </p>
        ) : null}
        {problem ? (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function Filters({ t, filter, onChange }: { t: ConsoleT; filter: CouponFilter; onChange: (next: CouponFilter) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedUid = form.get('uid');
    const uid = typeof typedUid === 'string' ? typedUid.trim() : '';
    const status = form.get('status');
    const next: CouponFilter = { page: 1 };
    if (/^[1-9][0-9]{0,9}$/.test(uid)) next.uid = Number(uid);
    const chosen = STATUSES.find((item) => item === status);
    if (chosen) next.status = chosen;
    onChange(next);
  };
  return (
    <form key={JSON.stringify(filter)} className={styles.filters} onSubmit={submit} data-testid="coupons-filter">
      <label>
        <span>{t('products.coupons.filter_uid')}</span>
        <input name="uid" className={styles.narrow} defaultValue={filter.uid ?? ''} inputMode="numeric" autoComplete="off" data-testid="coupons-filter-uid" />
      </label>
      <label>
        <span>{t('products.coupons.filter_status')}</span>
        <select name="status" defaultValue={filter.status ?? ''} data-testid="coupons-filter-status">
          <option value="">{t('products.coupons.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`products.coupons.statuses.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.actions}>
        <button type="submit" className={styles.quiet} data-testid="coupons-filter-apply">
          {t('products.coupons.apply')}
        </button>
        {filter.uid !== undefined || filter.status !== undefined ? (
          <button type="button" className={styles.quiet} onClick={() => onChange({ page: 1 })}>
            {t('products.coupons.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function CouponTable({ t, coupons, onChanged }: { t: ConsoleT; coupons: Coupon[]; onChanged: () => void }) {
  const language = consoleLanguage.value;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="coupons-table">
        <thead>
          <tr>
            <th scope="col">{t('products.coupons.fields.id')}</th>
            <th scope="col">{t('products.coupons.fields.uid')}</th>
            <th scope="col">{t('products.coupons.fields.coupon')}</th>
            <th scope="col">{t('products.coupons.fields.status')}</th>
            <th scope="col">{t('products.coupons.fields.granted')}</th>
            <th scope="col">{t('products.coupons.fields.expires')}</th>
            <th scope="col">{t('products.coupons.fields.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} data-testid={`coupon-row-${coupon.id}`}>
              <td className={styles.number}>{coupon.id}</td>
              <td className={styles.number}>{coupon.uid}</td>
              <td>{describe(t, coupon)}</td>
              <td>
                <span className={styles[coupon.status]} data-testid="coupon-status">
                  {t(`products.coupons.statuses.${coupon.status}`)}
                </span>
              </td>
              <td className={styles.when}>
                {formatDateTime(coupon.created_at, language)}
                <span className={styles.sub}>{coupon.granted_by === null ? t('products.coupons.welcome') : t('products.coupons.by', { name: coupon.granted_by })}</span>
              </td>
              <td className={styles.when}>{formatDateTime(coupon.expires_at, language)}</td>
              <td>
                <Outcome t={t} coupon={coupon} onChanged={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How a coupon ended (used by what, revoked by whom), or the revoke of one still available: a reason, then a second click. */
function Outcome({ t, coupon, onChanged }: { t: ConsoleT; coupon: Coupon; onChanged: () => void }) {
  const language = consoleLanguage.value;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (coupon.used_at !== null)
    return (
      <span className={styles.when}>
        {t('products.coupons.used_at', { time: formatDateTime(coupon.used_at, language) })}
        {coupon.used_ref ? <code className={styles.sub}>{coupon.used_ref}</code> : null}
      </span>
    );
  if (coupon.revoked_at !== null) return <span className={styles.when}>{t('products.coupons.revoked_at', { time: formatDateTime(coupon.revoked_at, language), name: coupon.revoked_by ?? '' })}</span>;
  if (coupon.status !== 'available') return <span className={styles.rule}>—</span>;
  if (!open)
    return (
      <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => setOpen(true)} data-testid="coupon-revoke-open">
        {t('products.coupons.revoke')}
      </button>
    );
  const revoke = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setProblem(t('products.coupons.reason_needed'));
    if (busy) return;
    setBusy(true);
    try {
      toast(await api('POST /operator/coupon/revoke', { id: coupon.id, reason: reason.trim() }), 3000);
    } catch {
      // Toasted by the client (the user may have redeemed it first): the list shows it as it is now.
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <form className={styles.confirm} onSubmit={(event) => void revoke(event)} data-testid="coupon-revoke-form">
      <div className={styles.inline}>
        <input
          value={reason}
          maxLength={200}
          placeholder={t('products.coupons.revoke_reason')}
          aria-label={t('products.coupons.revoke_reason')}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          // Opened to write the reason: the field takes the keys at once.
          autoFocus
          data-testid="coupon-revoke-reason"
        />
        <button type="submit" className={`${styles.danger} ${styles.small}`} disabled={busy} data-testid="coupon-revoke-confirm">
          {t('products.coupons.revoke_confirm')}
        </button>
        <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => setOpen(false)}>
          {t('products.coupons.keep')}
        </button>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
