import type { AddressFormat } from './addresses';

/**
 * Where coins can be deposited and withdrawn (spec 3: BTC, ETH, USDT on ERC20 and TRC20),
 * with the minimum and fee of a withdrawal on each network. The figures here are the
 * defaults: the server reads the ones in force from its configuration
 * (WITHDRAW_MIN_<KEY>, WITHDRAW_FEE_<KEY>, server/config.ts), so code that charges or
 * shows them takes `ctx.config.networks`, never this list.
 */
export type NetworkId = 'BTC' | 'ERC20' | 'TRC20';

export interface NetworkDef {
  currency: 'BTC' | 'ETH' | 'USDT';
  network: NetworkId;
  /** names its settings: WITHDRAW_MIN_<key>, WITHDRAW_FEE_<key> */
  key: 'BTC' | 'ETH' | 'USDT_ERC20' | 'USDT_TRC20';
  /** shown to users */
  name: string;
  format: AddressFormat;
  /** the smallest amount a user may ask to withdraw, fee included */
  minWithdraw: string;
  /** a fixed fee per withdrawal, taken from the amount asked */
  withdrawFee: string;
}

export const NETWORK_DEFAULTS: readonly NetworkDef[] = [
  { currency: 'BTC', network: 'BTC', key: 'BTC', name: 'Bitcoin (testnet)', format: 'bitcoin-testnet', minWithdraw: '0.001', withdrawFee: '0.0005' },
  { currency: 'ETH', network: 'ERC20', key: 'ETH', name: 'Ethereum (ERC20)', format: 'ethereum', minWithdraw: '0.01', withdrawFee: '0.003' },
  { currency: 'USDT', network: 'ERC20', key: 'USDT_ERC20', name: 'Ethereum (ERC20)', format: 'ethereum', minWithdraw: '10', withdrawFee: '5' },
  { currency: 'USDT', network: 'TRC20', key: 'USDT_TRC20', name: 'TRON (TRC20)', format: 'tron', minWithdraw: '10', withdrawFee: '1' },
];

export function networkOf(networks: readonly NetworkDef[], currencyCode: string, network: string): NetworkDef | undefined {
  return networks.find((def) => def.currency === currencyCode && def.network === network);
}
