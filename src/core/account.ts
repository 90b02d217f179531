import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { AccountPatch, AccountSummary, OptionView, PositionView, SpotOrderView } from '../../contract/worker-api';
import { COUNTDOWN_WIDTH, POSITION_WIDTH } from '../../contract/worker-api';

/**
 * The user's trading as the worker keeps it live, as signals: the lists change when
 * positions and options come and go; each open position's price, profit and liquidation
 * price, and each option's countdown, are signals of their own, so a tick re-renders no
 * list and no row.
 */
export const positions = signal<readonly PositionView[]>([]);
export const accountSummary = signal<AccountSummary | null>(null);
export const openOptions = signal<readonly OptionView[]>([]);
/** Options settled while the screen watched, newest last (their results are shown as they land). */
export const settledOptions = signal<readonly OptionView[]>([]);
/** Spot orders as they last changed, by id; `ordersVersion` moves with every change. */
export const orderUpdates = new Map<number, SpotOrderView>();
export const ordersVersion = signal(0);

export interface PositionFigures {
  price: Signal<number>;
  profit: Signal<number>;
  liquidation: Signal<number>;
  /** overnight fees owed so far */
  overnight: Signal<number>;
  /** return on equity, %: profit over margin */
  roe: Signal<number>;
  /** a trailing stop's price as the best price seen moves it (NaN: none) */
  trailingStop: Signal<number>;
}

const figures = new Map<number, PositionFigures>();
export function figuresOf(positionId: number): PositionFigures {
  let found = figures.get(positionId);
  if (!found)
    figures.set(
      positionId,
      (found = { price: signal(Number.NaN), profit: signal(Number.NaN), liquidation: signal(Number.NaN), overnight: signal(Number.NaN), roe: signal(Number.NaN), trailingStop: signal(Number.NaN) }),
    );
  return found;
}

const countdowns = new Map<number, Signal<number>>();
export function countdownOf(optionId: number): ReadonlySignal<number> {
  let found = countdowns.get(optionId);
  if (!found) countdowns.set(optionId, (found = signal(Number.NaN)));
  return found;
}

/** Total unrealised profit as a signal, for the account line. */
export const totalProfit = computed(() => accountSummary.value?.profit ?? Number.NaN);

/** Writes the account part of a patch (inside applyPatch's batch). */
export function applyAccount(patch: AccountPatch): void {
  if (patch.positions) positions.value = patch.positions;
  if (patch.summary) accountSummary.value = patch.summary;
  if (patch.options) openOptions.value = patch.options;
  if (patch.settled) settledOptions.value = [...settledOptions.value, ...patch.settled].slice(-20);
  if (patch.orders) {
    for (const order of patch.orders) orderUpdates.set(order.id, order);
    ordersVersion.value++;
  }
  const rows = patch.figures;
  if (rows) {
    for (let at = 0; at + POSITION_WIDTH <= rows.length; at += POSITION_WIDTH) {
      const found = figuresOf(rows[at] as number);
      found.price.value = rows[at + 1] as number;
      found.profit.value = rows[at + 2] as number;
      found.liquidation.value = rows[at + 3] as number;
      found.overnight.value = rows[at + 4] as number;
      found.roe.value = rows[at + 5] as number;
      found.trailingStop.value = rows[at + 6] as number;
    }
  }
  const clocks = patch.countdown;
  if (clocks) {
    for (let at = 0; at + COUNTDOWN_WIDTH <= clocks.length; at += COUNTDOWN_WIDTH) {
      const id = clocks[at] as number;
      let found = countdowns.get(id);
      if (!found) countdowns.set(id, (found = signal(Number.NaN)));
      found.value = clocks[at + 1] as number;
    }
  }
}
