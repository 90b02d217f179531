import { useNow } from '../../lib/clock';
import { Link } from '@tanstack/react-router';
import { ieoPhase, type IeoPhase } from '../../../contract/ieo';
import { formatAmount } from '../../../contract/format';
import { language, useT, type Translator } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { CoinIcon } from '../../ui/CoinIcon';
import entries from '../../ui/entries.module.css';
import { ListFooter } from '../../ui/ListFooter';
import styles from './finance.module.css';
import { percent } from './format';
import { countdown, nextMilestone, type IeoOrder, type IeoProject } from './ieo';

/**
 * IEO's parts, shared by the finance tab and the ieo screens: the project list, a
 * project's card (status and countdown from the clock, contract/ieo.ts), its progress,
 * and the clock they read.
 */

export { useNow };

/** A time left: "2d 03:04:05", or "03:04:05" under a day. */
export function timeLeft(ms: number, t: Translator): string {
  const { days, clock } = countdown(ms);
  return days > 0 ? `${t('finance:ieo.days_short', { count: days })} ${clock}` : clock;
}

/** My subscriptions and how IEO works. */
export function IeoEntries() {
  const t = useT();
  return (
    <div className={entries.entries}>
      <Link to="/pages/ieo/order" className={entries.entry} data-testid="ieo-mine">
        {t('finance:ieo.mine')}
      </Link>
      <Link to="/pages/ieo/help" className={entries.entry} data-testid="ieo-help">
        {t('finance:ieo.help')}
      </Link>
    </div>
  );
}

/** The projects: in progress first, then warming up, then ended (the server's order). */
export function IeoProjects() {
  const t = useT();
  const list = usePaged('GET /project', {});
  const now = useNow();
  return (
    <>
      {list.items.map((project) => (
        <IeoProjectCard key={project.id} project={project} now={now} />
      ))}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('finance:ieo.none')}</p> : <ListFooter {...list} skeleton="card" />}
    </>
  );
}

/** A project in the list: name, token, issue price, status, progress and the countdown to what comes next. */
export function IeoProjectCard({ project, now }: { project: IeoProject; now: number }) {
  const t = useT();
  const lang = language.value;
  return (
    <Link to="/pages/ieo/subscribe" search={{ id: project.id }} className={styles.card} data-testid="ieo-project" data-project={project.token}>
      <IeoHead project={project} phase={ieoPhase(project, now)} />
      <div className={styles.apr}>
        <span className={styles.aprLabel}>{t('finance:ieo.issue_price')}</span>
        <span className={styles.aprValue} data-testid="ieo-price">
          {formatAmount(project.issue_price, lang)} <span className={styles.unit}>{project.pay_code}</span>
        </span>
      </div>
      <IeoProgress project={project} />
      <IeoCountdown project={project} now={now} />
    </Link>
  );
}

/** The token's mark, the project's name, the token and the status. */
export function IeoHead({ project, phase }: { project: IeoProject; phase: IeoPhase }) {
  return (
    <div className={styles.head}>
      <CoinIcon code={project.token} size={26} />
      <span className={styles.symbol}>{project.name}</span>
      <span className={`${styles.badge} ${styles.kind}`}>{project.token}</span>
      <IeoStatus phase={phase} />
    </div>
  );
}

const PHASE_CLASS: Record<IeoPhase, string | undefined> = { warmup: styles.phaseWarmup, progress: styles.phaseProgress, ended: styles.phaseEnded };

export function IeoStatus({ phase }: { phase: IeoPhase }) {
  const t = useT();
  return (
    <span className={`${styles.badge} ${styles.status} ${PHASE_CLASS[phase] ?? ''}`} data-testid="ieo-status">
      {t(`finance:ieo.status.${phase}`)}
    </span>
  );
}

const ORDER_CLASS: Record<IeoOrder['status'], string | undefined> = { pending: styles.phaseWarmup, allocated: styles.phaseProgress, released: styles.phaseProgress, refunded: styles.phaseEnded };

export function IeoOrderStatus({ status }: { status: IeoOrder['status'] }) {
  const t = useT();
  return (
    <span className={`${styles.badge} ${styles.status} ${ORDER_CLASS[status] ?? ''}`} data-testid="ieo-order-status">
      {t(`finance:ieo.order_status.${status}`)}
    </span>
  );
}

/**
 * Tokens asked for against the total issuance. Oversubscribed, the share passes 100 %: the
 * bar is full and says so, and the text gives the real share (the allocation is pro rata).
 */
export function IeoProgress({ project }: { project: IeoProject }) {
  const t = useT();
  const lang = language.value;
  const share = Number(project.progress);
  const over = share > 1;
  return (
    <div className={styles.progress}>
      <div className={styles.progressText}>
        <span data-testid="ieo-subscribed">
          {t('finance:ieo.subscribed_of', { subscribed: formatAmount(project.subscribed, lang), total: formatAmount(project.total_issuance, lang), token: project.token })}
        </span>
        <strong className={over ? styles.over : undefined} data-testid="ieo-progress">
          {percent(project.progress, lang, 2)}
        </strong>
      </div>
      {/* the text above says it; the bar only draws it */}
      <div className={styles.bar} aria-hidden="true">
        <div className={`${styles.barFill} ${over ? styles.barOver : ''}`} style={{ width: `${Math.min(100, Math.max(0, share * 100))}%` }} />
      </div>
      {over && <span className={styles.over}>{t('finance:ieo.oversubscribed')}</span>}
    </div>
  );
}

/** The countdown to what the project waits for: starts in, ends in, lists in; listed, nothing. */
export function IeoCountdown({ project, now }: { project: IeoProject; now: number }) {
  const t = useT();
  const next = nextMilestone(project, now);
  if (!next) return null;
  const left = next.at - now;
  return (
    <span className={styles.countdown} data-testid="ieo-countdown">
      {left > 0 ? t(`finance:ieo.countdown.${next.milestone}`, { time: timeLeft(left, t) }) : t('finance:ieo.countdown.list_due')}
    </span>
  );
}
