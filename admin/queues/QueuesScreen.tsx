import { useSignals } from '@preact/signals-react/runtime';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatAmount, formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { queuesRoute } from '../routes';
import { decide, type Decision } from './decide';
import { shortcutOf } from './keys';
import { pendingWork, refreshPending } from './pending';
import { PrivatePhoto } from './PrivatePhoto';
import { afterRemoval, counts, moved, QUEUES, without, type QueueItem, type QueueName } from './queues';
import styles from './queues.module.css';

/**
 * The review queues: a tab per queue with its count, the queue's items (oldest first, as
 * they arrived), the selected item's details beside them (an identity's photos, a
 * deposit's voucher), approve and reject on every row. Keys: j and k move, a approves, r
 * rejects (the reason is asked beside the item). A decided item leaves at once and the
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
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = selected !== null && ids.includes(selected) ? selected : (ids[0] ?? null);
  const item = items.find((candidate) => candidate.id === current) ?? null;

  useEffect(() => {
    void refreshPending().catch(() => undefined);
  }, []);

  const act = useCallback(
    async (id: number, decision: Decision) => {
      if (busy || !work) return;
      setBusy(true);
      try {
        const said = await decide(queue, id, decision);
        toast(said);
        pendingWork.value = without(pendingWork.value ?? work, queue, id);
        setSelected(afterRemoval(ids, id));
        setRejecting(null);
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

  const startReject = useCallback((id: number) => {
    setSelected(id);
    setRejecting(id);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (shortcut === null || rejecting !== null) return;
      event.preventDefault();
      if (shortcut === 'next' || shortcut === 'previous') setSelected(moved(ids, current, shortcut === 'next' ? 1 : -1));
      else if (current !== null && shortcut === 'approve') void act(current, { approve: true });
      else if (current !== null && shortcut === 'reject') startReject(current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ids, current, rejecting, act, startReject]);

  // The selected row stays in view as j and k move through a long queue.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const shown = work ? counts(work) : null;
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
              setRejecting(null);
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
        <span>{t('queues.keys_label')}:</span> <kbd>j</kbd> <kbd>k</kbd> {t('queues.keys.move')} · <kbd>a</kbd> {t('queues.keys.approve')} · <kbd>r</kbd> {t('queues.keys.reject')}
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
                  if (rejecting !== row.id) setRejecting(null);
                }}
              >
                <span className={styles.summary}>{summary(t, queue, row)}</span>
                <span className={styles.actions}>
                  <button
                    type="button"
                    className={styles.approve}
                    disabled={busy}
                    data-testid={`approve-${row.id}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      void act(row.id, { approve: true });
                    }}
                  >
                    {t('queues.approve')}
                  </button>
                  <button
                    type="button"
                    className={styles.reject}
                    disabled={busy}
                    data-testid={`reject-${row.id}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      startReject(row.id);
                    }}
                  >
                    {t('queues.reject')}
                  </button>
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
              {rejecting === item.id ? <RejectForm key={item.id} busy={busy} onCancel={() => setRejecting(null)} onReject={(reason) => void act(item.id, { approve: false, reason })} /> : null}
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
  const uid = t('queues.uid', { uid: row.uid });
  switch (queue) {
    case 'identities': {
      const identity = row as QueueItem<'identities'>;
      // Level 2 carries photos only: the name was checked at level 1.
      return [uid, t('queues.level', { level: identity.level }), identity.name].filter((part) => part !== '').join(' · ');
    }
    case 'recharges': {
      const recharge = row as QueueItem<'recharges'>;
      return `${uid} · ${formatAmount(recharge.amount, language)} ${recharge.code} · ${recharge.network}`;
    }
    case 'withdrawals': {
      const withdrawal = row as QueueItem<'withdrawals'>;
      return `${uid} · ${formatAmount(withdrawal.amount, language)} ${withdrawal.code} · ${withdrawal.network}`;
    }
  }
}

function Details({ t, queue, item }: { t: ConsoleT; queue: QueueName; item: AnyItem }) {
  const language = consoleLanguage.value;
  const facts: [string, string][] = [
    [t('queues.fields.uid'), String(item.uid)],
    [t('queues.fields.submitted'), formatDateTime(item.created_at, language)],
  ];
  let photos: [string, string][] = [];
  let note: string | null = null;
  if (queue === 'identities') {
    const identity = item as QueueItem<'identities'>;
    facts.push([t('queues.fields.level'), String(identity.level)]);
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
  } else if (queue === 'recharges') {
    const recharge = item as QueueItem<'recharges'>;
    facts.push(
      [t('queues.fields.amount'), `${formatAmount(recharge.amount, language)} ${recharge.code}`],
      [t('queues.fields.network'), recharge.network],
      [t('queues.fields.sender'), recharge.sender || '—'],
    );
    photos = [[t('queues.fields.voucher'), recharge.voucher]];
  } else {
    const withdrawal = item as QueueItem<'withdrawals'>;
    facts.push(
      [t('queues.fields.amount'), `${formatAmount(withdrawal.amount, language)} ${withdrawal.code}`],
      [t('queues.fields.fee'), `${formatAmount(withdrawal.fee, language)} ${withdrawal.code}`],
      [t('queues.fields.network'), withdrawal.network],
      [t('queues.fields.address'), withdrawal.address],
    );
  }
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
    </>
  );
}

/** The reason asked before a rejection: focused at once, Enter rejects, Escape cancels. */
function RejectForm({ busy, onCancel, onReject }: { busy: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
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
    onReject(text);
  };
  return (
    <form className={styles.rejectForm} onSubmit={submit} data-testid="reject-form">
      <label htmlFor="reject-reason">{t('queues.reason')}</label>
      <textarea
        id="reject-reason"
        ref={field}
        name="reason"
        rows={3}
        maxLength={200}
        value={reason}
        aria-describedby="reject-reason-hint"
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
      <p id="reject-reason-hint" className={problem ? styles.problem : styles.hint} role={problem ? 'alert' : undefined}>
        {problem ?? t('queues.reason_hint')}
      </p>
      <div className={styles.formActions}>
        <button type="submit" className={styles.reject} disabled={busy} data-testid="reject-confirm">
          {t('queues.confirm_reject')}
        </button>
        <button type="button" className={styles.quiet} onClick={onCancel}>
          {t('queues.cancel')}
        </button>
      </div>
    </form>
  );
}
