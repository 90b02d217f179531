import { readString, STORAGE_KEYS, writeString } from '../lib/storage';

/**
 * This device's id: random, made once and kept in local storage, sent with a login
 * (and a sign-up) so the server can tell a device the account has used from a new one,
 * whose login it tells the owner (server/account-security/logins.ts). Not a secret.
 */
export function deviceId(): string {
  const kept = readString(STORAGE_KEYS.device);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  writeString(STORAGE_KEYS.device, made);
  return made;
}
