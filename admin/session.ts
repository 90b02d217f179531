import { signal } from '@preact/signals-react';

/**
 * Who is signed in to the console: the operator's token, kept in this tab's session
 * storage (closing the tab signs out; another tab signs in on its own), and the name the
 * server gave for it (GET /operator/me). A token being checked at sign-in is held, not
 * stored, until the server has named its operator.
 */
const TOKEN_KEY = 'operatorToken';
const NAME_KEY = 'operatorName';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the sign-in lasts until the page is left.
  }
}

/** The token the console's requests carry (X-Operator-Token): the signed-in one, or the one being checked. */
export const operatorToken = signal<string | null>(read(TOKEN_KEY));
/** The signed-in operator's name; null when nobody is signed in. */
export const operatorName = signal<string | null>(read(TOKEN_KEY) === null ? null : read(NAME_KEY));

/** Holds a token while the server checks it (the sign-in's request carries it): nobody is signed in meanwhile. */
export function checkToken(token: string): void {
  operatorName.value = null;
  operatorToken.value = token;
}

/** The server named the operator of the token being checked: signed in. */
export function signedIn(name: string): void {
  write(TOKEN_KEY, operatorToken.value);
  write(NAME_KEY, name);
  operatorName.value = name;
}

/** Signs out (or drops a refused token): nothing of it stays in the tab. */
export function signOut(): void {
  write(TOKEN_KEY, null);
  write(NAME_KEY, null);
  operatorToken.value = null;
  operatorName.value = null;
}
