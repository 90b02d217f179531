import { useSignals } from '@preact/signals-react/runtime';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { formatAmount, formatFixed } from '../../../contract/format';
import { floor, type Money } from '../../../contract/money';
import { api } from '../../api/client';
import { useTickers } from '../../core/hooks';
import { markets } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, Segmented, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { percentText, TraderWho, type CopyRules } from './parts';
import { copyCost, copyLots, numberInRange, stopDateOf, stopTimeOf, typedLots, typedMultiple, type FollowMode } from './sizing';
import styles from './copy.module.css';

type Detail = ApiOutput<'GET /follow/traderDetail'>;
type Position = Detail['positions'][number];
type Deal = ApiOutput<'POST /lever/deal'>;
type Errors = Partial<Record<'number' | 'cap' | 'end' | 'agree', string>>;

/** Today as the date field writes it, the earliest stop date. */
const today = () => stopDateOf(Date.now() + 1);

/**
 * follow/follow?id=: how to copy a trader. Mode (a fixed multiple of the trader's lots,
 * or fixed lots), the number, an optional margin cap and stop date, what the next copy
 * would cost for the trader's latest position, the profit share, and the agreement.
 * Following again replaces the current follow (the API has no update: stop, then follow).
 */
export function FollowScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const { data, failed } = useLoad(() => api('GET /follow/traderDetail', { trader_user_id: id }), [id]);
  return (
    <Screen title={t('copy:form.title')}>
      {data ? (
        <FollowForm key={data.follow?.id ?? 0} detail={data} />
      ) : (
        <div className={styles.page}>{failed ? <p className={styles.empty}>{t('copy:trader.not_found')}</p> : <Skeleton shape="facts" />}</div>
      )}
    </Screen>
  );
}

function FollowForm({ detail }: { detail: Detail }) {
  const t = useT();
  const lang = language.value;
  const router = useRouter();
  const { trader, rules, follow } = detail;
  const [mode, setMode] = useState<FollowMode>(follow?.mode ?? 'multiple');
  const [number, setNumber] = useState(follow ? follow.number : '1');
  const [cap, setCap] = useState(follow?.max_margin ?? '');
  const [end, setEnd] = useState(follow?.end_time ? stopDateOf(follow.end_time) : '');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, run] = useSubmit();

  const check = (): Errors => {
    const found: Errors = {};
    if (!numberInRange(mode, number, rules))
      found.number =
        mode === 'multiple' ? t('copy:form.errors.multiple', { min: rules.multiple_min, max: rules.multiple_max }) : t('copy:form.errors.lots', { min: rules.lots_min, max: rules.lots_max });
    if (cap !== '' && !(Number(cap) > 0)) found.cap = t('copy:form.errors.cap');
    const stop = stopTimeOf(end);
    if (end !== '' && (stop === null || stop <= Date.now())) found.end = t('copy:form.errors.end');
    if (!agreed) found.agree = t('copy:form.errors.agree');
    return found;
  };

  const save = () =>
    run(async () => {
      const stop = stopTimeOf(end);
      const terms = { trader_user_id: trader.user_id, type: mode, number, ...(cap !== '' ? { max_margin: cap } : {}), ...(stop !== null ? { end_time: stop } : {}) };
      // A follow is changed in place: its open copies stay with it and count toward the new cap.
      await (follow ? api('POST /follow/edit', terms) : api('POST /follow/follow', terms));
      toast(follow ? t('copy:form.saved') : t('copy:form.followed', { name: trader.nickname }));
      void router.navigate({ to: '/pages/follow/trader', search: { id: trader.user_id }, replace: true });
    });

  const submit = () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void save();
  };

  return (
    <Form onSubmit={submit}>
      <TraderWho trader={trader} />
      {follow && <p className={styles.note}>{t('copy:form.following_note')}</p>}
      <div className={styles.box}>
        <span className={styles.boxTitle}>{t('copy:form.mode')}</span>
        <Segmented
          options={[
            { value: 'multiple', label: t('copy:mode.multiple') },
            { value: 'lots', label: t('copy:mode.lots') },
          ]}
          value={mode}
          onChange={(next: FollowMode) => {
            setMode(next);
            setNumber(next === 'lots' ? String(rules.lots_min) : '1');
            setErrors({});
          }}
        />
      </div>
      <Field
        label={mode === 'multiple' ? t('copy:form.multiple') : t('copy:form.lots')}
        error={errors.number}
        hint={mode === 'multiple' ? t('copy:form.multiple_hint', { min: rules.multiple_min, max: rules.multiple_max }) : t('copy:form.lots_hint', { min: rules.lots_min, max: rules.lots_max })}
      >
        <TextInput
          name="number"
          inputMode={mode === 'multiple' ? 'decimal' : 'numeric'}
          value={number}
          onValue={(v) => setNumber(mode === 'multiple' ? typedMultiple(v) : typedLots(v))}
          data-testid="follow-number"
        />
      </Field>
      <Field label={t('copy:form.cap')} error={errors.cap} hint={t('copy:form.cap_hint')}>
        <TextInput name="max_margin" inputMode="decimal" value={cap} onValue={(v) => setCap(cleanAmount(v, 6))} data-testid="follow-cap" />
      </Field>
      <Field label={t('copy:form.end')} error={errors.end} hint={t('copy:form.end_hint')}>
        <TextInput name="end_time" type="date" min={today()} value={end} onValue={setEnd} className={styles.dateInput} data-testid="follow-end" />
      </Field>
      <Preview detail={detail} mode={mode} number={number} cap={cap} />
      <div className={styles.box}>
        <span className={styles.boxTitle}>{t('copy:form.share')}</span>
        <p className={styles.note} data-testid="follow-share">
          {t('copy:form.share_text', { share: percentText(rules.profit_share, lang, 0) })}
        </p>
      </div>
      <label className={styles.agree}>
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} data-testid="follow-agree" aria-invalid={Boolean(errors.agree)} />
        <span>{t('copy:form.agree')}</span>
      </label>
      {errors.agree && (
        <p className={styles.warning} role="alert">
          {errors.agree}
        </p>
      )}
      <Link to="/pages/follow/agreement" className={styles.link}>
        {t('copy:form.read_agreement')}
      </Link>
      <PrimaryButton type="submit" busy={busy} testId="follow-submit">
        {follow ? t('copy:form.save') : t('copy:form.submit')}
      </PrimaryButton>
    </Form>
  );
}

