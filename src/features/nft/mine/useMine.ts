import { useCallback, useEffect, useState } from 'react';
import { api, ApiFailure } from '../../../api/client';
import type { NftBoxUnit, NftItem } from './nft';

/**
 * The user's artworks, a page at a time, and their blind boxes (all of them, with the
 * first page: POST /bind_box/getMyNFTs). Read again after a box is opened.
 */
export function useMine() {
  const [items, setItems] = useState<NftItem[]>([]);
  const [boxes, setBoxes] = useState<NftBoxUnit[] | null>(null);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (next: number) => {
    setLoading(true);
    try {
      const answer = await api('POST /bind_box/getMyNFTs', { page: next });
      setItems((current) => (next === 1 ? answer.items.data : [...current, ...answer.items.data]));
      if (next === 1) setBoxes(answer.boxes);
      setPage(next);
      setMore(answer.items.more);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    items,
    boxes,
    more,
    loading,
    loadMore: () => void load(page + 1),
    reload: () => void load(1),
    /** a box just opened: its drawn item shows at once, the artworks are read again */
    opened: (unit: NftBoxUnit) => {
      setBoxes((current) => current?.map((box) => (box.id === unit.id ? unit : box)) ?? null);
      void load(1);
    },
  };
}
export type Mine = ReturnType<typeof useMine>;
