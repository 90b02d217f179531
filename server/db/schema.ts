import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types for Kysely. Times are milliseconds since 1970. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  uploads: UploadsTable;
  settings: SettingsTable;
  currencies: CurrenciesTable;
  markets: MarketsTable;
  klines: KlinesTable;
  favourites: FavouritesTable;
  market_views: MarketViewsTable;
}

export interface CurrenciesTable {
  id: number;
  code: string;
  name: string;
  kind: 'crypto' | 'fiat' | 'stock';
  precision: number;
}

export interface MarketsTable {
  id: number;
  base_currency_id: number;
  quote_currency_id: number;
  symbol: string;
  kind: 'crypto' | 'stock';
  price_precision: number;
  qty_precision: number;
  /** 1 when tradable as a leveraged contract */
  contract: number;
  sort: number;
}

export interface KlinesTable {
  market_id: number;
  period: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

export interface FavouritesTable {
  user_id: number;
  market_id: number;
  created_at: number;
}

export interface MarketViewsTable {
  id: Generated<number>;
  market_id: number;
  /** "u:<user id>" or "ip:<address>": who looked, for counting people rather than requests */
  viewer: string;
  source: 'detail' | 'search';
  at: number;
}

export interface UsersTable {
  id: Generated<number>;
  uid: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: string;
  signature: string;
  head_portrait: string;
  credit_score: number;
  invite_code: string;
  invited_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export type CodeChannel = 'email' | 'sms';

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: CodeChannel;
  /** normalised e-mail, or "+<area code> <mobile>" */
  target: string;
  scene: string;
  /** set for scenes bound to a logged-in account */
  user_id: number | null;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  path: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  /** 1 when GET /getSetting may answer it */
  public: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CodeRow = Selectable<VerificationCodesTable>;
