import { createHash, createHmac } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address formats of the deposit networks, with their checksums: Bitcoin (segwit
 * bech32/bech32m, BIP-173/350, and base58check), Ethereum/ERC20 (EIP-55 mixed-case
 * hex), TRON/TRC20 (base58check, version 0x41).
 *
 * This exchange trades on a simulated market, so its Bitcoin addresses are testnet
 * addresses (tb1…): a mainnet wallet refuses to send real coins to them.
 */

// --- bech32 -------------------------------------------------------------------

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32 = 1;
const BECH32M = 0x2bc830a3;

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) checksum ^= generators[i] as number;
  }
  return checksum >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | null {
  let accumulator = 0;
  let bits = 0;
  const result: number[] = [];
  const max = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    const value = data[i] as number;
    if (value < 0 || value >> from !== 0) return null;
    accumulator = (accumulator << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      result.push((accumulator >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) result.push((accumulator << (to - bits)) & max);
  } else if (bits >= from || ((accumulator << (to - bits)) & max) !== 0) {
    return null;
  }
  return result;
}

export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...(convertBits(program, 8, 5, true) ?? [])];
  const constant = version === 0 ? BECH32 : BECH32M;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

export function segwitDecode(hrp: string, address: string): { version: number; program: number[] } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length || lower.length > 90 || lower.slice(0, separator) !== hrp) return null;
  const data: number[] = [];
  for (const c of lower.slice(separator + 1)) {
    const value = CHARSET.indexOf(c);
    if (value < 0) return null;
    data.push(value);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const version = data[0] as number;
  if (check !== (version === 0 ? BECH32 : BECH32M)) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40 || version > 16) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program };
}

// --- base58check ----------------------------------------------------------------

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256d = (bytes: Uint8Array) => createHash('sha256').update(createHash('sha256').update(bytes).digest()).digest();

export function base58checkEncode(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256d(payload).subarray(0, 4)]);
  let number = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (number > 0n) {
    text = BASE58[Number(number % 58n)] + text;
    number /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

export function base58checkDecode(text: string): Buffer | null {
  if (text.length === 0 || text.length > 60) return null;
  let number = 0n;
  for (const c of text) {
    const value = BASE58.indexOf(c);
    if (value < 0) return null;
    number = number * 58n + BigInt(value);
  }
  let hex = number.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const leading = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(leading), number === 0n ? Buffer.alloc(0) : Buffer.from(hex, 'hex')]);
  if (bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  return sha256d(payload).subarray(0, 4).equals(bytes.subarray(-4)) ? payload : null;
}

// --- EIP-55 ------------------------------------------------------------------------

export function eip55(addressHex: string): string {
  const lower = addressHex.toLowerCase().replace(/^0x/, '');
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

// --- per network ---------------------------------------------------------------------

export type AddressFormat = 'bitcoin-testnet' | 'ethereum' | 'tron';

export function isValidAddress(format: AddressFormat, address: string): boolean {
  const text = address.trim();
  switch (format) {
    case 'bitcoin-testnet': {
      if (/^tb1/i.test(text)) return segwitDecode('tb', text) !== null;
      const payload = base58checkDecode(text);
      return payload !== null && payload.length === 21 && (payload[0] === 0x6f || payload[0] === 0xc4);
    }
    case 'ethereum': {
      if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
      const body = text.slice(2);
      // All one case carries no checksum; mixed case must be the EIP-55 form.
      return body === body.toLowerCase() || body === body.toUpperCase() || eip55(text) === text;
    }
    case 'tron': {
      const payload = base58checkDecode(text);
      return payload !== null && payload.length === 21 && payload[0] === 0x41;
    }
  }
}

/** A stable address for one user on one network, drawn from the install's secret. */
export function depositAddress(format: AddressFormat, secret: string, userId: number, network: string): string {
  const seed = createHmac('sha256', secret).update(`deposit:${network}:${userId}`).digest();
  const program = seed.subarray(0, 20);
  switch (format) {
    case 'bitcoin-testnet':
      return segwitEncode('tb', 0, program);
    case 'ethereum':
      return eip55(program.toString('hex'));
    case 'tron':
      return base58checkEncode(Buffer.concat([Buffer.from([0x41]), program]));
  }
}
