import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatAmount, formatDateTime } from '../../contract/format';
import { toast } from '../../src/ui/toast';
import { api } from '../api';
import { consoleLanguage, useConsoleT, type ConsoleT } from '../i18n';
import { useRead } from '../users/read';
import { rateChange } from './rates';
import styles from './terms.module.css';

type Rates = ApiOutput<'GET /operator/rates'>;
type Rate = Rates['rates'][number];

/**
 * Fiat rates (units per US dollar) the app converts values with: each with when and by
 * what it was last set (the reference rates, FIAT_RATES_FILE, an operator). A rate is
 * edited in its row and set after a confirmation that shows the change; USD is the unit.
 */
export function RatesTab() {
  useSignals();
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const read = useRead(() => api('GET /operator/rates', {}), []);
  const [editing, setEditing] = useState<string | null>(null);
  if (read.data === null) return <div className={styles.wait} aria-busy="true" />;
  const { rates, file } = read.data;
  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('products.rates.intro')}</p>
      {file ? (
        <p className={styles.notice} data-testid="rates-file">
          {t('products.rates.file', {
            name: file.name,
            loaded: file.loaded_at === null ? t('products.rates.never') : formatDateTime(file.loaded_at, language),
            due: formatDateTime(file.due_at, language),
          })}
        </p>
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="rates-table">
          <thead>
            <tr>
              <th scope="col">{t('products.rates.fields.code')}</th>
              <th scope="col" className={styles.number}>
                {t('products.rates.fields.rate')}
              </th>
              <th scope="col">{t('products.rates.fields.set_by')}</th>
              <th scope="col">{t('products.rates.fields.updated')}</th>
              <th scope="col">{t('products.rates.fields.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.code} data-testid={`rate-row-${rate.code}`}>
                <th scope="row">{rate.code}</th>
                <td className={styles.number} data-testid="rate-value">
                  {formatAmount(rate.rate, language)}
                </td>
                <td>{setBy(t, rate)}</td>
                <td className={styles.when}>{formatDateTime(rate.updated_at, language)}</td>
                <td>
                  {rate.code === 'USD' ? (
                    <span className={styles.rule}>{t('products.rates.unit')}</span>
                  ) : editing === rate.code ? (
                    <RateEditor
                      t={t}
                      rate={rate}
                      onClose={(changed) => {
                        setEditing(null);
                        if (changed) read.reload();
                      }}
                    />
                  ) : (
                    <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => setEditing(rate.code)} data-testid={`rate-edit-${rate.code}`}>
                      {t('products.rates.edit')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function setBy(t: ConsoleT, rate: Rate): string {
  if (rate.set_by === 'operator') return t('products.rates.by_operator', { name: rate.by });
  if (rate.set_by === 'file') return t('products.rates.by_file', { name: rate.by });
  return t('products.rates.by_reference');
}

/** The new rate typed, then a confirmation naming the change before it is set. */
function RateEditor({ t, rate, onClose }: { t: ConsoleT; rate: Rate; onClose: (changed: boolean) => void }) {
  const language = consoleLanguage.value;
  const [typed, setTyped] = useState(rate.rate);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = rateChange(rate.rate, typed);

  const review = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      toast(await api('POST /operator/rate', { code: rate.code, rate: typed.trim() }), 3000);
      onClose(true);
    } catch {
      // The server's reason is toasted by the client, in the console's language; the editor stays to correct it.
      setConfirming(false);
      setBusy(false);
    }
  };

  if (confirming)
    return (
      <span className={styles.confirm} role="group" aria-label={t('products.rates.edit')} data-testid="rate-confirm">
        <span>
          {t('products.rates.confirm', { code: rate.code, from: formatAmount(rate.rate, language), to: typed.trim() })}
          {change !== null ? ` (${change > 0 ? '+' : ''}${formatAmount(change.toFixed(2), language)}%)` : ''}
        </span>
        <button type="button" className={`${styles.primary} ${styles.small}`} disabled={busy} onClick={() => void save()} data-testid="rate-confirm-yes">
          {t('products.rates.set')}
        </button>
        <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => setConfirming(false)}>
          {t('products.rates.back')}
        </button>
      </span>
    );
  return (
    <form className={styles.inline} onSubmit={review}>
      <input
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose(false);
        }}
        inputMode="decimal"
        aria-label={t('products.rates.new_rate', { code: rate.code })}
        // Opened to type the rate: the field takes the keys at once.
        autoFocus
        data-testid="rate-input"
      />
      <button type="submit" className={`${styles.primary} ${styles.small}`} disabled={typed.trim() === '' || typed.trim() === rate.rate} data-testid="rate-review">
        {t('products.rates.review')}
      </button>
      <button type="button" className={`${styles.quiet} ${styles.small}`} onClick={() => onClose(false)}>
        {t('products.rates.cancel')}
      </button>
    </form>
  );
}
