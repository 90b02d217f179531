import type { CSSProperties } from 'react';
import styles from './trade.module.css';

/**
 * The leverage of a futures order: any whole multiple from `min` to `max`, dragged (or
 * moved with the arrow keys, or stepped with − and +), the exchange's presets marked on
 * the track and tapped in a row under it.
 */
export function LeverageSlider({
  value,
  onValue,
  min,
  max,
  presets,
  label,
}: {
  value: number;
  onValue: (multiple: number) => void;
  min: number;
  max: number;
  presets: readonly number[];
  label: string;
}) {
  const at = (multiple: number) => (max > min ? ((multiple - min) / (max - min)) * 100 : 0);
  const set = (multiple: number) => onValue(Math.min(max, Math.max(min, Math.round(multiple))));
  return (
    <div className={styles.leverage}>
      <div className={styles.leverageHead}>
        <span>{label}</span>
        <span className={styles.leverageValue}>
          <button type="button" className={styles.leverageStep} onClick={() => set(value - 1)} disabled={value <= min} aria-label={`${label} −1`} data-testid="leverage-down">
            −
          </button>
          <strong data-testid="leverage-value">{value}x</strong>
          <button type="button" className={styles.leverageStep} onClick={() => set(value + 1)} disabled={value >= max} aria-label={`${label} +1`} data-testid="leverage-up">
            +
          </button>
        </span>
      </div>
      <div className={styles.slider} style={{ '--percent': `${at(value)}%` } as CSSProperties}>
        <div className={styles.sliderTrack}>
          {presets.map((preset) => (
            <span key={preset} className={`${styles.sliderDot} ${preset <= value ? styles.sliderDotOn : ''}`} style={{ left: `${at(preset)}%` }} aria-hidden="true" />
          ))}
          <input
            type="range"
            min={min}
            max={max}
            step={1}
            value={value}
            onChange={(event) => set(Number(event.target.value))}
            className={styles.sliderInput}
            aria-label={label}
            aria-valuetext={`${value}x`}
            data-testid="leverage-slider"
          />
        </div>
      </div>
      <div className={styles.wideChips} role="radiogroup" aria-label={label}>
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            role="radio"
            aria-checked={value === preset}
            className={`${styles.chip} ${value === preset ? styles.chipOn : ''}`}
            onClick={() => set(preset)}
            data-testid={`multiple-${preset}`}
          >
            {preset}x
          </button>
        ))}
      </div>
    </div>
  );
}
