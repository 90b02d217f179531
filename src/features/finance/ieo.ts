import type { ApiOutput } from '../../../contract/api';
import { ieoPhase } from '../../../contract/ieo';
import { floor, Money, sum } from '../../../contract/money';

export type IeoProject = ApiOutput<'GET /project/detail'>;
export type IeoOrder = ApiOutput<'GET /user/project/order'>['data'][number];

/** The moments a project passes (spec 4): subscription opens, it ends (the allocation), the token lists. */
export type IeoMilestone = 'start' | 'end' | 'list';

/**
 * What a project waits for next, by the clock (contract/ieo.ts ieoPhase): warming up, its
 * start; in progress, its end; ended, its listing until the token is listed; then nothing.
 */
export function nextMilestone(project: Pick<IeoProject, 'start_at' | 'end_at' | 'list_at' | 'listed_at'>, now: number): { milestone: IeoMilestone; at: number } | null {
  const phase = ieoPhase(project, now);
  if (phase === 'warmup') return { milestone: 'start', at: project.start_at };
  if (phase === 'progress') return { milestone: 'end', at: project.end_at };
  return project.listed_at === null ? { milestone: 'list', at: project.list_at } : null;
}

export { countdown } from '../../lib/clock';

/** How many more tokens a user may ask for: the cap per user less what their subscriptions to the project asked (never below zero). */
export function ieoLeft(project: Pick<IeoProject, 'max_per_user'>, orders: readonly Pick<IeoOrder, 'amount'>[]): Money {
  const left = new Money(project.max_per_user).minus(sum(orders.map((order) => order.amount)));
  return left.gt(0) ? left : new Money(0);
}

/** The most a user can ask for now: what the cap leaves, and what the available balance pays at the issue price, at the token's decimals. */
export function ieoMost(project: Pick<IeoProject, 'issue_price' | 'token_precision'>, left: Money, available: string | null): Money {
  if (available === null) return left;
  const affordable = floor(new Money(available).div(project.issue_price), project.token_precision);
  return affordable.lt(left) ? affordable : left;
}

/**
 * A user's subscriptions to one project taken together: what they asked for and have
 * frozen, and once allocated (all of a project's subscriptions are allocated in one step)
 * the tokens given, what they cost, what returned and when the tokens unlock.
 */
export interface IeoResult {
  asked: Money;
  /** still frozen: the payments of the subscriptions not allocated yet */
  frozen: Money;
  allocation: { allocated: Money; cost: Money; refund: Money; releaseAt: number | null; released: boolean } | null;
}

export function ieoResult(orders: readonly IeoOrder[]): IeoResult | null {
  if (orders.length === 0) return null;
  const pending = orders.filter((order) => order.status === 'pending');
  const done = orders.filter((order) => order.status !== 'pending');
  const locked = done.filter((order) => order.release_at !== null);
  return {
    asked: sum(orders.map((order) => order.amount)),
    frozen: sum(pending.map((order) => order.paid)),
    allocation:
      done.length === 0
        ? null
        : {
            allocated: sum(done.map((order) => order.allocated ?? '0')),
            cost: sum(done.map((order) => order.cost ?? '0')),
            refund: sum(done.map((order) => order.refund ?? '0')),
            releaseAt: locked.length === 0 ? null : Math.max(...locked.map((order) => order.release_at ?? 0)),
            released: locked.length > 0 && locked.every((order) => order.status === 'released'),
          },
  };
}

/** The spot pair of a listed token, as the trade screen's address writes it (KESTUSDT). */
export function tradeSymbol(project: Pick<IeoProject, 'symbol'>): string | null {
  return project.symbol === null ? null : project.symbol.replace('/', '');
}
