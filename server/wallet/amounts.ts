import { parseAmount, type Money } from '../../contract/money';
import { ApiError } from '../http/errors';
import type { CurrencyDef } from '../market/instruments';

/** An amount a user sent, checked against its currency's decimals. */
export function amountIn(currency: CurrencyDef, text: string): Money {
  const amount = parseAmount(text, currency.precision);
  if (amount) return amount;
  if (parseAmount(text, 30)) throw new ApiError('server:errors.amount_precision', { currency: currency.code, decimals: currency.precision });
  throw new ApiError('validation:amount_invalid');
}
