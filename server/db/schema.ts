import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types for Kysely. Times are milliseconds since 1970. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  uploads: UploadsTable;
  settings: SettingsTable;
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
