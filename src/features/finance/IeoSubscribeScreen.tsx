import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { ieoCost, ieoPhase } from '../../../contract/ieo';
import { Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useRequestIds } from '../../lib/requestId';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import styles from './finance.module.css';
import { ieoLeft, ieoMost, ieoResult, tradeSymbol, type IeoOrder, type IeoProject } from './ieo';
import { IeoCountdown, IeoHead, IeoProgress, timeLeft, useNow } from './IeoParts';

const DAY = 86_400_000;

/** All of the caller's subscriptions to one project (the cap counts every one of them). */
async function myOrders(projectId: number): Promise<IeoOrder[]> {
  const orders: IeoOrder[] = [];
  for (let page = 1; ; page++) {
    const answer = await api('GET /user/project/order', { project_id: projectId, page, limit: 50 });
    orders.push(...answer.data);
    if (!answer.more) return orders;
  }
}

/**
 * ieo/subscribe?id=: a project's every figure (spec 3), its timeline with the countdown to
 * each state, and in progress the subscription sheet; the user's own result once
 * allocated, and the way to the token's market once listed.
 */
export function IeoSubscribeScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  // Bumped after a subscription: the project, the user's subscriptions and balance are read again.
  const [version, setVersion] = useState(0);
  const project = useLoad(() => (id > 0 ? api('GET /project/detail', { project_id: id }) : Promise.reject(new Error('no project id'))), [id, version]);
  const orders = useLoad(() => (logged && id > 0 ? myOrders(id) : Promise.resolve([])), [id, logged, version]);
  const pay = project.data?.pay_currency_id;
  const available = useLoad(
    () => (logged && pay !== undefined ? api('POST /wallet/detail', { currency: pay, type: 'change' }).then((detail) => detail.available) : Promise.resolve(null)),
    [pay, logged, version],
  );
  return (
    <Screen
      title={project.data?.name ?? t('finance:ieo.title')}
      right={
        <Link to="/pages/ieo/help" data-testid="ieo-help">
          {t('finance:ieo.help')}
        </Link>
      }
    >
      {project.data ? (
        <Project project={project.data} orders={orders.data ?? []} available={available.data ?? null} onSubscribed={() => setVersion((v) => v + 1)} />
      ) : project.failed ? (
        <p className={styles.empty}>{t('finance:ieo.not_found')}</p>
      ) : (
        <div className={styles.page}>
          <Skeleton shape="card" />
          <Skeleton shape="facts" />
        </div>
      )}
    </Screen>
  );
}

function Project({ project, orders, available, onSubscribed }: { project: IeoProject; orders: IeoOrder[]; available: string | null; onSubscribed: () => void }) {
  const t = useT();
  const lang = language.value;
  const navigate = useNavigate();
  const now = useNow();
  const [subscribing, setSubscribing] = useState(false);
  const phase = ieoPhase(project, now);
  const symbol = tradeSymbol(project);
  const tokens = (value: string) => `${formatAmount(value, lang)} ${project.token}`;
  const open = () => (loggedIn.value ? setSubscribing(true) : askToLogIn());

  return (
    <div className={styles.page}>
      <section className={styles.card} data-testid="ieo-detail">
        <IeoHead project={project} phase={phase} />
        <div className={styles.apr}>
          <span className={styles.aprLabel}>{t('finance:ieo.issue_price')}</span>
          <span className={styles.aprValue} data-testid="ieo-price">
            {formatAmount(project.issue_price, lang)} <span className={styles.unit}>{project.pay_code}</span>
          </span>
        </div>
        <IeoProgress project={project} />
        <IeoCountdown project={project} now={now} />
      </section>

      {phase === 'progress' && (
        <PrimaryButton onClick={open} testId="ieo-subscribe">
          {t('finance:ieo.subscribe')}
        </PrimaryButton>
      )}
      {phase === 'warmup' && (
        <PrimaryButton disabled testId="ieo-subscribe">
          {t('finance:ieo.opens_in', { time: timeLeft(project.start_at - now, t) })}
        </PrimaryButton>
      )}
      {symbol && (
        <PrimaryButton variant="buy" onClick={() => void navigate({ to: '/pages/transaction/index', search: { mode: 'spot', symbol, side: 'buy' } })} testId="ieo-trade">
          {t('finance:ieo.trade', { symbol: project.symbol })}
        </PrimaryButton>
      )}

      <MyResult project={project} orders={orders} />

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('finance:ieo.details')}</h2>
        <Rows
          rows={[
            [t('finance:ieo.issue_price'), `${formatAmount(project.issue_price, lang)} ${project.pay_code}`],
            [t('finance:ieo.total_issuance'), tokens(project.total_issuance), 'ieo-total'],
            [t('finance:ieo.remaining'), tokens(project.remaining), 'ieo-remaining'],
            [t('finance:ieo.cap'), tokens(project.max_per_user), 'ieo-cap'],
            [t('finance:ieo.lock_period'), t('finance:ieo.days', { count: project.lock_days })],
            [t('finance:ieo.cycle'), `${formatDateTime(project.start_at, lang)} – ${formatDateTime(project.end_at, lang)}`],
            [t('finance:ieo.end_time'), formatDateTime(project.end_at, lang)],
            [t('finance:ieo.pay_currency'), project.pay_code],
            [t('finance:ieo.time_to_market'), formatDateTime(project.list_at, lang)],
            [t('finance:ieo.applications'), formatAmount(String(project.applications), lang), 'ieo-applications'],
            [t('finance:ieo.passes'), project.allocated_at === null ? t('finance:ieo.after_allocation') : formatAmount(String(project.passes), lang), 'ieo-passes'],
            [t('finance:ieo.white_paper'), <ExternalLink key="paper" href={project.white_paper} text={t('finance:ieo.open_link')} testId="ieo-white-paper" />],
            [t('finance:ieo.website'), <ExternalLink key="site" href={project.website} text={t('finance:ieo.open_link')} testId="ieo-website" />],
          ]}
        />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('finance:ieo.timeline.title')}</h2>
        <Timeline project={project} now={now} />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('finance:ieo.about')}</h2>
        <p className={styles.intro} data-testid="ieo-intro">
          {project.intro}
        </p>
      </section>
      <p className={styles.small}>{t('finance:paper')}</p>

      {subscribing && (
        <Sheet open title={t('finance:ieo.subscribe_title', { token: project.token })} onClose={() => setSubscribing(false)} testId="ieo-sheet">
          <SubscribeForm
            project={project}
            orders={orders}
            available={available}
            onSubscribed={() => {
              setSubscribing(false);
              onSubscribed();
            }}
          />
        </Sheet>
      )}
    </div>
  );
}

