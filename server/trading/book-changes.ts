import type { Step } from '../exchange/step';
import type { Fill } from '../market/book';
import type { BookChange, MarketEngine, UserFill, UserOrder } from '../market/engine';

/** One market's book changes in one step, in the order the step made them. */
interface MarketChanges {
  changes: BookChange[];
  /** for each submitted order, the check that the book made exactly its previewed fills */
  checks: Map<BookChange, (made: readonly UserFill[]) => void>;
  /** the market's last trade sequence once the changes so far have printed their trades */
  lastSeq: number;
}

/**
 * Users' orders entering and leaving the books during a step. A step settles every order
 * it previews (the ledger, the fills, the trades its handlers see) before the books change
 * at its commit; so when one step changes a market's book more than once (a user's order
 * that prints a trade which triggers a stop-limit, a stop's own fills triggering the next
 * stop, an OCO whose take profit leaves the book as its stop enters it), each later order
 * is previewed on the book as the earlier changes will have left it
 * (`MarketEngine.previewAfter`), and its trades are numbered after theirs. At the commit
 * the changes are made in the same order, and each order must fill exactly as previewed.
 */
export class BookChanges {
  private readonly steps = new WeakMap<Step, Map<number, MarketChanges>>();

  constructor(private readonly engine: () => MarketEngine) {}

  private changesOf(step: Step, marketId: number): MarketChanges {
    let markets = this.steps.get(step);
    if (!markets) this.steps.set(step, (markets = new Map<number, MarketChanges>()));
    let found = markets.get(marketId);
    if (!found) {
      const engine = this.engine();
      const changes: MarketChanges = { changes: [], checks: new Map(), lastSeq: engine.lastSeq(marketId) };
      markets.set(marketId, (found = changes));
      step.changeBook(marketId, () => {
        for (const change of changes.changes) {
          if (change.kind === 'cancel') engine.cancel(marketId, change.ref);
          else changes.checks.get(change)?.(engine.submit(change.order, step.time).fills);
        }
      });
    }
    return found;
  }

  /**
   * What `order` would fill now, after this step's earlier changes to its market, and the
   * sequence of the market's last trade by then (the order's prints follow it).
   */
  preview(step: Step, order: Omit<UserOrder, 'ref' | 'owner'>): { fills: Fill[]; lastSeq: number } {
    const known = this.steps.get(step)?.get(order.marketId);
    if (!known) {
      const engine = this.engine();
      return { fills: engine.preview(order), lastSeq: engine.lastSeq(order.marketId) };
    }
    return { fills: this.engine().previewAfter(order.marketId, known.changes, order), lastSeq: known.lastSeq };
  }

  /**
   * The order enters the book at the commit, after the step's earlier changes; `check`
   * gets the fills the book made. `lastSeq` is the sequence of its last print (the
   * preview's lastSeq when it prints none).
   */
  submit(step: Step, order: UserOrder, lastSeq: number, check: (made: readonly UserFill[]) => void): void {
    const changes = this.changesOf(step, order.marketId);
    const change: BookChange = { kind: 'submit', order };
    changes.changes.push(change);
    changes.checks.set(change, check);
    changes.lastSeq = lastSeq;
  }

  /** A user's order leaves the book at the commit, after the step's earlier changes. */
  cancel(step: Step, marketId: number, ref: number): void {
    this.changesOf(step, marketId).changes.push({ kind: 'cancel', ref });
  }
}
