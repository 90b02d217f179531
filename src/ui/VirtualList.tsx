import type { ReactNode } from 'react';
import { Virtuoso } from 'react-virtuoso';

/** Where a conversation's rows are numbered from: older rows put before take the numbers below it. */
export const CONVERSATION_FIRST_INDEX = 1_000_000;

/**
 * The one list component: only the rows on screen are in the page. Scrolls with the
 * window, so the navigation bar and tab bar stay put. With `rowHeight` every row is that
 * tall and none is measured (live lists: a changing text never sends the list measuring).
 *
 * With `conversation` (a chat) the list is its own scroller filling its parent's height:
 * it opens at the newest row, follows new rows while the reader is at the bottom (and
 * always after the reader's own), keeps the rows on screen still when older ones are put
 * before (`firstIndex` falls by as many), and asks for older ones at the top (`onTop`).
 */
export function VirtualList<T>({
  items,
  row,
  rowKey,
  empty,
  rowHeight,
  conversation,
}: {
  items: readonly T[];
  row: (item: T, index: number) => ReactNode;
  rowKey: (item: T, index: number) => string;
  empty?: ReactNode;
  /** the height of every row in px, when the rows' style fixes it */
  rowHeight?: number;
  conversation?: { firstIndex: number; onTop: () => void; follow: (item: T) => boolean; className: string; label: string };
}) {
  if (items.length === 0) return <>{empty}</>;
  if (conversation) {
    return (
      <Virtuoso
        className={conversation.className}
        aria-label={conversation.label}
        role="log"
        data={items}
        firstItemIndex={conversation.firstIndex}
        initialTopMostItemIndex={items.length - 1}
        computeItemKey={(index, item) => rowKey(item, index)}
        itemContent={(index, item) => row(item, index)}
        followOutput={(atBottom) => {
          const last = items.at(-1);
          return atBottom || (last !== undefined && conversation.follow(last)) ? 'smooth' : false;
        }}
        startReached={conversation.onTop}
        increaseViewportBy={200}
      />
    );
  }
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