type Row = readonly [label: ReactNode, value: ReactNode, testId?: string] | false;

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <div className={styles.rows}>
      {rows.map(
        (row, i) =>
          row && (
            <div key={i} className={styles.row}>
              <span>{row[0]}</span>
              <strong data-testid={row[2]}>{row[1]}</strong>
            </div>
          ),
      )}
    </div>
  );
}

/** A project's own page elsewhere: a new tab, without handing it this window. */
function ExternalLink({ href, text, testId }: { href: string; text: string; testId: string }) {
  return /^https?:\/\//.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.inlineLink} data-testid={testId}>
      {text}
    </a>
  ) : (
    <span>--</span>
  );
}

/** Subscription opens, ends (the allocation), the token lists, the tokens unlock: each with its time and what is left until it. */
function Timeline({ project, now }: { project: IeoProject; now: number }) {
  const t = useT();
  const lang = language.value;
  const unlockAt = project.allocated_at === null ? null : project.allocated_at + project.lock_days * DAY;
  const steps: { key: 'start' | 'end' | 'list' | 'unlock'; at: number | null; done: boolean; when?: string }[] = [
    { key: 'start', at: project.start_at, done: now >= project.start_at },
    { key: 'end', at: project.end_at, done: now >= project.end_at },
    { key: 'list', at: project.list_at, done: project.listed_at !== null },
    { key: 'unlock', at: unlockAt, done: unlockAt !== null && now >= unlockAt, when: t('finance:ieo.timeline.unlock_after', { count: project.lock_days }) },
  ];
  const current = steps.findIndex((step) => !step.done);
  return (
    <ol className={styles.timeline} data-testid="ieo-timeline">
      {steps.map((step, index) => (
        <li key={step.key} className={`${styles.step} ${step.done ? styles.stepDone : ''} ${index === current ? styles.stepNow : ''}`} data-testid={`ieo-step-${step.key}`}>
          <span className={styles.stepName}>{t(`finance:ieo.timeline.${step.key}`, { symbol: project.symbol ?? `${project.token}/${project.pay_code}` })}</span>
          <span className={styles.stepTime}>{step.at === null ? step.when : formatDateTime(step.at, lang)}</span>
          <span className={styles.stepLeft}>
            {step.done ? t('finance:ieo.timeline.done') : step.at === null ? '' : step.at > now ? t('finance:ieo.timeline.in', { time: timeLeft(step.at - now, t) }) : t('finance:ieo.timeline.due')}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The user's subscriptions to this project together: asked and frozen, then what the allocation gave and returned. */
function MyResult({ project, orders }: { project: IeoProject; orders: IeoOrder[] }) {
  const t = useT();
  const lang = language.value;
  const result = ieoResult(orders);
  if (!result) return null;
  const tokens = (value: Money) => `${formatAmount(value.toFixed(), lang)} ${project.token}`;
  const pay = (value: Money) => `${formatAmount(value.toFixed(project.pay_precision), lang)} ${project.pay_code}`;
  const { allocation } = result;
  return (
    <section className={styles.card} data-testid="ieo-mine-result">
      <h2 className={styles.sectionTitle}>{t('finance:ieo.my_result')}</h2>
      <Rows
        rows={[
          [t('finance:ieo.asked'), tokens(result.asked), 'ieo-my-asked'],
          result.frozen.gt(0) && [t('finance:ieo.frozen'), pay(result.frozen), 'ieo-my-frozen'],
          allocation !== null && [t('finance:ieo.allocated'), tokens(allocation.allocated), 'ieo-my-allocated'],
          allocation !== null && [t('finance:ieo.cost'), pay(allocation.cost), 'ieo-my-cost'],
          allocation !== null && [t('finance:ieo.refund'), pay(allocation.refund), 'ieo-my-refund'],
          allocation?.releaseAt != null && [t(allocation.released ? 'finance:ieo.unlocked' : 'finance:ieo.unlocks'), formatDateTime(allocation.releaseAt, lang), 'ieo-my-unlock'],
        ]}
      />
      {allocation === null && <p className={styles.small}>{t('finance:ieo.frozen_note')}</p>}
      <Link to="/pages/ieo/order" className={styles.link} data-testid="ieo-mine-link">
        {t('finance:ieo.mine')}
      </Link>
    </section>
  );
}

/**
 * The amount of tokens, at the token's decimals, its cost at the issue price
 * (contract/ieo.ts ieoCost), the balance and what the cap leaves; the confirm sends it.
 * The cap is the server's to refuse (it counts every subscription as it stands).
 */
function SubscribeForm({ project, orders, available, onSubscribed }: { project: IeoProject; orders: IeoOrder[]; available: string | null; onSubscribed: () => void }) {
  const t = useT();
  const lang = language.value;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const parsed = parseAmount(amount, project.token_precision);
  const cost = parsed ? ieoCost(parsed, project.issue_price) : null;
  const left = ieoLeft(project, orders);
  const most = ieoMost(project, left, available);
  const pay = (value: Money | string) => `${formatAmount(typeof value === 'string' ? value : value.toFixed(project.pay_precision), lang)} ${project.pay_code}`;
  const short = available !== null && cost !== null && cost.gt(available);

  const submit = () => {
    if (!parsed || !cost) return setError(t('validation:amount_invalid'));
    if (short) return setError(t('finance:over_balance'));
    setError(null);
    void run(async () => {
      const body = { project_id: project.id, amount: parsed.toFixed(), pay_currency: project.pay_currency_id, price: project.issue_price };
      const order = await api('POST /project/order', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(t('finance:ieo.subscribed', { amount: `${formatAmount(order.amount, lang)} ${project.token}`, paid: pay(order.paid) }));
      onSubscribed();
    });
  };

  return (
    <Form onSubmit={submit}>
      <Field
        label={t('finance:ieo.amount', { token: project.token })}
        error={error}
        hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: project.pay_code }) : undefined}
      >
        <TextInput
          name="amount"
          inputMode="decimal"
          value={amount}
          onValue={(value) => {
            setError(null);
            setAmount(cleanAmount(value, project.token_precision));
          }}
          placeholder={t('finance:ieo.amount_placeholder', { decimals: project.token_precision })}
        />
        <button type="button" className={styles.link} style={{ padding: '0 10px' }} disabled={most.lte(0)} onClick={() => setAmount(most.toFixed())} data-testid="ieo-max">
          {t('assets:exchange.max')}
        </button>
      </Field>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('finance:ieo.issue_price')}</span>
          <strong>{pay(project.issue_price)}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:ieo.cost_preview')}</span>
          <strong data-testid="ieo-cost">{cost ? pay(cost) : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('finance:ieo.left')}</span>
          <strong data-testid="ieo-left">{`${formatAmount(left.toFixed(), lang)} ${project.token}`}</strong>
        </div>
      </div>
      {short && (
        <Link to="/pages/fund/transfer" className={styles.link} data-testid="ieo-get-coin">
          {t('finance:ieo.get_coin', { coin: project.pay_code })}
        </Link>
      )}
      <p className={styles.small}>{t('finance:ieo.sheet_note', { days: t('finance:ieo.days', { count: project.lock_days }) })}</p>
      <PrimaryButton type="submit" busy={busy} testId="ieo-confirm">
        {t('finance:ieo.confirm')}
      </PrimaryButton>
    </Form>
  );
}
