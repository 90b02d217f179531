/**
 * Local storage, under the keys of spec section 9. `h5Version` below 1 means storage
 * from an older, incompatible app: it is cleared and the flag set to 1.
 */
export const STORAGE_KEYS = {
  lang: 'lang',
  token: 'token',
  user: 'user',
  version: 'h5Version',
  fiat: 'fiat',
  fiatRates: 'fiats',
  fiatRatesSavedAt: 'saveFiatsTime',
  /** markets looked at on this device, newest first */
  recentMarkets: 'recentMarkets',
  /** the id of the pop-up notice already shown on this device */
  noticeSeen: 'noticeSeen',
  /** 'light' or 'dark' when chosen in settings; absent: follow the system (read by index.html too) */
  theme: 'theme',
  /** 'red-up' when chosen in settings; absent: green up, red down (read by index.html too) */
  colors: 'colors',
  /** a random id of this device, sent when logging in: a login from a device the account has not used is told to its owner */
  device: 'device',
  /** 'off' when the user turned alert notifications off on this device (the browser's permission cannot be taken back) */
  alertNotifications: 'alertNotifications',
  /** the pair chart's period, indicators and parameters (contract/chart-settings.ts), JSON; a user's also on the server */
  chartSettings: 'chartSettings',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const STORAGE_VERSION = 1;

export function readString(key: StorageKey): string | null {
  migrateOnce();
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  migrateOnce();
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this visit.
  }
}

export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const text = readString(key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null ? null : JSON.stringify(value));
}

let migrated = false;

/**
 * Clears storage left by an older app before the first read or write, whichever module
 * does it first (the session and the fiat choice read storage as they load).
 */
function migrateOnce(): void {
  if (migrated) return;
  migrated = true;
  try {
    const version = Number(localStorage.getItem(STORAGE_KEYS.version) ?? 0);
    if (version >= STORAGE_VERSION) return;
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.version, String(STORAGE_VERSION));
  } catch {
    // No storage (private mode): nothing to migrate.
  }
}
