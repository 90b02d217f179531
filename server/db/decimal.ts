import { sql, SqliteAdapter, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type SQLite from 'better-sqlite3';
import { Money } from '../../contract/money';

/**
 * Exact decimal arithmetic inside SQL statements, so a balance changes by
 * `balance = balance + delta` in one statement (never read, added in JavaScript and
 * written back, which is wrong as soon as two writers meet). Amounts are stored as
 * decimal text. PostgreSQL computes in numeric; SQLite has no exact decimal type, so
 * the server registers decimal_add and decimal_cmp (the names and meaning of SQLite's
 * own decimal extension) computed with the app's decimal library.
 */
export function registerDecimalFunctions(sqlite: SQLite.Database): void {
  sqlite.function('decimal_add', { deterministic: true }, (a: unknown, b: unknown) => new Money(String(a)).plus(String(b)).toFixed());
  sqlite.function('decimal_cmp', { deterministic: true }, (a: unknown, b: unknown) => new Money(String(a)).comparedTo(String(b)));
}

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** `value + delta`, exactly, as decimal text. */
export function decimalAdd<DB>(db: Kysely<DB>, value: Expression<string>, delta: string): RawBuilder<string> {
  return isSqlite(db as Kysely<unknown>) ? sql<string>`decimal_add(${value}, ${delta})` : sql<string>`((${value})::numeric + ${delta}::numeric)::text`;
}

/** `value + delta >= 0`, exactly. */
export function decimalAddNotNegative<DB>(db: Kysely<DB>, value: Expression<string>, delta: string): RawBuilder<boolean> {
  return isSqlite(db as Kysely<unknown>) ? sql<boolean>`decimal_cmp(decimal_add(${value}, ${delta}), '0') >= 0` : sql<boolean>`(${value})::numeric + ${delta}::numeric >= 0`;
}
