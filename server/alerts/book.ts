import type { Trade } from '../market/engine';

/**
 * One market's price and 24h change alerts, indexed so a trade is checked in constant
 * time however many alerts wait: per kind and direction, the armed alerts sorted by
 * level and the repeating ones waiting to re-arm sorted by their re-arming point, each
 * list ordered so the alert a trade reaches first is at its end. A trade looks at the
 * last element of each of the eight lists; only the alerts it reaches are touched.
 *
 * Figures are integers: a price level in ticks of the market, a change level in
 * hundredths of a percent; a change is compared as (price - open) x 10,000 against
 * level x open, in ticks, so nothing is rounded.
 *
 * The book is changed copy-on-write (`settle` answers a new book when anything moved), so
 * the exchange's step that settles a batch keeps the old one if it fails.
 */
export type BookKind = 'price' | 'change';

export interface BookAlert {
  readonly id: number;
  readonly kind: BookKind;
  /** 1 up, -1 down */
  readonly direction: 1 | -1;
  /** price: ticks; change: hundredths of a percent, without sign */
  readonly level: number;
  /** a repeating alert re-arms once the figure is back to this (same units as level) */
  readonly rearm: number;
  readonly repeat: boolean;
  readonly armed: boolean;
  /** how many times it fired */
  readonly crossings: number;
}

/** What one trade did to an alert: fired it (the crossing numbered `alert.crossings + 1`), or re-armed it. */
export interface Transition {
  kind: 'fire' | 'rearm';
  /** the alert as it stood before the trade */
  alert: BookAlert;
  trade: Trade;
  /** the trade's price in ticks, and the 24h open it was compared with (ticks) */
  ticks: number;
  open: number;
}

/** A list: its alerts, ordered so the one due first is last, by `key` ascending (`order` 1) or descending (-1). */
interface List {
  readonly items: BookAlert[];
  readonly key: (alert: BookAlert) => number;
  readonly order: 1 | -1;
  /** whether a trade at `p` ticks (24h open `o` ticks) reaches this alert */
  readonly due: (alert: BookAlert, p: number, o: number) => boolean;
}

const level = (alert: BookAlert) => alert.level;
const rearm = (alert: BookAlert) => alert.rearm;
/** The change in hundredths of a percent times the open, compared with a level times the open: integers only. */
const rise = (p: number, o: number) => (p - o) * 10_000;

/** The eight lists: index = kind (0 price, 4 change) + direction (0 up, 2 down) + waiting (0 armed, 1 waiting). */
function lists(items: (i: number) => BookAlert[]): List[] {
  return [
    // price up: fires at a trade at or above the level (lowest level first); re-arms at or below its point (highest first)
    { items: items(0), key: level, order: -1, due: (a, p) => p >= a.level },
    { items: items(1), key: rearm, order: 1, due: (a, p) => p <= a.rearm },
    // price down: fires at or below the level (highest first); re-arms at or above its point (lowest first)
    { items: items(2), key: level, order: 1, due: (a, p) => p <= a.level },
    { items: items(3), key: rearm, order: -1, due: (a, p) => p >= a.rearm },
    // change up: fires when the rise reaches the level (smallest first); re-arms when it is back to its point
    { items: items(4), key: level, order: -1, due: (a, p, o) => o > 0 && rise(p, o) >= a.level * o },
    { items: items(5), key: rearm, order: 1, due: (a, p, o) => o > 0 && rise(p, o) <= a.rearm * o },
    // change down: fires when the fall reaches the level; re-arms when it is back to its point
    { items: items(6), key: level, order: -1, due: (a, p, o) => o > 0 && -rise(p, o) >= a.level * o },
    { items: items(7), key: rearm, order: 1, due: (a, p, o) => o > 0 && -rise(p, o) <= a.rearm * o },
  ];
}

const slot = (alert: Pick<BookAlert, 'kind' | 'direction' | 'armed'>) => (alert.kind === 'change' ? 4 : 0) + (alert.direction === 1 ? 0 : 2) + (alert.armed ? 0 : 1);

export class MarketBook {
  private readonly lists: List[];

  constructor(from?: MarketBook) {
    this.lists = lists((i) => (from ? [...(from.lists[i] as List).items] : []));
  }

  get size(): number {
    return this.lists.reduce((sum, list) => sum + list.items.length, 0);
  }

  /** Adds an alert (not in the book). */
  put(alert: BookAlert): void {
    const list = this.lists[slot(alert)] as List;
    // Before the alerts due after it and those at the same level (the older of two alerts at one level fires first).
    const key = list.key(alert) * list.order;
    let low = 0;
    let high = list.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list.key(list.items[mid] as BookAlert) * list.order < key) low = mid + 1;
      else high = mid;
    }
    list.items.splice(low, 0, alert);
  }

  /** Takes an alert out, armed or waiting; answers it as the book had it (null: not in the book). */
  remove(alert: Pick<BookAlert, 'id' | 'kind' | 'direction'>): BookAlert | null {
    for (const armed of [true, false]) {
      const items = (this.lists[slot({ ...alert, armed })] as List).items;
      // Searched from the end: the alerts a trade reaches, the ones most often removed, are there.
      for (let i = items.length - 1; i >= 0; i--) {
        const found = items[i] as BookAlert;
        if (found.id !== alert.id) continue;
        items.splice(i, 1);
        return found;
      }
    }
    return null;
  }

  /** The alerts in the book, in no particular order. */
  alerts(): BookAlert[] {
    return this.lists.flatMap((list) => list.items);
  }

  /**
   * The transitions `trades` make, in trade order, and the book after them (this one when
   * nothing moved). A once-only alert that fires leaves the book; a repeating one waits to
   * re-arm, then may fire again within the same batch. `scale` turns a price into ticks;
   * `open` is the 24h open price the change alerts compare with.
   */
  settle(trades: readonly Trade[], scale: number, open: number): { book: MarketBook; transitions: Transition[] } {
    const transitions: Transition[] = [];
    if (this.size === 0) return { book: this, transitions };
    const o = Math.round(open * scale);
    // Copied at the first transition: the step keeps the copy, or this book if it fails.
    let copy: MarketBook | null = null;
    for (const trade of trades) {
      const p = Math.round(trade.price * scale);
      for (let i = 0; i < 8; i++) {
        const { due } = this.lists[i] as List;
        let items = ((copy ?? this).lists[i] as List).items;
        let last = items[items.length - 1];
        while (last && due(last, p, o)) {
          copy ??= new MarketBook(this);
          items = (copy.lists[i] as List).items;
          const alert = last;
          transitions.push({ kind: alert.armed ? 'fire' : 'rearm', alert, trade, ticks: p, open: o });
          items.pop();
          if (!alert.armed) copy.put({ ...alert, armed: true });
          else if (alert.repeat) copy.put({ ...alert, armed: false, crossings: alert.crossings + 1 });
          last = items[items.length - 1];
        }
      }
    }
    return { book: copy ?? this, transitions };
  }
}
