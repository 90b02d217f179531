import type { Kysely } from 'kysely';
import { Money } from '../../contract/money';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import { grantWelcomeCoupons } from './coupons';
import { currencyByCode } from './prices';

/**
 * Paper trading: a new account starts with SIGNUP_GIFT USDT in its coin account, paid
 * through the ledger as a member gift (once per account), and the welcome coupons.
 * Off when SIGNUP_GIFT is 0 (the default outside the demo).
 */
export async function welcome(db: Kysely<Database>, config: Pick<ServerConfig, 'signupGift' | 'demo'>, userId: number, now: number): Promise<void> {
  const usdt = currencyByCode('USDT');
  if (usdt && new Money(config.signupGift).gt(0)) {
    await record(db, {
      reason: 'member_gift',
      ref: { kind: 'signup-gift', id: userId },
      userId,
      movements: [{ from: house('gifts', usdt.id), to: userAccount(userId, usdt.id, 'change'), amount: config.signupGift }],
      at: now,
    });
  }
  if (config.demo) await grantWelcomeCoupons(db, userId, now);
}
