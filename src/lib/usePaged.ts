import { useCallback, useEffect, useState } from 'react';
import type { ApiInput, ApiOutput, ApiRoute } from '../../contract/api';
import { ApiFailure, request } from '../api/client';

/** Routes that answer { data, page, limit, more }. */
type PagedRoute = {
  [R in ApiRoute]: ApiOutput<R> extends { data: unknown[]; more: boolean } ? R : never;
}[ApiRoute];
type Page<R extends PagedRoute> = ApiOutput<R> & { data: unknown[]; more: boolean };
type Item<R extends PagedRoute> = Page<R>['data'][number];

/** A list read page by page (spec 9: 10 a page): the rows so far, and more on demand. */
export function usePaged<R extends PagedRoute>(route: R, input: Omit<ApiInput<R>, 'page' | 'limit'>, deps: unknown[] = []) {
  const [items, setItems] = useState<Item<R>[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  // The first page is asked for on mount: loading from the first render (a skeleton, not "no records").
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(input);

  const load = useCallback(
    async (next: number, replace: boolean) => {
      setLoading(true);
      try {
        const answer = (await request(route, { ...input, page: next })) as Page<R>;
        const rows = answer.data as Item<R>[];
        setItems((current) => (replace ? rows : [...current, ...rows]));
        setPage(next);
        setMore(answer.more);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
      } finally {
        setLoading(false);
      }
    },
    // The input is compared by its serialised form; the rest is the caller's `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `input` is followed through `key`, and `deps` cannot be listed statically
    [route, key, ...deps],
  );

  useEffect(() => {
    void load(1, true);
  }, [load]);

  return { items, more, loading, loadMore: () => void load(page + 1, false), reload: () => void load(1, true) };
}
