import { Money, type MoneyValue } from './money';

/**
 * Price alerts' rules, written once: the server checks them when an alert is made or
 * edited, the add-alert sheet shows the same direction and refusal before it sends.
 *
 * Three kinds:
 * - `price`: the market's trades cross a level. Its direction is fixed when it is made,
 *   from the last price then: a level above it waits for a trade at or above it (up), a
 *   level below for one at or below (down). A level equal to the price is refused.
 * - `change`: the market's 24h change (last price against the price 24 hours ago, as the
 *   tickers show it) reaches +X % (up) or -X % (down).
 * - `risk`: the futures account's risk rate (contract/trading.ts riskRate) falls to X %,
 *   above the liquidation threshold: a warning before the liquidation.
 *
 * An alert fires once and is done, or with `repeat` fires again each time the figure
 * crosses its level anew after going back past it by a little (REARM), so a price
 * hovering at the level does not fire on every trade.
 */
export const ALERT_KINDS = ['price', 'change', 'risk'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertDirection = 'up' | 'down';

export const ALERT_RULES = {
  /** alerts that may still fire (active or paused): per user, and per user in one market */
  perUser: 50,
  perMarket: 10,
  /** a price level from the last price / bandFactor to the last price x bandFactor */
  bandFactor: 10,
  /** a 24h change level, in percent, both ends included */
  changeMin: '0.1',
  changeMax: '90',
  /** a risk rate level, in percent: above the liquidation threshold, up to this */
  riskMax: '1000',
  /** decimals of a percentage */
  percentDecimals: 2,
} as const;

/**
 * How far a repeating alert's figure must go back past the level before it can fire
 * again: 0.1 % of a price level; 0.1 percentage point of a change or risk rate.
 */
export const REARM = { priceShare: '0.001', points: '0.1' } as const;

/** What each refusal's message (server:errors.<key>) interpolates. */
export type AlertRefusalParams = {
  alert_level_positive: Record<string, never>;
  price_step: { decimals: number };
  alert_level_at_price: { price: string };
  alert_level_band: { low: string; high: string };
  alert_percent_range: { min: string; max: string; decimals: number };
  alert_change_reached: { change: string };
  alert_risk_range: { min: string; max: string; decimals: number };
  alert_risk_reached: { risk: string };
};
export type AlertRefusalKey = keyof AlertRefusalParams;
export type AlertRefusal = { [K in AlertRefusalKey]: { ok: false; key: K; params: AlertRefusalParams[K] } }[AlertRefusalKey];

const refuse = <K extends AlertRefusalKey>(key: K, params: AlertRefusalParams[K]) => ({ ok: false, key, params }) as AlertRefusal;

/**
 * A price level against the market's last price: a positive price with at most the
 * market's decimals, not absurdly far (bandFactor), not the price itself. Answers its
 * direction: up when above the last price, down when below.
 */
export function priceLevel(level: Money, last: MoneyValue, decimals: number): { ok: true; direction: AlertDirection } | AlertRefusal {
  if (level.lte(0)) return refuse('alert_level_positive', {});
  if (level.decimalPlaces() > decimals) return refuse('price_step', { decimals });
  const price = new Money(last);
  const low = price.div(ALERT_RULES.bandFactor).toDecimalPlaces(decimals, Money.ROUND_UP);
  const high = price.times(ALERT_RULES.bandFactor).toDecimalPlaces(decimals, Money.ROUND_DOWN);
  if (level.lt(low) || level.gt(high)) return refuse('alert_level_band', { low: low.toFixed(decimals), high: high.toFixed(decimals) });
  if (level.eq(price)) return refuse('alert_level_at_price', { price: price.toFixed(decimals) });
  return { ok: true, direction: level.gt(price) ? 'up' : 'down' };
}

/** The 24h change in percent: (last - open) / open x 100; zero without an open price. */
export function changePercent(last: MoneyValue, open: MoneyValue): Money {
  const base = new Money(open);
  return base.lte(0) ? new Money(0) : new Money(last).minus(base).div(base).times(100);
}

/**
 * A 24h change level (a percentage, its sign from `direction`) against the change now: in
 * range, and not reached already (it would fire at the next trade, not at a crossing).
 */
export function changeLevel(percent: Money, direction: AlertDirection, change: MoneyValue): { ok: true } | AlertRefusal {
  const { changeMin, changeMax, percentDecimals } = ALERT_RULES;
  if (percent.lt(changeMin) || percent.gt(changeMax) || percent.decimalPlaces() > percentDecimals) {
    return refuse('alert_percent_range', { min: changeMin, max: changeMax, decimals: percentDecimals });
  }
  const now = new Money(change);
  if (direction === 'up' ? now.gte(percent) : now.lte(percent.negated())) return refuse('alert_change_reached', { change: signedPercent(now) });
  return { ok: true };
}

/**
 * A risk rate level (percent) above the liquidation threshold (`liquidation`, a share:
 * 0.2) and, when the account has open positions, below its risk rate now (`risk`, a share).
 */
export function riskLevel(percent: Money, liquidation: MoneyValue, risk: MoneyValue | null): { ok: true } | AlertRefusal {
  const min = new Money(liquidation).times(100);
  const { riskMax, percentDecimals } = ALERT_RULES;
  if (percent.lte(min) || percent.gt(riskMax) || percent.decimalPlaces() > percentDecimals) {
    return refuse('alert_risk_range', { min: min.toFixed(), max: riskMax, decimals: percentDecimals });
  }
  if (risk !== null && new Money(risk).times(100).lte(percent)) return refuse('alert_risk_reached', { risk: new Money(risk).times(100).toFixed(2) });
  return { ok: true };
}

/** "+1.25 %", "-0.40 %": a change as the alerts say it (two decimals, signed). */
export function signedPercent(value: MoneyValue): string {
  const figure = new Money(value).toDecimalPlaces(2, Money.ROUND_HALF_UP);
  return `${figure.gte(0) ? '+' : ''}${figure.toFixed(2)}`;
}
