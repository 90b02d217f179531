/**
 * What a ledger transaction pays for: a kind of reference and an id, unique together, so a
 * settlement recorded a second time (a retry, a restart, a twin request) is refused. The
 * kinds are listed here so a typo cannot make a second reference for the same thing, and
 * the ledger check can flag a kind nobody writes. A product adds its kinds here.
 */
export const LEDGER_REF_KINDS = [
  'recharge',
  'withdrawal-lock',
  'withdrawal-fee',
  'withdrawal-settle',
  'move',
  'exchange',
  'coupon',
  'signup-gift',
  'adjustment',
  'spot-freeze',
  'spot-fill',
  'spot-release',
  'lever-freeze',
  'lever-open',
  'lever-cancel',
  'lever-close',
  'option',
  'option-settle',
  'rebate',
  'lockup',
  'lockup-yield',
  'lockup-return',
  'lockup-redeem',
  'copy-share',
  'dual-buy',
  'dual-settle',
  'dual-refund',
  'ieo-subscribe',
  'ieo-allocate',
  'ieo-release',
  'nft-order',
  'nft-deposit',
  'nft-deposit-return',
  'nft-deposit-forfeit',
  'loan-open',
  'loan-repay',
  'loan-collateral',
  'loan-release',
  'loan-liquidate',
  'otc-escrow',
  'otc-release',
  'otc-return',
] as const;

export type LedgerRefKind = (typeof LEDGER_REF_KINDS)[number];

export interface LedgerRef {
  kind: LedgerRefKind;
  id: string | number;
}

/**
 * The reference of a fee, which its rebate is recorded under ("rebate:" + this): a spot
 * fill charges each side separately, so its side is part of it.
 */
export type FeeRef =
  | { kind: 'spot-fill'; id: number; side: 'buyer' | 'seller' }
  | { kind: 'lever-open'; id: number }
  | { kind: 'option'; id: number }
  | { kind: 'exchange'; id: number }
  | { kind: 'nft-order'; id: number };

export function feeRefText(ref: FeeRef): string {
  return ref.kind === 'spot-fill' ? `spot-fill:${ref.id}:${ref.side}` : `${ref.kind}:${ref.id}`;
}
