import { lockupDailyRate } from '../../contract/lockup';
import type { Money } from '../../contract/money';

/**
 * The lock-up products. The daily rate of an order grows with its amount, from rateMin
 * at minAmount to rateMax at fullRateAmount and above, and is fixed at purchase: the
 * range the list shows is a rule, not a lottery. Early redemption costs penaltyRate x
 * days left x amount (spec 4: 5 days, 0.4 %, 3 days left, 1000 gives 12).
 */
export interface LockupProductDef {
  id: number;
  currency: 'USDT' | 'BTC' | 'ETH';
  days: number;
  minAmount: string;
  rateMin: string;
  rateMax: string;
  fullRateAmount: string;
  penaltyRate: string;
}

export const LOCKUP_PRODUCTS: readonly LockupProductDef[] = [
  { id: 1, currency: 'USDT', days: 5, minAmount: '100', rateMin: '0.003', rateMax: '0.004', fullRateAmount: '10000', penaltyRate: '0.004' },
  { id: 2, currency: 'USDT', days: 30, minAmount: '500', rateMin: '0.004', rateMax: '0.0055', fullRateAmount: '50000', penaltyRate: '0.005' },
  { id: 3, currency: 'BTC', days: 15, minAmount: '0.01', rateMin: '0.001', rateMax: '0.0015', fullRateAmount: '1', penaltyRate: '0.002' },
  { id: 4, currency: 'ETH', days: 10, minAmount: '0.1', rateMin: '0.0012', rateMax: '0.0018', fullRateAmount: '10', penaltyRate: '0.003' },
];

export function lockupProduct(id: number): LockupProductDef | undefined {
  return LOCKUP_PRODUCTS.find((product) => product.id === id);
}

/** The daily rate an amount earns in a product. */
export function dailyRate(product: LockupProductDef, amount: Money): Money {
  return lockupDailyRate({ min_amount: product.minAmount, rate_min: product.rateMin, rate_max: product.rateMax, full_rate_amount: product.fullRateAmount }, amount);
}
