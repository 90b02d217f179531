import { Money } from '../../contract/money';
import type { ServerConfig } from '../config';
import type { Step } from '../exchange/step';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import { grantWelcomeCoupons } from './coupons';

/**
 * Paper trading: a new account starts with SIGNUP_GIFT USDT in its coin account, paid
 * through the ledger as a member gift (once per account), and the welcome coupons.
 * Off when SIGNUP_GIFT is 0 (the default outside the demo). Part of the step that
 * creates the account.
 */
export async function welcome(step: Step, config: Pick<ServerConfig, 'signupGift' | 'demo'>, userId: number): Promise<void> {
  if (new Money(config.signupGift).gt(0)) {
    const usdt = step.catalogue.currencyByCodeOf('USDT');
    await record(step, {
      reason: 'member_gift',
      ref: { kind: 'signup-gift', id: userId },
      userId,
      movements: [{ from: house('gifts', usdt.id), to: userAccount(userId, usdt.id, 'change'), amount: config.signupGift }],
      at: step.time,
    });
  }
  if (config.demo) await grantWelcomeCoupons(step, userId);
}
