import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's minimum recommended cost (m = 19 MiB, t = 2, p = 1), as of the
 * Password Storage Cheat Sheet. The parameters live in each hash, so raising them later
 * only needs new hashes at the next login.
 */
/** Algorithm.Argon2id is a const enum (2), which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against,
 * so response times do not tell whether an account exists.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
  return false;
}
