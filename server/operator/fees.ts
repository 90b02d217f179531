import type { OutputOf } from '../../contract/api';
import type { operatorFees } from '../../contract/api/operator';
import type { Money } from '../../contract/money';
import type { AppContext } from '../context';
import {
  LEVER_FEE,
  LEVER_MAX_SHARE,
  LEVER_MIN_SHARE,
  LEVER_OVERNIGHT,
  LEVER_PRICE_BAND,
  leverMultiples,
  leverRange,
  LIQUIDATION_RISK,
  MARGIN_CURRENCY,
  OPTION_CURRENCIES,
  OPTION_DURATIONS,
  OPTION_MAX_OPEN,
  SPOT_FEE,
  SPOT_MIN_NOTIONAL,
  SPOT_PRICE_BAND,
  TRAIL_RATE_MAX,
  TRAIL_RATE_MIN,
} from '../trading/config';

/**
 * Every fee and limit in force, read from the one place each is defined: the trading
 * rules (server/trading/config.ts, written in the code: `setting` null) and the server's
 * settings (server/config.ts, read from the environment at start: `setting` names the
 * variable). Both are fixed while the server runs, so the console shows them and what
 * changes them; it cannot change them (that needs a fee schedule every process reads per
 * step).
 */
type Fees = OutputOf<typeof operatorFees>;

const rule = (value: Money | number) => ({ value: typeof value === 'number' ? String(value) : value.toFixed(), setting: null });
const setting = (value: string | number, name: string) => ({ value: String(value), setting: name });

export function feesInForce(ctx: Pick<AppContext, 'config' | 'catalogue'>): Fees {
  const { config, catalogue } = ctx;
  const code = (id: number) => catalogue.currency(id).code;
  return {
    spot: { fee: rule(SPOT_FEE), min_notional: rule(SPOT_MIN_NOTIONAL), price_band: rule(SPOT_PRICE_BAND) },
    conversion: { fee: setting(config.exchangeFee, 'EXCHANGE_FEE') },
    contracts: {
      margin_currency: code(MARGIN_CURRENCY),
      fee: rule(LEVER_FEE),
      overnight: rule(LEVER_OVERNIGHT),
      liquidation_risk: rule(LIQUIDATION_RISK),
      price_band: rule(LEVER_PRICE_BAND),
      trail_min: rule(TRAIL_RATE_MIN),
      trail_max: rule(TRAIL_RATE_MAX),
      shares_min: rule(LEVER_MIN_SHARE),
      shares_max: rule(LEVER_MAX_SHARE),
      leverage: (['crypto', 'stock'] as const).map((kind) => ({ kind, ...leverRange(kind), presets: [...leverMultiples(kind)] })),
    },
    options: {
      currencies: OPTION_CURRENCIES.map(code),
      max_open: rule(OPTION_MAX_OPEN),
      durations: OPTION_DURATIONS.map((rule) => ({ seconds: rule.seconds, ratio: rule.ratio.toFixed(), fee_rate: rule.feeRate.toFixed(), min: rule.min.toFixed(), max: rule.max.toFixed() })),
    },
    nft: { fee: setting(config.nftFee, 'NFT_FEE'), royalty: setting(config.nftRoyalty, 'NFT_ROYALTY') },
    invites: { rebate_rate: setting(config.rebateRate, 'REBATE_RATE') },
    loans: { apr: setting(config.borrowApr, 'BORROW_APR') },
    copy: { profit_share: setting(config.copyProfitShare, 'COPY_PROFIT_SHARE') },
    withdrawals: config.networks.map((network) => ({
      code: network.currency,
      network: network.network,
      name: network.name,
      min: setting(network.minWithdraw, `WITHDRAW_MIN_${network.key}`),
      fee: setting(network.withdrawFee, `WITHDRAW_FEE_${network.key}`),
    })),
    limits: { public_per_minute: setting(config.publicRateLimit, 'PUBLIC_RATE_LIMIT'), codes_per_ip_hour: setting(config.codesPerIp, 'CODES_PER_IP') },
  };
}
