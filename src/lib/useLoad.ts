import { useEffect, useState } from 'react';
import { language } from '../i18n';

/**
 * Data a screen reads once (and again when `deps` or the language change): the answer,
 * or `failed` after the client has toasted why. Late answers of an earlier load are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): { data: T | undefined; failed: boolean } {
  const [state, setState] = useState<{ data: T | undefined; failed: boolean }>({ data: undefined, failed: false });
  const lang = language.value;
  useEffect(() => {
    let current = true;
    setState((previous) => ({ data: previous.data, failed: false }));
    load().then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState({ data: undefined, failed: true }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` stand for `load`
  }, [lang, ...deps]);
  return state;
}
