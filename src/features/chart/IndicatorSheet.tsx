import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import {
  checkChartSettings,
  checkIndicatorParams,
  DEFAULT_CHART_SETTINGS,
  INDICATOR_LABEL,
  INDICATORS,
  PARAM_FIELDS,
  parseParam,
  type ChartRefusal,
  type IndicatorName,
} from '../../../contract/chart-settings';
import { formatAmount } from '../../../contract/format';
import { language, useT, type Translator } from '../../i18n';
import { Field, PrimaryButton, TextInput } from '../../ui/form';
import { Sheet } from '../../ui/Sheet';
import { chartSettings, changeChartSettings } from './settings';
import styles from './chart.module.css';

/** The messages a field of the sheet can show (contract/chart-settings.ts refusals). */
const FIELD_MESSAGES = ['indicator_period_range', 'indicator_multiplier_range', 'indicator_lines_none', 'macd_periods'] as const;

function message(t: Translator, refusal: ChartRefusal): string {
  const key = FIELD_MESSAGES.find((known) => known === refusal.key) ?? 'indicator_period_range';
  const params = refusal.params as { min?: number; max?: number };
  // The range in the reader's number format (0,1 in French).
  const figure = (value: number | undefined) => formatAmount(String(value ?? ''), language.value);
  return t(`chart:errors.${key}`, { min: figure(params.min), max: figure(params.max) });
}

const textsOf = (values: readonly (number | null)[]) => values.map((value) => (value === null ? '' : String(value)));

/**
 * Each indicator's parameters (periods, BOLL's width), edited and checked field by field
 * against the rules the server holds them to; saved for this device and, logged in, the
 * user's other devices.
 */
export function IndicatorSheet({ open, onClose, first }: { open: boolean; onClose: () => void; first: IndicatorName }) {
  useSignals();
  const t = useT();
  const settings = chartSettings.value;
  const [indicator, setIndicator] = useState<IndicatorName>(first);
  const [texts, setTexts] = useState<string[]>(() => textsOf(settings.params[first]));
  const [errors, setErrors] = useState<(string | null)[]>([]);

  const pick = (next: IndicatorName) => {
    setIndicator(next);
    setTexts(textsOf(settings.params[next]));
    setErrors([]);
  };

  const save = () => {
    const fields = PARAM_FIELDS[indicator];
    const values: (number | null)[] = [];
    const found: (string | null)[] = fields.map((_, index) => {
      const parsed = parseParam(indicator, index, texts[index] ?? '');
      if (!parsed.ok) return message(t, parsed);
      values.push(parsed.value);
      return null;
    });
    const whole = found.every((error) => error === null) ? checkIndicatorParams(indicator, values) : null;
    if (whole) found[whole.at?.index ?? 0] = message(t, whole);
    setErrors(found);
    if (found.some((error) => error !== null)) return;
    // The whole settings through the same rules once more: what is kept is always a value the server takes.
    const next = checkChartSettings({ ...settings, params: { ...settings.params, [indicator]: values } });
    if (!next.ok) return setErrors([message(t, next)]);
    changeChartSettings(next.settings);
    onClose();
  };

  return (
    <Sheet open={open} title={t('chart:settings')} onClose={onClose} testId="indicator-sheet">
      <div className={styles.sheetBody}>
        <div className={styles.sheetTabs} role="tablist">
          {INDICATORS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={name === indicator}
              className={`${styles.chip} ${name === indicator ? styles.chipOn : ''}`}
              onClick={() => pick(name)}
              data-testid={`sheet-${name}`}
            >
              {INDICATOR_LABEL[name]}
            </button>
          ))}
        </div>
        <p className={styles.sheetName}>{t(`chart:names.${indicator}`)}</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          className={styles.sheetForm}
        >
          <div className={styles.fields}>
            {PARAM_FIELDS[indicator].map((field, index) => (
              <Field key={`${indicator}-${index}`} label={t(`chart:params.${field.label}`, { n: index + 1 })} error={errors[index] ?? null}>
                <TextInput
                  value={texts[index] ?? ''}
                  onValue={(text) => setTexts((current) => current.map((old, i) => (i === index ? text : old)))}
                  inputMode={field.kind === 'multiplier' ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  maxLength={6}
                  aria-invalid={errors[index] ? true : undefined}
                  data-testid={`param-${index}`}
                />
              </Field>
            ))}
          </div>
          {PARAM_FIELDS[indicator][0]?.kind === 'line' && <p className={styles.sheetName}>{t('chart:line_off')}</p>}
          <div className={styles.actions}>
            <PrimaryButton
              variant="secondary"
              testId="params-defaults"
              onClick={() => {
                setTexts(textsOf(DEFAULT_CHART_SETTINGS.params[indicator]));
                setErrors([]);
              }}
            >
              {t('chart:defaults')}
            </PrimaryButton>
            <PrimaryButton type="submit" testId="params-save">
              {t('chart:save')}
            </PrimaryButton>
          </div>
        </form>
      </div>
    </Sheet>
  );
}
