import type { AlertFiringRow } from '../alerts/desk';
import type { AccountKind } from '../ledger/accounts';
import type { InstrumentDef } from '../market/instruments';
import type { Currency, Market } from './catalogue';
import type { Trade, UserFill } from '../market/engine';
import type { PositionRow } from '../trading/contracts';
import type { OptionRow } from '../trading/options';
import type { SpotOrderRow } from '../trading/spot';

/**
 * What a step of the exchange changed, as events. A step raises them as it goes; the
 * settlement handlers registered for a kind (Exchange.on) act on them inside the same step
 * and transaction, in their declared order; once the step has committed, every event is
 * published on the bus, where the socket push and any later product subscribe. A product
 * that adds a kind of event adds it here.
 */
export interface ExchangeEvents {
  /** the markets printed these trades during the step, every market's in sequence order */
  trades: { batches: readonly { marketId: number; trades: readonly Trade[] }[] };
  /** users' resting spot orders filled by the market's own flow (takers, the market maker's quotes) */
  fills: { fills: readonly UserFill[] };
  /** a spot order placed, filled, cancelled */
  spotOrder: { order: SpotOrderRow };
  /** a contract position waiting, opened, changed or closed */
  position: { position: PositionRow; previous: PositionRow['status'] | null };
  /** a seconds option bought or settled */
  option: { option: OptionRow };
  /**
   * a currency was created while running (an IEO's token), or its market listed: every
   * process adds it to its catalogue and market once the step has committed
   */
  listing: { currency: Currency; market: { market: Market; instrument: InstrumentDef } | null };
  /** an NFT auction took a bid, closed or was paid (the socket pushes it to its channel) */
  nftAuction: { saleId: number };
  /** one of a user's price alerts fired (its firing, recorded once per crossing with the trade that made it) */
  alertFired: { firing: AlertFiringRow };
  /** a user's balance in one currency and account changed (published once per step and account) */
  balance: { userId: number; currency: number; account: AccountKind };
}

export type EventKind = keyof ExchangeEvents;
export type EventOf<K extends EventKind> = { kind: K } & ExchangeEvents[K];
export type ExchangeEvent = { [K in EventKind]: EventOf<K> }[EventKind];

type Listener<K extends EventKind> = (event: EventOf<K>) => void;

/**
 * After-commit events, one bus per process: subscribers see only what a committed step
 * changed, in the order it happened. A subscriber that throws is logged; the step has
 * committed and the other subscribers still run. (Several processes: the same interface
 * over socket.io's adapter or Redis; nothing subscribes to another process's memory.)
 */
export class EventBus {
  private readonly listeners = new Map<EventKind, Set<Listener<EventKind>>>();

  subscribe<K extends EventKind>(kind: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(kind);
    if (!set) this.listeners.set(kind, (set = new Set()));
    const entry = listener as Listener<EventKind>;
    set.add(entry);
    return () => void set.delete(entry);
  }

  publish(events: readonly ExchangeEvent[]): void {
    for (const event of events) {
      const set = this.listeners.get(event.kind);
      if (!set) continue;
      for (const listener of set) {
        try {
          listener(event);
        } catch (error) {
          console.error(`a subscriber of ${event.kind} events failed`, error);
        }
      }
    }
  }
}
