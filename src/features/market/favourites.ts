import { signal } from '@preact/signals-react';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { token } from '../../app/session';
import { toast } from '../../ui/toast';

/** The user's favourite markets, by base currency id, kept with the server. */
export const favourites = signal<ReadonlySet<number>>(new Set());

let loadedFor: string | null = null;

/** Loads the list once per session (screens call it when shown); visitors have none. */
export function loadFavourites(): void {
  const current = token.value;
  if (current === loadedFor) return;
  loadedFor = current;
  if (!current) {
    favourites.value = new Set();
    return;
  }
  api('GET /optional/list', {}, { silent: true })
    .then((list) => {
      if (token.value === current) favourites.value = new Set(list.map((entry) => entry.currency_id));
    })
    .catch(() => {
      loadedFor = null;
    });
}

export async function toggleFavourite(currencyId: number): Promise<void> {
  if (!token.value) {
    askToLogIn();
    return;
  }
  const next = new Set(favourites.value);
  const adding = !next.has(currencyId);
  const message = adding ? await api('POST /optional/add', { currency_id: currencyId }) : await api('POST /optional/del', { id: currencyId });
  if (adding) next.add(currencyId);
  else next.delete(currencyId);
  favourites.value = next;
  toast(message);
}
