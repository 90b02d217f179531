import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { AlertBell } from '../../app/alerts';
import { useTickers } from '../../core/hooks';
import { markets } from '../../core/store';
import { language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { AlertSheet, DeviceSwitch } from './AlertSheet';
import { describe, levelText, type AlertView } from './texts';
import styles from './alerts.module.css';

/**
 * My alerts: each with what it waits for, its state (active, paused, waiting to re-arm,
 * triggered), once or repeating, by e-mail or not, how many times it fired; pause,
 * resume, edit (the sheet of the pair screen) and delete. This device's notifications
 * are switched here too.
 */
export function AlertsScreen() {
  useSignals();
  useTickers();
  const t = useT();
  const [version, setVersion] = useState(0);
  const list = usePaged('GET /alerts/list', {}, [version]);
  const counts = useLoad(() => api('GET /alerts/list', { limit: 1 }), [version]);
  const config = useLoad(() => api('GET /alerts/config', {}), []);
  const [editing, setEditing] = useState<AlertView | null>(null);
  const [deleting, setDeleting] = useState<AlertView | null>(null);
  const [, run] = useSubmit();
  const changed = () => setVersion((v) => v + 1);
  const act = (action: () => Promise<unknown>, done: string) =>
    void run(async () => {
      await action();
      toast(done);
      changed();
    });
  const info = editing?.market_id ? (markets.value.find((market) => market.id === editing.market_id) ?? null) : null;
  return (
    <Screen
      title={t('alerts:mine')}
      right={
        <Link to="/pages/alerts/inbox" className={styles.navLink}>
          <AlertBell testId="alerts-inbox" />
        </Link>
      }
    >
      <div className={styles.page}>
        {counts.data && config.data && (
          <p className={styles.muted} data-testid="alerts-count">
            {t('alerts:list.count', { live: counts.data.live, limit: config.data.per_user })}
          </p>
        )}
        <div className={styles.card}>
          <DeviceSwitch pushKey={config.data?.push_key ?? null} open />
        </div>
        <div className={styles.list}>
          {list.items.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              onPause={() => act(() => api('POST /alerts/pause', { id: alert.id }), t('alerts:list.paused'))}
              onResume={() => act(() => api('POST /alerts/resume', { id: alert.id }), t('alerts:list.resumed'))}
              onEdit={() => setEditing(alert)}
              onDelete={() => setDeleting(alert)}
            />
          ))}
        </div>
        {!list.loading && list.items.length === 0 ? (
          <p className={styles.empty} data-testid="alerts-empty">
            {t('alerts:list.empty')}
          </p>
        ) : (
          <ListFooter {...list} skeleton="record" />
        )}
      </div>
      {editing && <AlertSheet key={editing.id} info={info} editing={editing} open onClose={() => setEditing(null)} onSaved={changed} />}
      <ConfirmDialog
        open={deleting !== null}
        message={t('alerts:list.delete_confirm')}
        confirmLabel={t('alerts:list.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const alert = deleting;
          setDeleting(null);
          if (alert) act(() => api('POST /alerts/delete', { id: alert.id }), t('alerts:list.deleted'));
        }}
      />
    </Screen>
  );
}

function AlertCard({ alert, onPause, onResume, onEdit, onDelete }: { alert: AlertView; onPause: () => void; onResume: () => void; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const lang = language.value;
  const state = alert.status === 'active' && !alert.armed ? 'waiting' : alert.status;
  const reference =
    alert.reference === null
      ? null
      : alert.kind === 'price'
        ? formatAmount(alert.reference, lang)
        : `${alert.kind === 'change' && !alert.reference.startsWith('-') ? '+' : ''}${formatAmount(alert.reference, lang)} %`;
  return (
    <article className={styles.item} data-testid="alert-card" data-status={state}>
      <div className={styles.itemHead}>
        <strong className={styles.itemTitle}>{describe(t, alert, lang)}</strong>
        <span className={`${styles.state} ${styles[`state_${state}`] ?? ''}`}>{t(`alerts:list.status.${state}`)}</span>
      </div>
      <div className={styles.tags}>
        <span>{t(alert.repeat ? 'alerts:list.repeats' : 'alerts:list.once')}</span>
        {alert.email && <span>{t('alerts:list.email')}</span>}
        {alert.crossings > 0 && <span>{t('alerts:list.fired', { count: alert.crossings })}</span>}
      </div>
      <div className={styles.meta}>
        {reference && <span>{t('alerts:list.set_at', { reference })}</span>}
        <span>{formatDateTime(alert.created_at, lang)}</span>
      </div>
      <div className={styles.actions}>
        {alert.status === 'active' && (
          <button type="button" className={styles.action} onClick={onPause} data-testid="alert-pause">
            {t('alerts:list.pause')}
          </button>
        )}
        {alert.status === 'paused' && (
          <button type="button" className={styles.action} onClick={onResume} data-testid="alert-resume">
            {t('alerts:list.resume')}
          </button>
        )}
        <button type="button" className={styles.action} onClick={onEdit} data-testid="alert-edit" aria-label={`${t('alerts:list.edit')}: ${levelText(alert, lang)}`}>
          {t('alerts:list.edit')}
        </button>
        <button type="button" className={`${styles.action} ${styles.danger}`} onClick={onDelete} data-testid="alert-delete">
          {t('alerts:list.delete')}
        </button>
      </div>
    </article>
  );
}
