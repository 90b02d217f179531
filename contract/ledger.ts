/**
 * Why a balance changed: every ledger record carries one of these (the bills show them).
 * Server and app share the list, so a new reason cannot reach the bills unlabelled.
 */
export const LEDGER_REASONS = [
  'recharge',
  'withdraw_lock',
  'withdraw_deduct',
  'withdraw_success',
  'withdraw_fail',
  'transfer',
  'exchange',
  'member_gift',
  'coupon_bonus',
  'adjustment',
  'spot_freeze',
  'spot_trade',
  'spot_release',
  'lever_open',
  'lever_freeze',
  'lever_cancel',
  'lever_close',
  'option_stake',
  'option_settle',
  'invite_rebate',
  'lockup',
  'lockup_yield',
  'lockup_return',
  'lockup_redeem',
  'copy_profit_share',
  'dual_buy',
  'dual_settle',
  'dual_refund',
  'ieo_subscribe',
  'ieo_allocate',
  'ieo_release',
  'nft_buy',
  'nft_deposit',
  'nft_deposit_return',
  'nft_deposit_forfeit',
] as const;

export type LedgerReason = (typeof LEDGER_REASONS)[number];
