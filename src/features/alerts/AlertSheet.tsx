import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ALERT_RULES, changePercent, priceLevel, type AlertDirection, type AlertKind } from '../../../contract/alerts';
import { formatAmount, formatFixed } from '../../../contract/format';
import { Money } from '../../../contract/money';
import type { MarketInfo } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { refreshUnread, unreadAlerts } from '../../app/alerts';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { useRequestIds } from '../../lib/requestId';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, Segmented, TextInput } from '../../ui/form';
import { Sheet } from '../../ui/Sheet';
import { toast } from '../../ui/toast';
import { deviceState, disableDevice, enableDevice, type DeviceState } from './device';
import type { AlertView } from './texts';
import styles from './alerts.module.css';

/** The price steps a tap away from the last price. */
const NUDGES = [-5, -1, 1, 5] as const;

/** The level a sheet opens with: the last price (a price alert), 5 % (a change), 50 % (a risk rate). */
function startLevel(kind: AlertKind, info: MarketInfo | null): string {
  if (kind === 'change') return '5';
  if (kind === 'risk') return '50';
  const last = info ? (quoteOf(info.id)?.last.peek() ?? 0) : 0;
  return info && last > 0 ? last.toFixed(info.pricePrecision) : '';
}

/**
 * The add-alert sheet of a pair (two taps: the bell opens it at the last price, Save
 * makes it), and the edit sheet of the alert list. A price level's direction comes from
 * the live price as the server will take it (contract/alerts.ts priceLevel): the line
 * under the field says which way it will wait. Risk rate alerts are the futures
 * account's, offered on pairs that trade as contracts.
 */
