import { describe, expect, test } from 'vitest';
import { depositAddress, eip55, isValidAddress, segwitDecode } from './addresses';

describe('address formats', () => {
  test('EIP-55 matches the reference vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(eip55(address.toLowerCase())).toBe(address);
      expect(isValidAddress('ethereum', address)).toBe(true);
    }
    expect(isValidAddress('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('ethereum', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidAddress('ethereum', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe(false);
  });

  test('bech32 and bech32m test vectors (BIP-173, BIP-350) decode; broken ones do not', () => {
    expect(segwitDecode('tb', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).not.toBeNull();
    expect(segwitDecode('tb', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c')).not.toBeNull();
    expect(isValidAddress('bitcoin-testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true);
    expect(isValidAddress('bitcoin-testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy')).toBe(false);
    expect(isValidAddress('bitcoin-testnet', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('bitcoin-testnet', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe(true);
    expect(isValidAddress('bitcoin-testnet', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
  });

  test('TRON addresses: base58check with version 0x41', () => {
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('tron', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  test('deposit addresses are valid, stable per user and network, and different across users', () => {
    for (const format of ['bitcoin-testnet', 'ethereum', 'tron'] as const) {
      const a = depositAddress(format, 'secret', 1, 'N');
      expect(isValidAddress(format, a), a).toBe(true);
      expect(depositAddress(format, 'secret', 1, 'N')).toBe(a);
      expect(depositAddress(format, 'secret', 2, 'N')).not.toBe(a);
      expect(depositAddress(format, 'other', 1, 'N')).not.toBe(a);
    }
    expect(depositAddress('bitcoin-testnet', 's', 1, 'BTC')).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(depositAddress('tron', 's', 1, 'TRC20')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });
});
