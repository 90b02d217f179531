import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatAmount, formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { queuesRoute } from '../routes';
import { decide } from './decide';
import { OrderChat } from './OrderChat';
import { shortcutOf } from './keys';
import { pendingWork, refreshPending } from './pending';
import { PrivatePhoto } from './PrivatePhoto';
import { afterRemoval, counts, DECISIONS, moved, QUEUES, without, type DecisionSpec, type QueueItem, type QueueName } from './queues';
import styles from './queues.module.css';

/**
 * The review queues: a tab per queue with its count, the queue's items (oldest first, as
 * they arrived), the selected item's details beside them (an identity's photos, a
 * deposit's voucher, an appealed order's chat), the queue's two decisions on every row
 * (approve and reject; release and return for an appeal; remove and dismiss for a
 * reported message). Keys: j and k move, a takes the first decision, r the second; one
 * that needs a reason asks it beside the item. A decided item leaves at once and the
 * counts follow; the queues are read again after each decision (other operators work too).
 */
type AnyItem = QueueItem<QueueName>;

export function QueuesScreen() {
  useSignals();
  const t = useConsoleT();
  const { queue } = queuesRoute.useSearch();
  const navigate = useNavigate();
  const work = pendingWork.value;
  const items: readonly AnyItem[] = work ? work[queue] : [];
  const ids = items.map((item) => item.id);
  const [selected, setSelected] = useState<number | null>(null);
  // The decision waiting for its reason: on which item, the queue's first or second.
  const [asking, setAsking] = useState<{ id: number; first: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = selected !== null && ids.includes(selected) ? selected : (ids[0] ?? null);
  const item = items.find((candidate) => candidate.id === current) ?? null;

  useEffect(() => {
    void refreshPending().catch(() => undefined);
  }, []);

  const act = useCallback(
    async (id: number, first: boolean, reason: string) => {
      if (busy || !work) return;
      setBusy(true);
      try {
        const said = await decide(work, queue, id, { first, reason });
        toast(said);
        const left = without(pendingWork.value ?? work, queue, id);
        pendingWork.value = left;
        setSelected(
          afterRemoval(
            ids,
            id,
            left[queue].map((row) => row.id),
          ),
        );
        setAsking(null);
        void refreshPending({ silent: true }).catch(() => undefined);
      } catch {
        // Toasted by the client; the queue is read again (another operator may have decided it).
        void refreshPending({ silent: true }).catch(() => undefined);
      } finally {
        setBusy(false);
      }
    },
    [busy, work, queue, ids],
  );

  /** A decision clicked or keyed: taken at once, or its reason asked first. */
  const choose = useCallback(
    (id: number, first: boolean) => {
      const spec = DECISIONS[queue][first ? 0 : 1];
      setSelected(id);
      if (spec.reason) setAsking({ id, first });
      else void act(id, first, '');
    },
    [queue, act],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (shortcut === null || asking !== null) return;
      event.preventDefault();
      if (shortcut === 'next' || shortcut === 'previous') setSelected(moved(ids, current, shortcut === 'next' ? 1 : -1));
      else if (current !== null) choose(current, shortcut === 'approve');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ids, current, asking, choose]);

  // The selected row stays in view as j and k move through a long queue.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const shown = work ? counts(work) : null;
  const [firstDecision, secondDecision] = DECISIONS[queue];
  return (
    <section className={styles.screen} aria-labelledby="queues-title">
      <header className={styles.head}>
        <h1 id="queues-title">{t('nav.queues')}</h1>
        <button type="button" className={styles.quiet} onClick={() => void refreshPending().catch(() => undefined)} data-testid="queue-refresh">
          {t('queues.refresh')}
        </button>
      </header>
      <div className={styles.tabs} role="tablist" aria-label={t('nav.queues')}>
        {QUEUES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === queue}
            className={styles.tab}
            data-testid={`queue-${name}`}
            onClick={() => {
              setSelected(null);
              setAsking(null);
              void navigate({ to: '/queues', search: { queue: name } });
            }}
          >
            {t(`queues.names.${name}`)}
            <span className={styles.count} data-testid={`queue-count-${name}`}>
              {shown ? shown[name] : '…'}
            </span>
          </button>
        ))}
      </div>
      <p className={styles.keys} data-testid="queue-keys">
        <span>{t('queues.keys_label')}:</span> <kbd>j</kbd> <kbd>k</kbd> {t('queues.keys.move')} · <kbd>a</kbd> {t(`queues.keys.${firstDecision.label}`)} · <kbd>r</kbd>{' '}
        {t(`queues.keys.${secondDecision.label}`)}
      </p>
      <div className={styles.split}>
        {work && items.length === 0 ? (
          <p className={styles.empty} data-testid="queue-empty">
            {t('queues.empty')}
          </p>
        ) : (
          <ul ref={list} className={styles.list} role="listbox" aria-label={t(`queues.names.${queue}`)} data-testid="queue-list">
            {items.map((row) => (
              <li
                key={row.id}
                role="option"
                aria-selected={row.id === current}
                className={styles.row}
                data-testid={`queue-row-${row.id}`}
                onClick={() => {
                  setSelected(row.id);
                  if (asking?.id !== row.id) setAsking(null);
                }}
              >
                <span className={styles.summary}>{summary(t, queue, row)}</span>
                <span className={styles.actions}>
                  {[firstDecision, secondDecision].map((spec, index) => (
                    <button
                      key={spec.label}
                      type="button"
                      className={index === 0 ? styles.approve : styles.reject}
                      disabled={busy}
                      data-testid={`${spec.label}-${row.id}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        choose(row.id, index === 0);
                      }}
                    >
                      {t(`queues.decisions.${spec.label}`)}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.detail} data-testid="queue-detail">
          {item === null ? (
            work && items.length > 0 ? (
              <p className={styles.empty}>{t('queues.choose')}</p>
            ) : null
          ) : (
            <>
              <Details t={t} queue={queue} item={item} />
              {asking?.id === item.id ? (
                <ReasonForm
                  key={`${item.id}-${String(asking.first)}`}
                  spec={DECISIONS[queue][asking.first ? 0 : 1]}
                  busy={busy}
                  onCancel={() => setAsking(null)}
                  onDecide={(reason) => void act(item.id, asking.first, reason)}
                />
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** One line per item in the list. */
function summary(t: ConsoleT, queue: QueueName, row: AnyItem): string {
  const language = consoleLanguage.value;
  const uid = (value: number) => t('queues.uid', { uid: value });
  switch (queue) {
    case 'identities': {
      const identity = row as QueueItem<'identities'>;
      // Level 2 carries photos only: the name was checked at level 1.
      return [uid(identity.uid), t('queues.level', { level: identity.level }), identity.name].filter((part) => part !== '').join(' · ');
    }
    case 'recharges': {
      const recharge = row as QueueItem<'recharges'>;
      return `${uid(recharge.uid)} · ${formatAmount(recharge.amount, language)} ${recharge.code} · ${recharge.network}`;
    }
    case 'withdrawals': {
      const withdrawal = row as QueueItem<'withdrawals'>;
      const line = `${uid(withdrawal.uid)} · ${formatAmount(withdrawal.amount, language)} ${withdrawal.code} · ${withdrawal.network}`;
      return withdrawal.frozen ? `${line} · ${t('queues.frozen')}` : line;
    }
    case 'traders': {
      const trader = row as QueueItem<'traders'>;
      return `${uid(trader.uid)} · ${trader.nickname}`;
    }
    case 'nft_sales': {
      const sale = row as QueueItem<'nft_sales'>;
      return `${uid(sale.uid)} · ${sale.name} · ${t(`queues.modes.${sale.mode}`)} · ${formatAmount(sale.price, language)} ${sale.currency}`;
    }
    case 'otc_appeals': {
      const appeal = row as QueueItem<'otc_appeals'>;
      return `${t('queues.order', { id: appeal.id })} · ${formatAmount(appeal.amount, language)} ${appeal.code} · ${formatAmount(appeal.fiat_amount, language)} ${appeal.fiat}`;
    }
    case 'chat_reports': {
      const report = row as QueueItem<'chat_reports'>;
      return `${uid(report.author_uid)} · “${report.body}”`;
    }
  }
}

/** When the item came into its queue. */
function arrivedAt(queue: QueueName, item: AnyItem): number {
  return queue === 'traders' ? (item as QueueItem<'traders'>).applied_at : (item as Exclude<AnyItem, QueueItem<'traders'>>).created_at;
}

function Details({ t, queue, item }: { t: ConsoleT; queue: QueueName; item: AnyItem }) {
  const language = consoleLanguage.value;
  const amount = (value: string, code: string) => `${formatAmount(value, language)} ${code}`;
  const facts: [string, ReactNode][] = [];
  let photos: [string, string][] = [];
  let note: string | null = null;
  let chat: string | null = null;
  switch (queue) {
    case 'identities': {
      const identity = item as QueueItem<'identities'>;
      facts.push([t('queues.fields.uid'), <UserLink uid={identity.uid} />], [t('queues.fields.level'), String(identity.level)]);
      if (identity.level === 1) {
        facts.push(
          [t('queues.fields.id_type'), identity.id_type ? t(`queues.id_types.${identity.id_type}`) : '—'],
          [t('queues.fields.name'), identity.name],
          [t('queues.fields.card_id'), identity.card_id],
        );
        note = t('queues.no_photos');
      }
      photos = [
        [t('queues.fields.front'), identity.front_pic],
        [t('queues.fields.back'), identity.reverse_pic],
      ];
      break;
    }
    case 'recharges': {
      const recharge = item as QueueItem<'recharges'>;
      facts.push(
        [t('queues.fields.uid'), <UserLink uid={recharge.uid} />],
        [t('queues.fields.amount'), amount(recharge.amount, recharge.code)],
        [t('queues.fields.network'), recharge.network],
        [t('queues.fields.sender'), recharge.sender || '—'],
      );
      photos = [[t('queues.fields.voucher'), recharge.voucher]];
      break;
    }
    case 'withdrawals': {
      const withdrawal = item as QueueItem<'withdrawals'>;
      facts.push(
        [t('queues.fields.uid'), <UserLink uid={withdrawal.uid} />],
        [t('queues.fields.amount'), amount(withdrawal.amount, withdrawal.code)],
        [t('queues.fields.fee'), amount(withdrawal.fee, withdrawal.code)],
        [t('queues.fields.network'), withdrawal.network],
        [t('queues.fields.address'), withdrawal.address],
      );
      if (withdrawal.frozen) note = t('queues.withdrawal_frozen');
      break;
    }
    case 'traders': {
      const trader = item as QueueItem<'traders'>;
      facts.push([t('queues.fields.uid'), <UserLink uid={trader.uid} />], [t('queues.fields.nickname'), trader.nickname]);
      note = t('queues.trader_note');
      break;
    }
    case 'nft_sales': {
      const sale = item as QueueItem<'nft_sales'>;
      facts.push(
        [t('queues.fields.seller'), <UserLink uid={sale.uid} />],
        [t('queues.fields.artwork'), `${sale.name} (${sale.code})`],
        [t('queues.fields.mode'), t(`queues.modes.${sale.mode}`)],
        [t(sale.mode === 'auction' ? 'queues.fields.starting_price' : 'queues.fields.price'), amount(sale.price, sale.currency)],
        [t('queues.fields.starts'), formatDateTime(sale.start_at, language)],
        [t('queues.fields.ends'), formatDateTime(sale.end_at, language)],
      );
      photos = [[t('queues.fields.cover'), sale.cover]];
      break;
    }
    case 'otc_appeals': {
      const appeal = item as QueueItem<'otc_appeals'>;
      const side = appeal.appeal_by_uid === appeal.buyer_uid ? 'buyer' : 'seller';
      facts.push(
        [t('queues.fields.order'), String(appeal.id)],
        [t('queues.fields.buyer'), <UserLink uid={appeal.buyer_uid} />],
        [t('queues.fields.seller'), <UserLink uid={appeal.seller_uid} />],
        [t('queues.fields.amount'), amount(appeal.amount, appeal.code)],
        [t('queues.fields.fiat_amount'), amount(appeal.fiat_amount, appeal.fiat)],
        [t('queues.fields.appeal_by'), t(`queues.sides.${side}`, { uid: appeal.appeal_by_uid })],
        [t('queues.fields.appeal_reason'), appeal.appeal_reason || '—'],
      );
      if (appeal.proof !== null) photos = [[t('queues.fields.proof'), appeal.proof]];
      note = t('queues.appeal_note');
      chat = `otc:${appeal.id}`;
      break;
    }
    case 'chat_reports': {
      const report = item as QueueItem<'chat_reports'>;
      facts.push(
        [t('queues.fields.writer'), <UserLink uid={report.author_uid} />],
        [t('queues.fields.room'), report.room],
        [t('queues.fields.message'), report.body],
        [t('queues.fields.reporter'), <UserLink uid={report.reporter_uid} />],
        [t('queues.fields.report_reason'), report.reason || '—'],
      );
      break;
    }
  }
  facts.push([t(queue === 'chat_reports' ? 'queues.fields.reported' : 'queues.fields.submitted'), formatDateTime(arrivedAt(queue, item), language)]);
  return (
    <>
      <h2 className={styles.detailTitle}>{t(`queues.names.${queue}`)}</h2>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {note !== null ? <p className={styles.note}>{note}</p> : null}
      <div className={styles.photos}>{photos.map(([label, path]) => (path ? <PrivatePhoto key={path} path={path} label={label} /> : null))}</div>
      {chat !== null ? <OrderChat key={chat} room={chat} /> : null}
    </>
  );
}

/** A user's number, opening their page in the console (profile, balances, ledger, orders, sessions). */
function UserLink({ uid }: { uid: number }) {
  return (
    <Link to="/users/$uid" params={{ uid: String(uid) }} search={{ tab: 'overview' }} className={styles.userLink} data-testid="queue-user-link">
      {uid}
    </Link>
  );
}

/**
 * The reason asked before a decision that needs one (a rejection, an appeal's outcome):
 * focused at once, Enter decides, Escape cancels.
 */
function ReasonForm({ spec, busy, onCancel, onDecide }: { spec: DecisionSpec; busy: boolean; onCancel: () => void; onDecide: (reason: string) => void }) {
  const t = useConsoleT();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setProblem(t('queues.reason_needed'));
      return;
    }
    onDecide(text);
  };
  return (
    <form className={styles.rejectForm} onSubmit={submit} data-testid="reason-form">
      <label htmlFor="decision-reason">{t(`queues.reasons.${spec.label}`)}</label>
      <textarea
        id="decision-reason"
        ref={field}
        name="reason"
        rows={3}
        maxLength={200}
        value={reason}
        aria-describedby="decision-reason-hint"
        aria-invalid={problem !== null}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          else if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
      />
      <p id="decision-reason-hint" className={problem ? styles.problem : styles.hint} role={problem ? 'alert' : undefined}>
        {problem ?? t(`queues.reason_hints.${spec.label}`)}
      </p>
      <div className={styles.formActions}>
        <button type="submit" className={spec.label === 'release' ? styles.approve : styles.reject} disabled={busy} data-testid="reason-confirm">
          {t(`queues.confirm.${spec.label}`)}
        </button>
        <button type="button" className={styles.quiet} onClick={onCancel}>
          {t('queues.cancel')}
        </button>
      </div>
    </form>
  );
}
