import type { AddressFormat } from './addresses';

/**
 * Where coins can be deposited and withdrawn (spec 3: BTC, ETH, USDT on ERC20 and TRC20),
 * with the minimum and fee of a withdrawal on each network.
 */
export type NetworkId = 'BTC' | 'ERC20' | 'TRC20';

export interface NetworkDef {
  currency: 'BTC' | 'ETH' | 'USDT';
  network: NetworkId;
  /** shown to users */
  name: string;
  format: AddressFormat;
  minWithdraw: string;
  withdrawFee: string;
}

export const NETWORKS: readonly NetworkDef[] = [
  { currency: 'BTC', network: 'BTC', name: 'Bitcoin (testnet)', format: 'bitcoin-testnet', minWithdraw: '0.001', withdrawFee: '0.0005' },
  { currency: 'ETH', network: 'ERC20', name: 'Ethereum (ERC20)', format: 'ethereum', minWithdraw: '0.01', withdrawFee: '0.003' },
  { currency: 'USDT', network: 'ERC20', name: 'Ethereum (ERC20)', format: 'ethereum', minWithdraw: '10', withdrawFee: '5' },
  { currency: 'USDT', network: 'TRC20', name: 'TRON (TRC20)', format: 'tron', minWithdraw: '10', withdrawFee: '1' },
];

export function networkOf(currencyCode: string, network: string): NetworkDef | undefined {
  return NETWORKS.find((def) => def.currency === currencyCode && def.network === network);
}
