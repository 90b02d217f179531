/**
 * A price-time priority order book for one market. Prices are integer ticks and
 * quantities integer lots, so matching is exact. The market maker's quotes and users'
 * limit orders rest here; simulated takers, the market maker and users trade against them.
 */
export type BookSide = 1 | -1;

export interface RestingOrder {
  id: number;
  /** 0 is the market maker, else the user */
  owner: number;
  /** the user's order id (0 for the market maker) */
  ref: number;
  side: BookSide;
  price: number;
  remaining: number;
}

export interface Fill {
  makerId: number;
  makerOwner: number;
  makerRef: number;
  price: number;
  lots: number;
}

interface Level {
  price: number;
  orders: RestingOrder[];
  /** index of the oldest live order in `orders` */
  head: number;
  total: number;
}

class Ladder {
  readonly levels: Level[] = [];
  constructor(private readonly descending: boolean) {}

  /** Index of the level with `price`, or the bitwise complement of where it would go. */
  private search(price: number): number {
    let low = 0;
    let high = this.levels.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = (this.levels[mid] as Level).price;
      if (at === price) return mid;
      const before = this.descending ? at > price : at < price;
      if (before) low = mid + 1;
      else high = mid - 1;
    }
    return ~low;
  }

  level(price: number, create: boolean): Level | undefined {
    const index = this.search(price);
    if (index >= 0) return this.levels[index];
    if (!create) return undefined;
    const level: Level = { price, orders: [], head: 0, total: 0 };
    this.levels.splice(~index, 0, level);
    return level;
  }

  remove(level: Level): void {
    const index = this.search(level.price);
    if (index >= 0) this.levels.splice(index, 1);
  }

  best(): Level | undefined {
    return this.levels[0];
  }
}

export class OrderBook {
  private readonly bids = new Ladder(true);
  private readonly asks = new Ladder(false);
  private readonly byId = new Map<number, { order: RestingOrder; level: Level }>();

  private ladder(side: BookSide): Ladder {
    return side === 1 ? this.bids : this.asks;
  }

  /** Rests an order; the caller has matched whatever crossed. */
  add(order: RestingOrder): void {
    if (order.remaining <= 0) return;
    const level = this.ladder(order.side).level(order.price, true) as Level;
    level.orders.push(order);
    level.total += order.remaining;
    this.byId.set(order.id, { order, level });
  }

  cancel(id: number): RestingOrder | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    const { order, level } = entry;
    this.byId.delete(id);
    level.total -= order.remaining;
    const index = level.orders.indexOf(order, level.head);
    if (index >= 0) level.orders.splice(index, 1);
    if (level.total <= 0 || level.head >= level.orders.length) this.ladder(order.side).remove(level);
    return order;
  }

  /**
   * A taker buying (side 1) or selling (-1) `lots`, best price first and oldest order
   * first at each price, not beyond `limit` ticks when given. Answers the fills; the
   * unfilled rest is the caller's.
   */
  take(side: BookSide, lots: number, limit?: number): Fill[] {
    return this.match(side, lots, limit, true);
  }

  /** The fills take() would answer now, changing nothing. */
  peek(side: BookSide, lots: number, limit?: number): Fill[] {
    return this.match(side, lots, limit, false);
  }

  private match(side: BookSide, lots: number, limit: number | undefined, apply: boolean): Fill[] {
    const fills: Fill[] = [];
    const opposite = this.ladder(side === 1 ? -1 : 1);
    let wanted = lots;
    for (let index = 0; wanted > 0;) {
      const level = apply ? opposite.best() : opposite.levels[index++];
      if (!level) break;
      if (limit !== undefined && (side === 1 ? level.price > limit : level.price < limit)) break;
      for (let at = level.head; wanted > 0 && at < level.orders.length; at++) {
        const maker = level.orders[at] as RestingOrder;
        const traded = Math.min(wanted, maker.remaining);
        wanted -= traded;
        fills.push({ makerId: maker.id, makerOwner: maker.owner, makerRef: maker.ref, price: level.price, lots: traded });
        if (!apply) continue;
        maker.remaining -= traded;
        level.total -= traded;
        if (maker.remaining === 0) {
          this.byId.delete(maker.id);
          level.head++;
        }
      }
      if (!apply) continue;
      if (level.head >= level.orders.length) opposite.remove(level);
      else if (level.head > 32) {
        level.orders.splice(0, level.head);
        level.head = 0;
      }
    }
    return fills;
  }

  /**
   * A copy to try changes on (what a step's later orders would fill after its earlier
   * ones, server/trading/book-changes.ts): the same orders at the same prices, in the same
   * time priority, changing the copy changes nothing here.
   */
  clone(): OrderBook {
    const copy = new OrderBook();
    // byId keeps the order orders were added in: re-adding in it keeps each level's queue.
    for (const { order } of this.byId.values()) copy.add({ ...order });
    return copy;
  }

  /** The resting order with this id. */
  order(id: number): RestingOrder | undefined {
    return this.byId.get(id)?.order;
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  /** The best `count` levels of each side as [price ticks, lots] pairs. */
  depth(count: number): { bids: [number, number][]; asks: [number, number][] } {
    const top = (ladder: Ladder) => ladder.levels.slice(0, count).map((level) => [level.price, level.total] as [number, number]);
    return { bids: top(this.bids), asks: top(this.asks) };
  }

  /** Every resting order of one owner (the market maker withdrawing its quotes). */
  ordersOf(owner: number): RestingOrder[] {
    const result: RestingOrder[] = [];
    for (const { order } of this.byId.values()) if (order.owner === owner) result.push(order);
    return result;
  }

  get size(): number {
    return this.byId.size;
  }
}
