import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type SQLite from 'better-sqlite3';
import { Money } from '../../contract/money';
import { storeOf } from './dialect';

/**
 * Exact decimal arithmetic inside SQL statements, so a balance changes by
 * `balance = balance + delta` in one statement (never read, added in JavaScript and
 * written back, which is wrong as soon as two writers meet). PostgreSQL stores amounts as
 * numeric and computes in it; SQLite stores their digits as text and has no exact decimal
 * arithmetic, so the server registers decimal_add and decimal_cmp (the names and meaning
 * of SQLite's own decimal extension) computed with the app's decimal library.
 */
export function registerDecimalFunctions(sqlite: SQLite.Database): void {
  sqlite.function('decimal_add', { deterministic: true }, (a: unknown, b: unknown) => new Money(String(a)).plus(String(b)).toFixed());
  sqlite.function('decimal_cmp', { deterministic: true }, (a: unknown, b: unknown) => new Money(String(a)).comparedTo(String(b)));
}

const isSqlite = (db: Kysely<unknown>) => storeOf(db) === 'sqlite';

/** `value + delta`, exactly, for a money column. */
export function decimalAdd<DB>(db: Kysely<DB>, value: Expression<string>, delta: string): RawBuilder<string> {
  return isSqlite(db as Kysely<unknown>) ? sql<string>`decimal_add(${value}, ${delta})` : sql<string>`${value} + ${delta}::numeric`;
}

/** `value + delta >= 0`, exactly, for a money column. */
export function decimalAddNotNegative<DB>(db: Kysely<DB>, value: Expression<string>, delta: string): RawBuilder<boolean> {
  return isSqlite(db as Kysely<unknown>) ? sql<boolean>`decimal_cmp(decimal_add(${value}, ${delta}), '0') >= 0` : sql<boolean>`${value} + ${delta}::numeric >= 0`;
}