/**
 * What the next copy would take for the trader's latest position (open, else closed): the
 * lots, and at the current price the margin and fee, with the reason it would be skipped.
 */
function Preview({ detail, mode, number, cap }: { detail: Detail; mode: FollowMode; number: string; cap: string }) {
  useSignals();
  useTickers();
  const t = useT();
  const lang = language.value;
  const latest: Position | undefined = detail.positions[0] ?? detail.history[0];
  const market = latest ? markets.value.find((candidate) => candidate.id === latest.market_id) : undefined;
  const [deal, setDeal] = useState<Deal | null>(null);
  useEffect(() => {
    if (!market) return;
    void api('POST /lever/deal', { currency_id: market.currencyId, legal_id: market.legalId }, { silent: true })
      .then(setDeal)
      .catch(() => undefined);
  }, [market]);

  if (!latest)
    return (
      <div className={styles.box}>
        <span className={styles.boxTitle}>{t('copy:preview.title')}</span>
        <p className={styles.note}>{t('copy:preview.none')}</p>
      </div>
    );

  const valid = numberInRange(mode, number, detail.rules);
  const lots = valid ? copyLots(mode, number, latest.share) : null;
  const cost = deal && lots !== null && lots > 0 ? copyCost({ lots, lotSize: deal.lot_size, price: deal.last, multiple: latest.multiple, feeRate: deal.fee_rate }) : null;
  const usdt = (amount: Money) => `≈ ${formatFixed(amount.toNumber(), 2, lang)} USDT`;
  const skip = skipReason(lots, cost, cap, deal, detail.rules);
  return (
    <div className={styles.box} data-testid="follow-preview">
      <span className={styles.boxTitle}>{t('copy:preview.title')}</span>
      <p className={styles.small}>
        {t('copy:preview.based_on', {
          symbol: latest.symbol,
          side: t(latest.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short'),
          lots: latest.share,
          multiple: latest.multiple,
        })}
      </p>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('copy:preview.lots')}</span>
          <strong data-testid="preview-lots">{lots ?? '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('copy:preview.margin')}</span>
          <strong data-testid="preview-margin">{cost ? usdt(cost.margin) : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('copy:preview.fee')}</span>
          <strong>{cost ? usdt(cost.fee) : '--'}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('copy:preview.balance')}</span>
          <strong data-testid="preview-balance">{deal ? `${formatAmount(floor(deal.account.balance, 2).toFixed(2), lang)} USDT` : '--'}</strong>
        </div>
      </div>
      {skip && (
        <p className={styles.warning} data-testid="preview-skip">
          {t(`copy:preview.${skip}`)}
        </p>
      )}
      <p className={styles.small}>{t('copy:preview.note')}</p>
      <div className={styles.actions}>
        <Link to="/pages/fund/fundTransfer" className={styles.action}>
          {t('copy:preview.transfer')}
        </Link>
      </div>
    </div>
  );
}

function skipReason(lots: number | null, cost: { margin: Money; fee: Money } | null, cap: string, deal: Deal | null, rules: CopyRules): 'too_small' | 'too_large' | 'over_cap' | 'over_balance' | null {
  if (lots === null) return null;
  if (lots < rules.lots_min) return 'too_small';
  if (lots > rules.lots_max) return 'too_large';
  if (!cost) return null;
  if (Number(cap) > 0 && cost.margin.gt(cap)) return 'over_cap';
  if (deal && cost.margin.plus(cost.fee).gt(deal.account.balance)) return 'over_balance';
  return null;
}
