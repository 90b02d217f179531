import type { Kysely } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { UserInfo } from '../../contract/api';
import type { Database, UserRow } from '../db/schema';
import { newInviteCode, newUid } from '../security/tokens';
import type { AccountRef } from '../auth/accounts';

export interface NewAccount {
  ref: AccountRef;
  passwordHash: string;
  invitedBy: number | null;
  now: number;
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return error instanceof Error && error.message.includes('UNIQUE') && error.message.includes(column);
}

/** Creates a user with a fresh public number and invite code (drawn again on a clash). */
export async function createUser(db: Kysely<Database>, account: NewAccount): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    const uid = newUid();
    try {
      return await db
        .insertInto('users')
        .values({
          uid,
          email: account.ref.kind === 'email' ? account.ref.email : null,
          area_code: account.ref.kind === 'mobile' ? account.ref.areaCode : null,
          mobile: account.ref.kind === 'mobile' ? account.ref.mobile : null,
          password_hash: account.passwordHash,
          pay_password_hash: null,
          nickname: `u${uid}`,
          signature: '',
          head_portrait: '',
          credit_score: 100,
          invite_code: newInviteCode(),
          invited_by: account.invitedBy,
          created_at: account.now,
          updated_at: account.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const clash = isUniqueViolation(error, 'users.uid') || isUniqueViolation(error, 'users.invite_code');
      if (!clash || attempt >= 5) throw error;
    }
  }
}

/**
 * `withdrawHoldUntil`: while a change of its protection pauses the account's withdrawals, until when (server/auth/protection.ts).
 * `totpEnabled`: the authenticator app is on (server/account-security/totp.ts).
 */
export function toUserInfo(user: UserRow, withdrawHoldUntil: number | null, totpEnabled: boolean): Static<typeof UserInfo> {
  return {
    uid: user.uid,
    email: user.email,
    mobile: user.mobile,
    area_code: user.area_code,
    nickname: user.nickname,
    signature: user.signature,
    head_portrait: user.head_portrait,
    credit_score: user.credit_score,
    invite_code: user.invite_code,
    has_pay_password: user.pay_password_hash !== null,
    withdraw_hold_until: withdrawHoldUntil,
    created_at: user.created_at,
    totp_enabled: totpEnabled,
  };
}
