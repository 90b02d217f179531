import { floor, Money } from './money';

/**
 * What an NFT sale pays out, the one arithmetic the server settles with
 * (server/nft/desk.ts `pay`) and the resell form shows beforehand: the price less the
 * exchange's fee (NFT_FEE) and, unless the seller created the artwork, the creator's
 * royalty (NFT_ROYALTY), each cut down to the currency's decimals.
 */
export interface SaleRates {
  /** fractions as decimal text ("0.025" is 2.5 %) */
  fee_rate: string;
  royalty_rate: string;
  precision: number;
}

export interface Proceeds {
  fee: Money;
  royalty: Money;
  receive: Money;
}

export function saleProceeds(price: Money, rates: SaleRates, royaltyDue: boolean): Proceeds {
  const fee = floor(price.times(rates.fee_rate), rates.precision);
  const royalty = royaltyDue ? floor(price.times(rates.royalty_rate), rates.precision) : new Money(0);
  return { fee, royalty, receive: price.minus(fee).minus(royalty) };
}
