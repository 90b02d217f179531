import { Money } from '../../contract/money';

/** The coupons list's filter: one user (UID), one state, the page shown (from 1). */
export interface CouponFilter {
  uid?: number;
  status?: 'available' | 'used' | 'expired' | 'revoked';
  page: number;
}

/**
 * A fee discount's share as the server takes it (0 < share <= 1, at most 4 decimals) from
 * the percent an operator types (above 0 up to 100, at most 2 decimals): "12.5" -> "0.125".
 * Null when it is not one.
 */
export function couponShare(percent: string): string | null {
  const typed = percent.trim().replace(/\s*%$/, '');
  if (!/^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$/.test(typed)) return null;
  const value = new Money(typed);
  if (value.lte(0) || value.gt(100)) return null;
  return value.div(100).toFixed();
}
