import { useState, type FormEvent } from 'react';
import type { ApiInput, ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime, formatFixed } from '../../contract/format';
import { ieoPriceDecimals } from '../../contract/ieo';
import { Money } from '../../contract/money';
import { toast } from '../../src/ui/toast';
import { ApiFailure, api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { useRead } from '../users/read';
import { fromLocalInput, hoursAhead, isLink, isPositiveDecimal, percentOf, toLocalInput, wholeIn } from './dual-ieo';
import styles from './dual-ieo.module.css';

type Listing = ApiOutput<'GET /operator/ieo'>;
type Project = Listing['data'][number];
type PayCurrency = Listing['pay_currencies'][number];
type Stage = Project['stage'];
type Offer = ApiInput<'POST /operator/ieo/create'>;

const STAGES: readonly Stage[] = ['upcoming', 'subscribing', 'allocating', 'allocated', 'listed'];
const PAGE = 20;

/** The words of a project's stage, written whole so admin/i18n.test.ts finds each key. */
const stageWord = (t: ConsoleT, stage: Stage): string =>
  ({
    upcoming: t('products.ieo.stage.upcoming'),
    subscribing: t('products.ieo.stage.subscribing'),
    allocating: t('products.ieo.stage.allocating'),
    allocated: t('products.ieo.stage.allocated'),
    listed: t('products.ieo.stage.listed'),
  })[stage];

/**
 * IEO projects: every project with its stage (upcoming, subscribing, allocating, allocated,
 * listed), subscriptions and subscribers, tokens asked for, the amount raised and its
 * dates; a form to offer a new one with every term the server takes. A project cannot be
 * cancelled once offered (the server has no such step), so the form says so before it is sent.
 */
export function IeoTab() {
  const t = useConsoleT();
  const [stage, setStage] = useState<Stage | ''>('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const listing = useRead(() => api('GET /operator/ieo', { ...(stage !== '' ? { stage } : {}), page, limit: PAGE }), [stage, page]);
  const shown = listing.data;

  return (
    <div className={styles.tab} data-testid="ieo-tab">
      <p className={styles.honest}>{t('products.ieo.intro')}</p>
      <div className={styles.bar}>
        <label className={styles.filter}>
          <span>{t('products.ieo.filter')}</span>
          <select
            value={stage}
            onChange={(event) => {
              setStage(STAGES.find((value) => value === event.target.value) ?? '');
              setPage(1);
            }}
            data-testid="ieo-filter"
          >
            <option value="">{t('products.ieo.all')}</option>
            {STAGES.map((value) => (
              <option key={value} value={value}>
                {stageWord(t, value)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.quiet} onClick={listing.reload}>
          {t('products.ieo.refresh')}
        </button>
        {creating ? null : (
          <button type="button" className={styles.primary} onClick={() => setCreating(true)} data-testid="ieo-new">
            {t('products.ieo.new')}
          </button>
        )}
      </div>
      {creating && shown ? (
        <IeoForm
          payCurrencies={shown.pay_currencies}
          onDone={(id) => {
            setCreating(false);
            if (id !== null) {
              setStage('');
              setPage(1);
              listing.reload();
            }
          }}
        />
      ) : null}
      {shown === null ? (
        <div className={styles.wait} aria-busy="true" />
      ) : shown.data.length === 0 ? (
        <p className={styles.empty} data-testid="ieo-empty">
          {page > 1 ? t('products.ieo.no_more') : t('products.ieo.none')}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="ieo-table">
            <thead>
              <tr>
                <th scope="col">{t('products.ieo.fields.id')}</th>
                <th scope="col">{t('products.ieo.fields.project')}</th>
                <th scope="col">{t('products.ieo.fields.stage')}</th>
                <th scope="col">{t('products.ieo.fields.issue_price')}</th>
                <th scope="col">{t('products.ieo.fields.subscribed')}</th>
                <th scope="col">{t('products.ieo.fields.subscriptions')}</th>
                <th scope="col">{t('products.ieo.fields.raised')}</th>
                <th scope="col">{t('products.ieo.fields.dates')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.data.map((project) => (
                <ProjectRow key={project.id} project={project} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown && (page > 1 || shown.more) ? (
        <nav className={styles.pager} aria-label={t('products.ieo.pages')}>
          <button type="button" className={styles.quiet} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('products.ieo.previous')}
          </button>
          <span>{t('products.ieo.page', { page })}</span>
          <button type="button" className={styles.quiet} disabled={!shown.more} onClick={() => setPage(page + 1)} data-testid="ieo-next">
            {t('products.ieo.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function ProjectRow({ project }: { project: Project }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const amount = (text: string, code: string) => `${formatAmount(text, language)} ${code}`;
  const whole = (value: number) => formatFixed(value, 0, language);
  return (
    <tr data-testid="ieo-row" data-project={project.token}>
      <td className={styles.number}>{project.id}</td>
      <td className={styles.project}>
        <strong>{project.name}</strong>
        <span className={styles.sub}>{`${project.token} · ${project.token_name} · ${t('products.ieo.decimals', { decimals: project.token_precision })}`}</span>
        <span className={styles.links}>
          <a className={styles.link} href={project.website} target="_blank" rel="noopener noreferrer">
            {t('products.ieo.fields.website')}
          </a>
          <a className={styles.link} href={project.white_paper} target="_blank" rel="noopener noreferrer">
            {t('products.ieo.fields.white_paper')}
          </a>
        </span>
      </td>
      <td>
        <span className={`${styles.state} ${styles[project.stage] ?? ''}`} data-testid="ieo-stage">
          {stageWord(t, project.stage)}
        </span>
        {project.symbol !== null ? <span className={styles.sub}>{project.symbol}</span> : null}
      </td>
      <td className={styles.number}>{amount(project.issue_price, project.pay_code)}</td>
      <td className={`${styles.number} ${styles.note}`} data-testid="ieo-subscribed">
        {t('products.ieo.asked_of', { asked: formatAmount(project.subscribed, language), total: formatAmount(project.total_issuance, language), token: project.token })}
        <span className={styles.sub}>{`${formatAmount(percentOf(project.progress), language)}%`}</span>
        <span className={styles.sub}>{t('products.ieo.cap', { cap: formatAmount(project.max_per_user, language), token: project.token })}</span>
      </td>
      <td className={styles.number} data-testid="ieo-subscriptions">
        {whole(project.applications)}
        <span className={styles.sub}>{t('products.ieo.subscribers', { number: whole(project.subscribers) })}</span>
        {project.allocated_at !== null ? <span className={styles.sub}>{t('products.ieo.passes', { number: whole(project.passes) })}</span> : null}
      </td>
      <td className={`${styles.number} ${styles.note}`} data-testid="ieo-raised">
        {amount(project.raised, project.pay_code)}
        <span className={styles.sub}>{project.allocated_at === null ? t('products.ieo.raised_frozen') : t('products.ieo.raised_paid')}</span>
      </td>
      <td>
        <dl className={styles.terms}>
          <dt>{t('products.ieo.short.opens')}</dt>
          <dd>{formatDateTime(project.start_at, language)}</dd>
          <dt>{t('products.ieo.short.closes')}</dt>
          <dd>{formatDateTime(project.end_at, language)}</dd>
          <dt>{t('products.ieo.short.listing')}</dt>
          <dd>{formatDateTime(project.list_at, language)}</dd>
          <dt>{t('products.ieo.short.lock')}</dt>
          <dd>{t('products.ieo.days', { days: project.lock_days })}</dd>
        </dl>
      </td>
    </tr>
  );
}

interface Draft {
  name: string;
  token: string;
  tokenName: string;
  decimals: string;
  pay: string;
  price: string;
  total: string;
  cap: string;
  lockDays: string;
  start: string;
  end: string;
  list: string;
  whitePaper: string;
  website: string;
  intro: string;
}

type Checked = { offer: Offer } | { field: keyof Draft; problem: string };

/** The project the form holds, or the first field that is not right (its words). */
function offerOf(draft: Draft, pay: PayCurrency | undefined, t: ConsoleT): Checked {
  if (draft.name.trim() === '' || draft.name.trim().length > 60) return { field: 'name', problem: t('products.ieo.problems.name') };
  if (!/^[A-Z][A-Z0-9]{1,9}$/.test(draft.token)) return { field: 'token', problem: t('products.ieo.problems.token') };
  if (draft.tokenName.trim() === '' || draft.tokenName.trim().length > 40) return { field: 'tokenName', problem: t('products.ieo.problems.token_name') };
  if (!pay) return { field: 'pay', problem: t('products.ieo.problems.pay') };
  const decimals = wholeIn(draft.decimals, 0, Math.min(8, pay.precision));
  if (decimals === null) return { field: 'decimals', problem: t('products.ieo.problems.decimals', { max: Math.min(8, pay.precision) }) };
  const priceDecimals = ieoPriceDecimals(pay.precision, decimals);
  if (!isPositiveDecimal(draft.price, priceDecimals)) return { field: 'price', problem: t('products.ieo.problems.decimal', { decimals: priceDecimals }) };
  if (!isPositiveDecimal(draft.total, decimals)) return { field: 'total', problem: t('products.ieo.problems.decimal', { decimals }) };
  if (!isPositiveDecimal(draft.cap, decimals)) return { field: 'cap', problem: t('products.ieo.problems.decimal', { decimals }) };
  if (new Money(draft.cap.trim()).gt(draft.total.trim())) return { field: 'cap', problem: t('products.ieo.problems.cap') };
  const lockDays = wholeIn(draft.lockDays, 0, 365);
  if (lockDays === null) return { field: 'lockDays', problem: t('products.ieo.problems.lock_days') };
  const start = fromLocalInput(draft.start);
  if (start === null) return { field: 'start', problem: t('products.ieo.problems.time') };
  const end = fromLocalInput(draft.end);
  if (end === null || end <= start || end <= Date.now()) return { field: 'end', problem: t('products.ieo.problems.end') };
  const list = fromLocalInput(draft.list);
  if (list === null || list < end) return { field: 'list', problem: t('products.ieo.problems.list') };
  if (!isLink(draft.whitePaper.trim())) return { field: 'whitePaper', problem: t('products.ieo.problems.link') };
  if (!isLink(draft.website.trim())) return { field: 'website', problem: t('products.ieo.problems.link') };
  if (draft.intro.trim() === '' || draft.intro.trim().length > 2000) return { field: 'intro', problem: t('products.ieo.problems.intro') };
  return {
    offer: {
      name: draft.name.trim(),
      token: draft.token,
      token_name: draft.tokenName.trim(),
      token_precision: decimals,
      pay_currency_id: pay.id,
      issue_price: draft.price.trim(),
      total_issuance: draft.total.trim(),
      max_per_user: draft.cap.trim(),
      lock_days: lockDays,
      start_at: start,
      end_at: end,
      list_at: list,
      white_paper: draft.whitePaper.trim(),
      website: draft.website.trim(),
      intro: draft.intro.trim(),
    },
  };
}

function IeoForm({ payCurrencies, onDone }: { payCurrencies: readonly PayCurrency[]; onDone: (id: number | null) => void }) {
  const t = useConsoleT();
  const [draft, setDraft] = useState<Draft>(() => {
    const now = Date.now();
    return {
      name: '',
      token: '',
      tokenName: '',
      decimals: '4',
      pay: String(payCurrencies[0]?.id ?? ''),
      price: '',
      total: '',
      cap: '',
      lockDays: '7',
      start: toLocalInput(hoursAhead(now, 0)),
      end: toLocalInput(hoursAhead(now, 72)),
      list: toLocalInput(hoursAhead(now, 73)),
      whitePaper: 'https://',
      website: 'https://',
      intro: '',
    };
  });
  const [problem, setProblem] = useState<{ field: keyof Draft | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const pay = payCurrencies.find((candidate) => String(candidate.id) === draft.pay);
  const decimals = wholeIn(draft.decimals, 0, 8);
  const priceDecimals = pay && decimals !== null ? ieoPriceDecimals(pay.precision, decimals) : null;

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = offerOf(draft, pay, t);
    if ('field' in checked) {
      setProblem({ field: checked.field, text: checked.problem });
      return;
    }
    setBusy(true);
    try {
      const { id } = await api('POST /operator/ieo/create', checked.offer);
      toast(t('products.ieo.created', { id, token: checked.offer.token }), 3000);
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
    'aria-describedby': problem?.field === name ? 'ieo-problem' : undefined,
  });
  const text = (name: keyof Draft, label: string, testId: string, extra: { inputMode?: 'decimal' | 'numeric'; type?: string; maxLength?: number; hint?: string } = {}) => (
    <label>
      <span>{label}</span>
      <input
        type={extra.type ?? 'text'}
        value={draft[name]}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set(name)(name === 'token' ? event.target.value.toUpperCase() : event.target.value)}
        {...field(name)}
        data-testid={testId}
      />
      {extra.hint ? <span className={styles.hint}>{extra.hint}</span> : null}
    </label>
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="ieo-form">
      <h2>{t('products.ieo.new_title')}</h2>
      <div className={styles.grid}>
        {text('name', t('products.ieo.fields.name'), 'ieo-name', { maxLength: 60 })}
        {text('token', t('products.ieo.fields.token'), 'ieo-token', { maxLength: 10, hint: t('products.ieo.token_hint') })}
        {text('tokenName', t('products.ieo.fields.token_name'), 'ieo-token-name', { maxLength: 40 })}
        {text('decimals', t('products.ieo.fields.token_precision'), 'ieo-decimals', { inputMode: 'numeric' })}
        <label>
          <span>{t('products.ieo.fields.pay_currency')}</span>
          <select value={draft.pay} onChange={(event) => set('pay')(event.target.value)} {...field('pay')} data-testid="ieo-pay">
            {payCurrencies.map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.code}
              </option>
            ))}
          </select>
          <span className={styles.hint}>{t('products.ieo.pay_hint')}</span>
        </label>
        {text('price', t('products.ieo.fields.issue_price_in', { code: pay?.code ?? '' }), 'ieo-price', {
          inputMode: 'decimal',
          ...(priceDecimals !== null && priceDecimals >= 0 ? { hint: t('products.ieo.price_hint', { decimals: priceDecimals }) } : {}),
        })}
        {text('total', t('products.ieo.fields.total_issuance'), 'ieo-total', { inputMode: 'decimal' })}
        {text('cap', t('products.ieo.fields.max_per_user'), 'ieo-cap', { inputMode: 'decimal' })}
        {text('lockDays', t('products.ieo.fields.lock_days'), 'ieo-lock-days', { inputMode: 'numeric' })}
        {text('start', t('products.ieo.fields.start_at'), 'ieo-start', { type: 'datetime-local' })}
        {text('end', t('products.ieo.fields.end_at'), 'ieo-end', { type: 'datetime-local' })}
        {text('list', t('products.ieo.fields.list_at'), 'ieo-list', { type: 'datetime-local', hint: t('products.ieo.list_hint') })}
        {text('whitePaper', t('products.ieo.fields.white_paper'), 'ieo-white-paper', { type: 'url', maxLength: 300 })}
        {text('website', t('products.ieo.fields.website'), 'ieo-website', { type: 'url', maxLength: 300 })}
        <label className={styles.wide}>
          <span>{t('products.ieo.fields.intro')}</span>
          <textarea rows={4} maxLength={2000} value={draft.intro} onChange={(event) => set('intro')(event.target.value)} {...field('intro')} data-testid="ieo-intro" />
        </label>
      </div>
      <p className={styles.hint}>{t('products.ieo.final_hint')}</p>
      {problem ? (
        <p id="ieo-problem" className={styles.problem} role="alert" data-testid="ieo-problem">
          {problem.text}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} data-testid="ieo-create">
          {t('products.ieo.create')}
        </button>
        <button type="button" className={styles.quiet} onClick={() => onDone(null)}>
          {t('products.ieo.cancel')}
        </button>
      </div>
    </form>
  );
}
