import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { DomesticCard, InternationalCard, InternationalCardInput } from '../../contract/api/people';
import type { AppContext } from '../context';
import type { BankCardsTable, UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ServerKey } from '../i18n';

/**
 * Bank cards (spec 3, 7): one domestic and one international card per user, always the
 * caller's own; saving again replaces it. Cards pay out fiat, so they need identity
 * level 1 (answered "998" before, which sends the app to verification), and the card
 * holder must be the verified name.
 */
export type Domestic = Static<typeof DomesticCard>;
export type International = Static<typeof InternationalCard>;
export type InternationalInput = Static<typeof InternationalCardInput>;
type CardRow = Selectable<BankCardsTable>;
type Kind = CardRow['kind'];

/** Names compare trimmed, case-insensitive, with runs of spaces as one. */
export function sameName(a: string, b: string): boolean {
  const norm = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

export function requireLevel1(user: UserRow): void {
  if (user.real_level < 1) throw new ApiError('server:errors.verification_required', {}, '998');
}

/** The name of the user's passed level-1 verification. */
async function verifiedName(ctx: AppContext, userId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('identity_submissions')
    .select('name')
    .where('user_id', '=', userId)
    .where('level', '=', 1)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Each field trimmed; a field of spaces only is missing, with that field's own message. */
function cleaned<T extends Record<string, string>>(input: T, keys: Record<keyof T & string, ServerKey>): T {
  const out: Record<string, string> = {};
  for (const [name, key] of Object.entries(keys) as [keyof T & string, ServerKey][]) {
    const value = String(input[name] ?? '').trim();
    if (value === '') throw new ApiError(key);
    out[name] = value;
  }
  return out as T;
}

async function save(ctx: AppContext, user: UserRow, kind: Kind, holder: string, fields: Omit<CardRow, 'user_id' | 'kind' | 'holder_name' | 'created_at' | 'updated_at'>): Promise<void> {
  requireLevel1(user);
  const name = await verifiedName(ctx, user.id);
  if (name === null || !sameName(holder, name)) throw new ApiError('server:errors.card_holder_mismatch');
  const now = ctx.now();
  const row = { ...fields, holder_name: holder.replace(/\s+/g, ' ') };
  await ctx.db
    .insertInto('bank_cards')
    .values({ user_id: user.id, kind, ...row, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ ...row, updated_at: now }))
    .execute();
}

const COMMON_KEYS = {
  real_name: 'validation:card_holder_required',
  bank_name: 'validation:bank_name_required',
  bank_account: 'validation:bank_account_invalid',
  phone: 'validation:card_phone_invalid',
} as const;

export async function saveDomestic(ctx: AppContext, user: UserRow, input: Domestic): Promise<void> {
  requireLevel1(user);
  const card = cleaned(input, { ...COMMON_KEYS, bank_network: 'validation:bank_branch_required', bank_dizhi: 'validation:bank_region_required' });
  await save(ctx, user, 'domestic', card.real_name, {
    bank_name: card.bank_name,
    account_number: card.bank_account,
    phone: card.phone,
    branch: card.bank_network,
    bank_address: card.bank_dizhi,
    aba_number: '',
    swift_code: '',
    holder_address: '',
  });
}

export async function saveInternational(ctx: AppContext, user: UserRow, input: InternationalInput): Promise<void> {
  requireLevel1(user);
  const { wechat_nickname: legacySwift, ...fields } = input;
  const card = cleaned<International>(
    { ...fields, swift_code: input.swift_code ?? legacySwift ?? '' },
    {
      ...COMMON_KEYS,
      alipay_account: 'validation:aba_number_invalid',
      swift_code: 'validation:swift_code_invalid',
      wechat_account: 'validation:holder_address_required',
      bank_dizhi: 'validation:bank_address_required',
    },
  );
  await save(ctx, user, 'international', card.real_name, {
    bank_name: card.bank_name,
    account_number: card.bank_account,
    phone: card.phone,
    branch: '',
    bank_address: card.bank_dizhi,
    aba_number: card.alipay_account,
    swift_code: card.swift_code.toUpperCase(),
    holder_address: card.wechat_account,
  });
}

async function cardOf(ctx: AppContext, userId: number, kind: Kind): Promise<CardRow | undefined> {
  return ctx.db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export async function domesticCard(ctx: AppContext, user: UserRow): Promise<(Domestic & { updated_at: number }) | null> {
  requireLevel1(user);
  const row = await cardOf(ctx, user.id, 'domestic');
  if (!row) return null;
  return {
    real_name: row.holder_name,
    bank_name: row.bank_name,
    bank_account: row.account_number,
    phone: row.phone,
    bank_network: row.branch,
    bank_dizhi: row.bank_address,
    updated_at: row.updated_at,
  };
}

export async function internationalCard(ctx: AppContext, user: UserRow): Promise<(International & { wechat_nickname: string; updated_at: number }) | null> {
  requireLevel1(user);
  const row = await cardOf(ctx, user.id, 'international');
  if (!row) return null;
  return {
    real_name: row.holder_name,
    bank_name: row.bank_name,
    bank_account: row.account_number,
    phone: row.phone,
    alipay_account: row.aba_number,
    swift_code: row.swift_code,
    wechat_account: row.holder_address,
    wechat_nickname: row.swift_code,
    bank_dizhi: row.bank_address,
    updated_at: row.updated_at,
  };
}
