import { useCallback, useEffect, useState } from 'react';

/**
 * What a part of the Users screens reads from the operator API: the answer once it comes
 * (null meanwhile, and after a refusal the client has toasted), read again when `deps`
 * change or on `reload` (after an action, whose result the screen then shows as the
 * server has it). A late answer of an earlier read is dropped.
 */
export function useRead<T>(load: () => Promise<T>, deps: readonly unknown[]): { data: T | null; failed: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((previous) => ({ data: previous.data, failed: true })),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` stand for `load`
  }, [round, ...deps]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
