import { computed, signal } from '@preact/signals-react';
import type { ApiOutput } from '../../contract/api';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

/** The logged-in user as GET /user/info answers it. */
export type User = ApiOutput<'GET /user/info'>;

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { uid?: unknown }).uid === 'number';
}

/** The session token (spec 9: stored locally as `token`) and the user it belongs to. */
export const token = signal<string | null>(readString(STORAGE_KEYS.token));
export const user = signal<User | null>(readJson(STORAGE_KEYS.user, isUser));
export const loggedIn = computed(() => token.value !== null);

export function startSession(newToken: string): void {
  writeString(STORAGE_KEYS.token, newToken);
  token.value = newToken;
}

export function setUser(next: User): void {
  writeJson(STORAGE_KEYS.user, next);
  user.value = next;
}

/** Forgets the token and the user (logout, or a 999 answer). */
export function clearSession(): void {
  writeString(STORAGE_KEYS.token, null);
  writeJson(STORAGE_KEYS.user, null);
  token.value = null;
  user.value = null;
}
