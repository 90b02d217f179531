import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Session tokens: 256 random bits, sent once, stored only as their SHA-256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six random digits from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Verification codes are kept as an HMAC bound to where and why they were sent. */
export function codeHash(secret: string, code: string, target: string, scene: string): string {
  return createHmac('sha256', secret).update(`${scene}\n${target}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Eight characters without look-alikes (no 0/O, 1/I). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}

/** Public user numbers: eight digits, not sequential. */
export function newUid(): number {
  return randomInt(10_000_000, 100_000_000);
}

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A file name nobody can guess. */
export function newFileName(): string {
  return randomBytes(16).toString('hex');
}
