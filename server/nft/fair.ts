import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Blind boxes, provably fair. Before the sale the server publishes a commitment to a
 * secret seed and the box's contents (the items' codes, in order):
 *
 *   commitment = sha256(seed + ":" + codes joined by ",")   (hex)
 *
 * The seed shuffles the contents (Fisher-Yates from the last place down: place i swaps
 * with place j = the first 4 bytes of HMAC-SHA256(seed, "swap:" + i), big-endian, mod
 * (i + 1)); the box bought n-th (its number, from 1) opens into the n-th code of the
 * shuffled list. Once the sale has ended or sold out the seed is published: anyone can
 * check it against the commitment and redo every opening (npm run nft:verify -- BOX_ID).
 * The modulo's bias is below 2^-24 for a box of up to 256 items.
 */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function commitmentOf(seed: string, codes: readonly string[]): string {
  return createHash('sha256')
    .update(`${seed}:${codes.join(',')}`)
    .digest('hex');
}

export function shuffled(seed: string, codes: readonly string[]): string[] {
  const list = [...codes];
  for (let i = list.length - 1; i > 0; i--) {
    const j = createHmac('sha256', seed).update(`swap:${i}`).digest().readUInt32BE(0) % (i + 1);
    const swap = list[i] as string;
    list[i] = list[j] as string;
    list[j] = swap;
  }
  return list;
}

/** The code the box bought n-th opens into. */
export function drawn(seed: string, codes: readonly string[], number: number): string {
  const code = shuffled(seed, codes)[number - 1];
  if (code === undefined) throw new Error(`box number ${number} is past the ${codes.length} items`);
  return code;
}