export function AlertSheet({ info, editing, open, onClose, onSaved }: { info: MarketInfo | null; editing?: AlertView; open: boolean; onClose: () => void; onSaved?: (alert: AlertView) => void }) {
  const t = useT();
  const [kind, setKind] = useState<AlertKind>(editing?.kind ?? 'price');
  const [level, setLevel] = useState(() => editing?.level ?? startLevel('price', info));
  const [direction, setDirection] = useState<AlertDirection>(editing?.direction ?? 'up');
  const [repeat, setRepeat] = useState(editing?.repeat ?? false);
  const [email, setEmail] = useState(editing?.email ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const config = useLoad(() => (open ? api('GET /alerts/config', {}) : Promise.resolve(null)), [open]);
  const decimals = kind === 'price' && info ? info.pricePrecision : ALERT_RULES.percentDecimals;

  // Opened again: at the price of now, the form as new.
  useEffect(() => {
    if (!open || editing) return;
    setLevel(startLevel(kind, info));
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the sheet opens
  }, [open]);

  const choose = (next: AlertKind) => {
    setKind(next);
    setLevel(startLevel(next, info));
    setError(null);
  };

  const submit = () =>
    run(async () => {
      const typed = typedAmount(level);
      if (!typed) return setError(t('alerts:sheet.level_missing'));
      setError(null);
      const fields = { level: typed.toFixed(), ...(kind === 'change' ? { direction } : {}), repeat: repeat ? (1 as const) : (0 as const), email: email ? (1 as const) : (0 as const) };
      const saved = editing
        ? await api('POST /alerts/update', { id: editing.id, ...fields })
        : await api('POST /alerts/create', { kind, ...(kind !== 'risk' && info ? { market_id: info.id } : {}), ...fields, request_id: requestIds.for({ kind, ...fields }) });
      requestIds.done();
      toast(t(editing ? 'alerts:sheet.updated' : 'alerts:sheet.saved'));
      onSaved?.(saved);
      onClose();
    });

  const title = editing ? t('alerts:sheet.edit_title') : t('alerts:sheet.title', { symbol: info?.symbol ?? '' });
  const kinds: { value: AlertKind; label: string }[] = [
    { value: 'price', label: t('alerts:kinds.price') },
    { value: 'change', label: t('alerts:kinds.change') },
    ...(info?.contract ? [{ value: 'risk' as const, label: t('alerts:kinds.risk') }] : []),
  ];
  return (
    <Sheet open={open} title={title} onClose={onClose} testId="alert-sheet">
      <Form onSubmit={() => void submit()}>
        <div className={styles.sheetBody}>
          {!editing && kinds.length > 1 && <Segmented options={kinds} value={kind} onChange={choose} />}
          {kind === 'change' && (
            <Segmented
              options={[
                { value: 'up', label: t('alerts:sheet.rise') },
                { value: 'down', label: t('alerts:sheet.fall') },
              ]}
              value={direction}
              onChange={setDirection}
            />
          )}
          <Now kind={kind} info={info} open={open} />
          <Field
            label={kind === 'price' ? t('alerts:sheet.level_price', { quote: info?.quote ?? '' }) : kind === 'change' ? t('alerts:sheet.level_change') : t('alerts:sheet.level_risk')}
            error={error}
            hint={<Hint kind={kind} info={info} level={level} direction={direction} liquidation={config.data?.risk_min ?? '20'} />}
          >
            <TextInput value={level} onValue={(value) => setLevel(cleanAmount(value, decimals))} inputMode="decimal" autoComplete="off" data-testid="alert-level" />
          </Field>
          {kind === 'price' && info && <Nudges info={info} onLevel={setLevel} />}
          <Switch label={t('alerts:sheet.repeat')} hint={t('alerts:sheet.repeat_hint')} on={repeat} onChange={setRepeat} testId="alert-repeat" />
          <Switch label={t('alerts:sheet.email')} on={email} onChange={setEmail} testId="alert-email" />
          <DeviceSwitch pushKey={config.data?.push_key ?? null} open={open} />
          <PrimaryButton type="submit" busy={busy} testId="alert-save">
            {t('alerts:sheet.save')}
          </PrimaryButton>
          {!editing && <SheetLinks />}
        </div>
      </Form>
    </Sheet>
  );
}

/** The figure the level is set against, live: the last price, the 24h change, or the account's risk rate. */
function Now({ kind, info, open }: { kind: AlertKind; info: MarketInfo | null; open: boolean }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const account = useLoad(() => (open && kind === 'risk' ? api('POST /lever/dealall', {}) : Promise.resolve(null)), [open, kind]);
  const quote = info ? quoteOf(info.id) : undefined;
  if (kind === 'risk') {
    const risk = account.data?.account.risk_rate;
    const text = risk ? `${formatAmount(new Money(risk).times(100).toFixed(2), lang)} %` : account.data ? t('alerts:sheet.risk_none') : '…';
    return <Row label={t('alerts:sheet.risk_now')} value={text} />;
  }
  if (!quote || !info) return null;
  const last = quote.last.value;
  if (kind === 'change') {
    const change = changePercent(last, quote.open.value);
    return <Row label={t('alerts:sheet.change_now')} value={`${change.gte(0) ? '+' : ''}${formatFixed(change.toNumber(), 2, lang)} %`} />;
  }
  return <Row label={t('alerts:sheet.price_now')} value={formatFixed(last, info.pricePrecision, lang)} testId="alert-last" />;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.now}>
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

/** Which way the alert will wait, read against the live price as the server will read it. */
function Hint({ kind, info, level, direction, liquidation }: { kind: AlertKind; info: MarketInfo | null; level: string; direction: AlertDirection; liquidation: string }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const typed = typedAmount(level);
  if (!typed) return null;
  const shown = (decimals: number) => formatAmount(typed.toFixed(decimals), lang);
  if (kind === 'risk') return <span data-testid="alert-hint">{t('alerts:sheet.will_risk', { level: shown(2), liquidation })}</span>;
  if (kind === 'change') return <span data-testid="alert-hint">{t(direction === 'up' ? 'alerts:sheet.will_change_up' : 'alerts:sheet.will_change_down', { level: shown(2) })}</span>;
  const last = info ? quoteOf(info.id)?.last.value : undefined;
  if (!info || !last) return null;
  const checked = priceLevel(typed, last.toFixed(info.pricePrecision), info.pricePrecision);
  // The other refusals (decimals, the band) are the server's to word; equal to the price is shown as it is typed.
  if (!checked.ok) return checked.key === 'alert_level_at_price' ? <span data-testid="alert-hint">{t('alerts:sheet.at_price')}</span> : null;
  return <span data-testid="alert-hint">{t(checked.direction === 'up' ? 'alerts:sheet.will_rise' : 'alerts:sheet.will_fall', { level: shown(info.pricePrecision) })}</span>;
}

/** A tap sets the level a few percent from the live price. */
function Nudges({ info, onLevel }: { info: MarketInfo; onLevel: (level: string) => void }) {
  return (
    <div className={styles.nudges}>
      {NUDGES.map((percent) => (
        <button
          key={percent}
          type="button"
          className={styles.nudge}
          data-testid={`alert-nudge-${percent}`}
          onClick={() => {
            const last = quoteOf(info.id)?.last.peek() ?? 0;
            if (last > 0) onLevel(new Money(last).times(1 + percent / 100).toFixed(info.pricePrecision));
          }}
        >
          {percent > 0 ? `+${percent}` : percent} %
        </button>
      ))}
    </div>
  );
}

export function Switch({ label, hint, on, onChange, disabled = false, testId }: { label: string; hint?: string; on: boolean; onChange: (on: boolean) => void; disabled?: boolean; testId?: string }) {
  return (
    <label className={styles.switchRow}>
      <span className={styles.switchText}>
        <span>{label}</span>
        {hint && <span className={styles.switchHint}>{hint}</span>}
      </span>
      <input type="checkbox" role="switch" className={styles.switch} checked={on} disabled={disabled} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
    </label>
  );
}

/** This device's notifications: asked for from the tap on the switch (browsers need one). */
export function DeviceSwitch({ pushKey, open }: { pushKey: string | null; open: boolean }) {
  const t = useT();
  const [state, setState] = useState<DeviceState>('off');
  useEffect(() => {
    if (open) void deviceState().then(setState);
  }, [open]);
  const hint =
    state === 'push'
      ? t('alerts:sheet.device_on')
      : state === 'page'
        ? t('alerts:sheet.device_page')
        : state === 'blocked'
          ? t('alerts:sheet.device_blocked')
          : state === 'unsupported'
            ? t('alerts:sheet.device_unsupported')
            : undefined;
  return (
    <Switch
      label={t('alerts:sheet.device')}
      {...(hint ? { hint } : {})}
      on={state === 'push' || state === 'page'}
      disabled={state === 'blocked' || state === 'unsupported' || pushKey === null}
      onChange={(on) => void (on && pushKey ? enableDevice(pushKey) : disableDevice()).then(setState)}
      testId="alert-device"
    />
  );
}

function SheetLinks() {
  useSignals();
  const t = useT();
  useEffect(refreshUnread, []);
  const unread = unreadAlerts.value;
  return (
    <div className={styles.sheetLinks}>
      <Link to="/pages/alerts/list" data-testid="alert-list-link">
        {t('alerts:mine')}
      </Link>
      <Link to="/pages/alerts/inbox" data-testid="alert-inbox-link">
        {t('alerts:inbox_title')}
        {unread > 0 && <span className={styles.count}>{unread}</span>}
      </Link>
    </div>
  );
}
