import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { COLOR_CONVENTIONS, colorConvention, setColorConvention, setThemeChoice, THEME_CHOICES, themeChoice, type ColorConvention } from '../../app/theme';
import { useT } from '../../i18n';
import { CellGroup } from '../../ui/Cell';
import styles from './settings.module.css';

const COLOR_LABELS = { 'green-up': 'settings:appearance.colors_green_up', 'red-up': 'settings:appearance.colors_red_up' } as const satisfies Record<ColorConvention, string>;

/**
 * The theme (follow the system, light, dark) and the colour convention (green up and red
 * down, or red up and green down), each a group of radio buttons: chosen at once, kept on
 * this device (src/app/theme.ts).
 */
export function AppearanceSettings() {
  useSignals();
  const t = useT();
  return (
    <CellGroup title={t('settings:appearance.title')}>
      <Choices
        name="theme"
        legend={t('settings:appearance.theme')}
        options={THEME_CHOICES.map((choice) => ({ value: choice, label: t(`settings:appearance.theme_${choice}`) }))}
        value={themeChoice.value}
        onChange={setThemeChoice}
      />
      <Choices
        name="colors"
        legend={t('settings:appearance.colors')}
        options={COLOR_CONVENTIONS.map((convention) => ({
          value: convention,
          label: (
            <>
              <Swatch convention={convention} />
              {t(COLOR_LABELS[convention])}
            </>
          ),
        }))}
        value={colorConvention.value}
        onChange={setColorConvention}
      />
    </CellGroup>
  );
}

/** A rise and a fall in the convention's colours (fixed green and red: they show the choice, not the current one). */
function Swatch({ convention }: { convention: ColorConvention }) {
  const [rise, fall] = convention === 'green-up' ? ['var(--green)', 'var(--red)'] : ['var(--red)', 'var(--green)'];
  return (
    <span className={styles.swatch} aria-hidden="true">
      <span style={{ color: rise }}>▲</span>
      <span style={{ color: fall }}>▼</span>
    </span>
  );
}

function Choices<Value extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: Value;
  onChange: (next: Value) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.choicesLegend}>{legend}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <label key={option.value} className={`${styles.segment} ${option.value === value ? styles.segmentOn : ''}`}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              data-testid={`${name}-${option.value}`}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
