import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { formatAmount, formatDate } from '../../../contract/format';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { percentText, useCopyRules } from './parts';
import styles from './copy.module.css';

type Application = ApiOutput<'GET /follow/application'>;
type Visibility = Application['visibility'];

/**
 * copytrade/trader: becoming a trader. The application's status, what applying needs
 * (level-1 identity, a futures balance) with the way to each, and the visibility of one's
 * open positions (live or delayed), which an approved trader can change here.
 */
export function BecomeTraderScreen() {
  useSignals();
  const t = useT();
  const rules = useCopyRules();
  const [application, setApplication] = useState<Application | null>(null);
  const { data } = useLoad(() => api('GET /follow/application', {}));
  const current = application ?? data;
  return (
    <Screen title={t('copy:apply.title')}>
      <div className={styles.page}>
        <p className={styles.note}>{t('copy:apply.intro', { share: rules ? percentText(rules.profit_share, language.value, 0) : '--' })}</p>
        {current ? <ApplicationForm key={current.status} application={current} delay={rules?.delay_minutes} onChange={setApplication} /> : <Skeleton shape="facts" />}
      </div>
    </Screen>
  );
}

function ApplicationForm({ application, delay, onChange }: { application: Application; delay: number | undefined; onChange: (next: Application) => void }) {
  const t = useT();
  const lang = language.value;
  const [visibility, setVisibility] = useState<Visibility>(application.visibility);
  const [busy, run] = useSubmit();
  const id = useId();
  const { status, needs } = application;
  const approved = status === 'approved';
  const ready = needs.identity && needs.balance;
  const submit = () =>
    run(async () => {
      const next = await api('POST /follow/apply', { visibility });
      toast(approved ? t('copy:apply.saved') : next.status === 'approved' ? t('copy:apply.approved_now') : t('copy:apply.sent'));
      onChange(next);
    });
  return (
    <>
      <section className={styles.box} data-testid="trader-application">
        <div className={styles.followHead}>
          <strong data-testid="application-status">{t(`copy:apply.status.${status}`)}</strong>
          {application.applied_at !== null && <span className={styles.small}>{t('copy:apply.applied_at', { date: formatDate(application.applied_at, lang) })}</span>}
        </div>
        {status === 'rejected' && application.reason && <p className={styles.warning}>{t('copy:apply.reason', { reason: application.reason })}</p>}
        {status === 'pending' && <p className={styles.note}>{t('copy:apply.pending_note')}</p>}
        {approved && (
          <Link to="/pages/follow/trader" search={{ id: application.user_id }} className={styles.action} data-testid="my-trader-page">
            {t('copy:apply.my_page')}
          </Link>
        )}
      </section>

      {!approved && (
        <section className={styles.box}>
          <span className={styles.boxTitle}>{t('copy:apply.needs')}</span>
          <div className={styles.need} data-testid="need-identity">
            <span className={styles.needText}>{t('copy:apply.identity')}</span>
            {needs.identity ? (
              <span className={styles.done}>{t('copy:apply.done')}</span>
            ) : (
              <Link to="/pages/setting/real" className={styles.action}>
                {t('copy:apply.verify')}
              </Link>
            )}
          </div>
          <div className={styles.need} data-testid="need-balance">
            <span className={styles.needText}>{t('copy:apply.balance', { amount: formatAmount(needs.min_balance, lang) })}</span>
            {needs.balance ? (
              <span className={styles.done}>{t('copy:apply.done')}</span>
            ) : (
              <Link to="/pages/fund/fundTransfer" className={styles.action}>
                {t('copy:apply.transfer')}
              </Link>
            )}
          </div>
        </section>
      )}

      {status !== 'pending' && (
        <>
          <div className={styles.box} role="radiogroup" aria-labelledby={`${id}-visibility`}>
            <span className={styles.boxTitle} id={`${id}-visibility`}>
              {t('copy:apply.visibility')}
            </span>
            {(['live', 'delayed'] as const).map((option) => (
              <label key={option} className={`${styles.choice} ${visibility === option ? styles.choiceOn : ''}`}>
                <input type="radio" name="visibility" value={option} checked={visibility === option} onChange={() => setVisibility(option)} data-testid={`visibility-${option}`} />
                <span>{option === 'live' ? t('copy:apply.live') : t('copy:apply.delayed', { minutes: delay ?? '--' })}</span>
              </label>
            ))}
          </div>
          <PrimaryButton busy={busy} disabled={!approved && !ready} onClick={() => void submit()} testId="trader-apply">
            {approved ? t('copy:apply.save') : t('copy:apply.submit')}
          </PrimaryButton>
        </>
      )}
    </>
  );
}
