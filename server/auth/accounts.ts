import type { Kysely } from 'kysely';
import { isKnownAreaCode } from '../../contract/areas';
import { DEFAULT_AREA_CODE, isEmail, isMobile } from '../../contract/rules';
import type { Database, UserRow } from '../db/schema';

/** An account as the user names it: an e-mail, or a mobile number with its area code. */
export type AccountRef = { kind: 'email'; email: string } | { kind: 'mobile'; areaCode: string; mobile: string };

/**
 * Reads what a user typed in an account field. E-mails are compared in lower case;
 * mobile numbers by their digits, under the given area code (default 86).
 */
export function accountRef(userString: string, areaCode: string | undefined): AccountRef | null {
  const text = userString.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return isEmail(email) ? { kind: 'email', email } : null;
  }
  const mobile = text.replace(/[\s-]/g, '');
  const area = areaCode ?? DEFAULT_AREA_CODE;
  return isKnownAreaCode(area) && isMobile(area, mobile) ? { kind: 'mobile', areaCode: area, mobile } : null;
}

/** Where a code for this account is sent, and the key codes and rate limits use. */
export function targetOf(ref: AccountRef): string {
  return ref.kind === 'email' ? ref.email : `+${ref.areaCode} ${ref.mobile}`;
}

/** The account's own contact for codes that confirm actions: e-mail first, else mobile. */
export function contactOf(user: UserRow): AccountRef | null {
  if (user.email) return { kind: 'email', email: user.email };
  if (user.area_code && user.mobile) return { kind: 'mobile', areaCode: user.area_code, mobile: user.mobile };
  return null;
}

/** Every contact of the account: its e-mail and its mobile number, those it has. */
export function contactsOf(user: UserRow): AccountRef[] {
  const contacts: AccountRef[] = [];
  if (user.email) contacts.push({ kind: 'email', email: user.email });
  if (user.area_code && user.mobile) contacts.push({ kind: 'mobile', areaCode: user.area_code, mobile: user.mobile });
  return contacts;
}

export async function findUser(db: Kysely<Database>, ref: AccountRef): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll();
  return ref.kind === 'email' ? query.where('email', '=', ref.email).executeTakeFirst() : query.where('area_code', '=', ref.areaCode).where('mobile', '=', ref.mobile).executeTakeFirst();
}
