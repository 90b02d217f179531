import type { MoneyValue } from '../../contract/money';
import type { Db } from '../db/database';
import type { AccountKind } from './accounts';

/**
 * What a product keeps in users' frozen or locked parts, listed from its own records (a
 * pending withdrawal, an open order, a position, a lock-up). The ledger check asks every
 * product for its holds and requires each user's frozen and locked parts to equal their
 * sum exactly; a product that holds funds registers its source in server/products.ts.
 */
export interface Hold {
  userId: number;
  currency: number;
  kind: AccountKind;
  amount: MoneyValue;
}

export interface HoldSource {
  /** names the holds in the check's messages: 'pending withdrawals', 'open orders' */
  name: string;
  part: 'frozen' | 'locked';
  list(db: Db): Promise<Hold[]>;
}

/**
 * Settlements a product records without moving anything (a lost option pays nothing, but
 * is recorded to settle it once): their references, "kind:id", which the check then
 * accepts without entries.
 */
export interface EmptySettlements {
  name: string;
  refs(db: Db): Promise<string[]>;
}
