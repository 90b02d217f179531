import { Money, ZERO } from '../contract/money';
import { liquidationPrice, nightsBetween, overnightOf, pnlOf, riskRate, roeOf, trailingBest, trailingStopPrice, type Direction, type TrailingCallback } from '../contract/trading';
import type { AccountSummary, OptionView, PositionView } from '../contract/worker-api';
import { COUNTDOWN_WIDTH, POSITION_WIDTH } from '../contract/worker-api';

/**
 * The user's trading as the worker keeps it live: positions from the last snapshot and
 * the events since, valued at the latest prices with the same arithmetic the server
 * settles with (contract/trading.ts); open options and their countdowns.
 */
export interface AccountSnapshot {
  positions: PositionView[];
  balance: string;
  liquidationRisk: string;
}

export class AccountBook {
  private positions: PositionView[] = [];
  private balance = ZERO;
  private liquidationRisk = new Money('0.2');
  private options: OptionView[] = [];
  private settled: OptionView[] = [];
  /**
   * Each trailing stop's best price as this worker has seen the market since the server's
   * (snapshot or event): the stop moves with the prices shown, as the server moves it with
   * every trade; the server's own figure replaces it at the next snapshot or event.
   */
  private trailBest = new Map<number, Money>();
  positionsChanged = false;
  optionsChanged = false;

  reset(snapshot: AccountSnapshot): void {
    this.positions = snapshot.positions;
    this.trailBest = new Map();
    for (const position of snapshot.positions) if (position.trailing) this.trailBest.set(position.id, new Money(position.trailing.best));
    this.balance = new Money(snapshot.balance);
    this.liquidationRisk = new Money(snapshot.liquidationRisk);
    this.positionsChanged = true;
  }

  resetOptions(open: OptionView[]): void {
    this.options = open.filter((option) => option.status === 'open');
    this.optionsChanged = true;
  }

  /** A position event: its new state. Answers true when the balance moved (a new snapshot is due). */
  onPosition(position: PositionView): boolean {
    const live = position.status === 'open' || position.status === 'pending';
    if (live && position.trailing) this.trailBest.set(position.id, new Money(position.trailing.best));
    else this.trailBest.delete(position.id);
    const index = this.positions.findIndex((p) => p.id === position.id);
    if (index >= 0 && live) this.positions[index] = position;
    else if (index >= 0) this.positions.splice(index, 1);
    else if (live) this.positions.unshift(position);
    this.positions = [...this.positions];
    this.positionsChanged = true;
    return true;
  }

  onOption(option: OptionView): void {
    const others = this.options.filter((o) => o.id !== option.id);
    if (option.status === 'open') this.options = [option, ...others];
    else {
      this.options = others;
      this.settled.push(option);
    }
    this.optionsChanged = true;
  }

  markets(): Set<number> {
    return new Set(this.positions.map((p) => p.market_id));
  }

  get hasOptions(): boolean {
    return this.options.length > 0;
  }

  takePositions(): PositionView[] | undefined {
    if (!this.positionsChanged) return undefined;
    this.positionsChanged = false;
    return this.positions;
  }

  takeOptions(): OptionView[] | undefined {
    if (!this.optionsChanged) return undefined;
    this.optionsChanged = false;
    return this.options;
  }

  takeSettled(): OptionView[] | undefined {
    if (this.settled.length === 0) return undefined;
    const settled = this.settled;
    this.settled = [];
    return settled;
  }

  /** Each open position at `priceOf` its market, and the account's totals, at `now` on the server's clock. */
  figures(priceOf: (marketId: number) => number | undefined, now: number): { rows: Float64Array; summary: AccountSummary } {
    const open = this.positions.filter((p) => p.status === 'open' && p.price !== null);
    const profits = open.map((p) => {
      const price = priceOf(p.market_id);
      const gross = price === undefined || !(price > 0) ? ZERO : pnlOf(p.direction === 'buy' ? 1 : -1, p.price ?? 0, price, p.quantity);
      // Owed per midnight (UTC) held, as the server counts it, so a position held past
      // midnight shows the new night's fee at once, not at the next snapshot.
      const overnight = Money.max(new Money(p.overnight), overnightOf(p.price ?? 0, p.quantity, p.overnight_rate, nightsBetween(p.opened_at ?? now, now)).toDecimalPlaces(6, Money.ROUND_UP));
      return { position: p, price, overnight, profit: gross.minus(overnight) };
    });
    const margins = open.reduce((total, p) => total.plus(p.margin), ZERO);
    const profit = profits.reduce((total, row) => total.plus(row.profit), ZERO);
    const rows = new Float64Array(open.length * POSITION_WIDTH);
    profits.forEach((row, i) => {
      const direction = row.position.direction === 'buy' ? 1 : -1;
      // The position's own overnight fees move its liquidation price as a worse opening would.
      const open = new Money(row.position.price ?? 0).plus(row.overnight.div(row.position.quantity).times(direction));
      const liquidation = liquidationPrice({ direction, open, quantity: row.position.quantity }, { balance: this.balance, margins, otherPnl: profit.minus(row.profit) }, this.liquidationRisk);
      const roe = row.price === undefined ? null : roeOf(row.profit, row.position.margin);
      const stop = this.trailingStop(row.position, direction, row.price);
      rows.set(
        [
          row.position.id,
          row.price ?? Number.NaN,
          row.profit.toNumber(),
          liquidation ? liquidation.toNumber() : Number.NaN,
          row.overnight.toNumber(),
          roe ? roe.toNumber() : Number.NaN,
          stop ? stop.toNumber() : Number.NaN,
        ],
        i * POSITION_WIDTH,
      );
    });
    const risk = riskRate(this.balance, margins, profit);
    return {
      rows,
      summary: { balance: this.balance.toNumber(), margins: margins.toNumber(), profit: profit.toNumber(), risk: risk ? risk.toNumber() : null, liquidationRisk: this.liquidationRisk.toNumber() },
    };
  }

  /** Where a position's trailing stop stands with the best price seen so far, `price` included; null without one. */
  private trailingStop(position: PositionView, direction: Direction, price: number | undefined): Money | null {
    const trailing = position.trailing;
    if (!trailing) return null;
    const callback: TrailingCallback = trailing.callback_rate !== null ? { rate: trailing.callback_rate } : { distance: trailing.distance ?? 0 };
    let best = this.trailBest.get(position.id) ?? new Money(trailing.best);
    if (price !== undefined && price > 0) best = trailingBest(direction, best, price);
    this.trailBest.set(position.id, best);
    return trailingStopPrice(direction, best, callback);
  }

  /** Whole seconds left of each open option at `now`. */
  countdown(now: number): Float64Array {
    const rows = new Float64Array(this.options.length * COUNTDOWN_WIDTH);
    this.options.forEach((option, i) => rows.set([option.id, Math.max(0, Math.ceil((option.expires_at - now) / 1000))], i * COUNTDOWN_WIDTH));
    return rows;
  }
}
