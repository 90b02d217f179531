import { signal } from '@preact/signals-react';
import { checkChartSettings, DEFAULT_CHART_SETTINGS, type ChartSettings } from '../../../contract/chart-settings';
import { api, ApiFailure } from '../../api/client';
import { token } from '../../app/session';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { toast } from '../../ui/toast';

/**
 * The pair chart's settings (period, indicators, parameters) as the user left them: the
 * device's copy at once (a visitor's only copy), then a logged-in user's own from the
 * server (GET /chart/settings), so they follow the user to another device. A change is
 * kept on the device at once and sent to the server a moment later (one save for a
 * burst of taps).
 */
function fromDevice(): ChartSettings {
  const text = readString(STORAGE_KEYS.chartSettings);
  if (text === null) return DEFAULT_CHART_SETTINGS;
  try {
    // Held to the rules: a copy from an older app, or edited by hand, falls back to the defaults.
    const checked = checkChartSettings(JSON.parse(text));
    return checked.ok ? checked.settings : DEFAULT_CHART_SETTINGS;
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
}

export const chartSettings = signal<ChartSettings>(fromDevice());

/** The session whose server copy was asked for; a change made since wins over its answer. */
let readFor: string | null = null;
let changedSince = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const SAVE_AFTER_MS = 600;

/** A logged-in user's settings from the server, once per session (the pair screen calls it). */
export function loadChartSettings(): void {
  const session = token.value;
  if (session === null || readFor === session) return;
  readFor = session;
  changedSince = false;
  api('GET /chart/settings', {}, { silent: true }).then(
    (saved) => {
      if (!saved || token.value !== session || changedSince) return;
      chartSettings.value = saved;
      writeString(STORAGE_KEYS.chartSettings, JSON.stringify(saved));
    },
    () => {
      // Not read (offline): asked again the next time the chart opens.
      if (readFor === session) readFor = null;
    },
  );
}

function save(settings: ChartSettings): void {
  if (token.value === null) return;
  api('POST /chart/settings', { settings: JSON.stringify(settings) }, { silent: true }).catch((failure: unknown) => {
    // The sheet checks every field first: a refusal here is news worth a toast; a lost network is not.
    if (failure instanceof ApiFailure && failure.kind === 'error') toast(failure.message);
  });
}

export function changeChartSettings(next: ChartSettings): void {
  chartSettings.value = next;
  changedSince = true;
  writeString(STORAGE_KEYS.chartSettings, JSON.stringify(next));
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => save(chartSettings.value), SAVE_AFTER_MS);
}
