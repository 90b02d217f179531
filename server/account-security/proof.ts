import type { Kysely } from 'kysely';
import { contactOf } from '../auth/accounts';
import { consumeCode, verifyCode } from '../auth/codes';
import { checkCurrentPassword } from '../auth/protection';
import type { Auth } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { checkFactor, enabledFactor, useFactor, type FactorUse } from './totp';

/**
 * Proof asked again before a change of the account's security (a passkey registered, the
 * withdrawal whitelist turned off), so that a stolen session token alone changes nothing:
 * the current login password and, with the authenticator app on, one of its codes (or a
 * recovery code); without it, a code sent to the account's contact for scene "security".
 * The second part is checked first (as server/auth/protection.ts does: a token alone
 * cannot even try passwords), and used up in the transaction of the change (useProof).
 */
export interface ProofInput {
  current_password: string;
  totp_code?: string | undefined;
  code?: string | undefined;
}

export type Proof = { factor: FactorUse } | { codeId: number };

export async function checkProof(ctx: AppContext, auth: Auth, input: ProofInput): Promise<Proof> {
  let proof: Proof;
  if (await enabledFactor(ctx.db, auth.user.id)) {
    if (input.totp_code === undefined) throw new ApiError('server:errors.totp_code_required');
    proof = { factor: await checkFactor(ctx, auth.user.id, input.totp_code, 'totpConfirm') };
  } else {
    if (input.code === undefined) throw new ApiError('validation:code_rule');
    const contact = contactOf(auth.user);
    if (!contact) throw new ApiError('server:errors.no_contact');
    proof = { codeId: await verifyCode(ctx, { to: contact, scene: 'security', code: input.code, userId: auth.user.id }) };
  }
  await checkCurrentPassword(ctx, auth.user, input.current_password);
  return proof;
}

/** Uses the proof up inside the change's transaction: of two requests with one proof, one goes through. */
export async function useProof(trx: Kysely<Database>, userId: number, proof: Proof, now: number): Promise<void> {
  if ('factor' in proof) await useFactor(trx, userId, proof.factor, now);
  else await consumeCode(trx, proof.codeId, now);
}
