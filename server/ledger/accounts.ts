/**
 * Who holds money in the ledger. A user has four accounts per currency (spec 3: legal 1,
 * change 2, lever 3, micro 4), each in three parts: available, frozen (pending
 * withdrawals, resting orders) and locked (lock-ups). The house has accounts for the
 * other side of every movement: what came in from outside, went out, fees, and so on.
 */
export const ACCOUNT_KINDS = ['legal', 'change', 'lever', 'micro'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_IDS: Record<AccountKind, 1 | 2 | 3 | 4> = { legal: 1, change: 2, lever: 3, micro: 4 };

export function isAccountKind(value: unknown): value is AccountKind {
  return typeof value === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(value);
}

export const PARTS = ['available', 'frozen', 'locked'] as const;
export type Part = (typeof PARTS)[number];

/**
 * House accounts. treasury: money that came from outside (recharges, approved by an
 * operator); withdrawals: money sent outside; fees: fees earned; exchange: the
 * counterparty of coin exchanges; gifts: paper-trading starting balances and bonuses;
 * adjustments: operator corrections; market_maker: the simulated liquidity in the order
 * books, the other side of users' spot fills against it; contracts: the house's side of
 * leveraged positions; options: the house's side of seconds options. They may go below
 * zero; users' parts may not.
 */
export const HOUSE_ACCOUNTS = ['treasury', 'withdrawals', 'fees', 'exchange', 'gifts', 'adjustments', 'market_maker', 'contracts', 'options'] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export type AccountKey = { user: number; currency: number; kind: AccountKind; part: Part } | { house: HouseAccount; currency: number };

export function ownerOf(key: AccountKey): string {
  return 'user' in key ? `user:${key.user}` : `house:${key.house}`;
}

export function describe(key: AccountKey): { owner: string; user_id: number | null; currency_id: number; kind: string; part: string } {
  return 'user' in key
    ? { owner: ownerOf(key), user_id: key.user, currency_id: key.currency, kind: key.kind, part: key.part }
    : { owner: ownerOf(key), user_id: null, currency_id: key.currency, kind: 'house', part: 'house' };
}

export const userAccount = (user: number, currency: number, kind: AccountKind, part: Part = 'available'): AccountKey => ({ user, currency, kind, part });
export const house = (name: HouseAccount, currency: number): AccountKey => ({ house: name, currency });
