import type { CSSProperties } from 'react';
import styles from './trade.module.css';

const STOPS = [0, 25, 50, 75, 100] as const;

/**
 * A share of what is available, 0 to 100 %: dragged (or moved with the arrow keys) one
 * percent at a time, or tapped at the 0 / 25 / 50 / 75 / 100 % stops under it.
 */
export function PercentSlider({ value, onValue, label, testId }: { value: number; onValue: (percent: number) => void; label: string; testId: string }) {
  const shown = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={styles.slider} style={{ '--percent': `${shown}%` } as CSSProperties}>
      <div className={styles.sliderTrack}>
        {STOPS.map((stop) => (
          <span key={stop} className={`${styles.sliderDot} ${stop <= shown ? styles.sliderDotOn : ''}`} style={{ left: `${stop}%` }} aria-hidden="true" />
        ))}
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={shown}
          onChange={(event) => onValue(Number(event.target.value))}
          className={styles.sliderInput}
          aria-label={label}
          aria-valuetext={`${shown}%`}
          data-testid={testId}
        />
      </div>
      <div className={styles.sliderStops}>
        {STOPS.map((stop) => (
          <button
            key={stop}
            type="button"
            className={`${styles.sliderStop} ${stop === shown ? styles.sliderStopOn : ''}`}
            style={{ left: `${stop}%` }}
            onClick={() => onValue(stop)}
            data-testid={`${testId}-${stop}`}
          >
            {stop}%
          </button>
        ))}
      </div>
    </div>
  );
}
