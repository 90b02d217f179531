import type { ReactNode } from 'react';
import { Virtuoso } from 'react-virtuoso';

/**
 * The one list component: only the rows on screen are in the page. Scrolls with the
 * window, so the navigation bar and tab bar stay put. With `rowHeight` every row is that
 * tall and none is measured (live lists: a changing text never sends the list measuring).
 */
export function VirtualList<T>({
  items,
  row,
  rowKey,
  empty,
  rowHeight,
}: {
  items: readonly T[];
  row: (item: T, index: number) => ReactNode;
  rowKey: (item: T, index: number) => string;
  empty?: ReactNode;
  /** the height of every row in px, when the rows' style fixes it */
  rowHeight?: number;
}) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <Virtuoso
      useWindowScroll
      data={items}
      computeItemKey={(index, item) => rowKey(item, index)}
      itemContent={(index, item) => row(item, index)}
      increaseViewportBy={200}
      // The first rows paint before anything is measured.
      initialItemCount={Math.min(items.length, 16)}
      {...(rowHeight ? { fixedItemHeight: rowHeight } : {})}
    />
  );
}
