import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, sql, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import { makePrivateDir, makePrivateFile } from '../data-dir';
import { registerDecimalFunctions } from './decimal';
import { StoreTypes, storeOf } from './dialect';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * The database: PostgreSQL when `location` is a postgres:// URL (DATABASE_URL), else the
 * SQLite file in a data directory, in memory (':memory:'), or a serialized SQLite image
 * (tests start many servers from one prepared image). Brought up to date by the
 * migrations before it is answered.
 */
const handles = new WeakMap<Db, SQLite.Database>();

/** A postgres:// (or postgresql://) URL: the server then runs on PostgreSQL. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//.test(location);

/** A database that cannot be opened: the reason, in one line, without the password. */
export class DatabaseUnavailable extends Error {}

/**
 * A failure of the store itself rather than of the request: the connection refused, lost
 * or shut down (PostgreSQL's class 08 and 57P codes, socket errors). The request is then
 * answered "the database cannot be reached" and changed nothing (its transaction is gone).
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (/^(08|57P0[123])/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)) return true;
  // 55000 is wider; only its 'not accepting connections' (a database closed to connections) is an outage.
  if (code === '55000' && /not currently accepting connections/.test(error.message)) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

/** The URL with its password replaced, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}

// int8 (bigint: ids, times in ms, counts) as numbers, which they fit (below 2^53);
// numeric (amounts) stays text, exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openPostgres(url: string, readOnly = false): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, ...(readOnly ? { options: '-c default_transaction_read_only=on' } : {}) });
  // A connection dropped (the database restarted, the network broke) is not fatal: the
  // query on it fails (the request answers "cannot reach the database") and the pool opens
  // a new one for the next. Without a listener on each connection, a drop while a query
  // runs on it would end the process.
  pool.on('error', (error) => console.error(`a database connection was lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', (error) => console.error(`a database connection was lost: ${error.message}`)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * SQLite transactions begin IMMEDIATE: the write lock is taken at the start, waiting out
 * (busy_timeout) another process's transaction on the same file. A deferred transaction
 * that read first and wrote second would instead fail at once with SQLITE_BUSY when a
 * second server on the file had committed in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

function openSqlite(location: string | Buffer): Db {
  let sqlite: SQLite.Database;
  if (Buffer.isBuffer(location)) {
    sqlite = new SQLite(location);
  } else if (location === ':memory:') {
    sqlite = new SQLite(':memory:');
  } else {
    // Only the server's owner may read the data (server/data-dir.ts): the directory 0700, the
    // file 0600, and SQLite gives the -wal and -shm files the file's mode.
    makePrivateDir(location);
    const file = path.join(location, 'exchange.sqlite');
    makePrivateFile(file);
    sqlite = new SQLite(file);
  }
  sqlite.pragma('journal_mode = WAL');
  // Every commit is synced to the disk before it is answered: a power cut or a kernel crash
  // loses no committed balance change (NORMAL is only safe against a killed process). It
  // costs about 0.4 ms a commit here, more on a busy disk (ARCHITECTURE.md, Data; npm run bench).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerDecimalFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  return db;
}

export async function openDatabase(location: string | Buffer): Promise<Db> {
  const postgres = typeof location === 'string' && isPostgresUrl(location);
  const db = postgres ? openPostgres(location) : openSqlite(location);
  if (postgres) {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await db.destroy().catch(() => undefined);
      throw new DatabaseUnavailable(`cannot reach the database at ${redactUrl(location)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await migrate(db);
  return db;
}

/**
 * A database to read only, as it is (no migrations): `npm run ledger:check` on a running
 * exchange. A postgres:// URL, or a data directory whose SQLite file must exist.
 */
export async function openReadOnly(location: string): Promise<Db> {
  if (!isPostgresUrl(location)) {
    const file = path.join(location, 'exchange.sqlite');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
  }
  const db = openPostgres(location, true);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseUnavailable(`cannot reach the database at ${redactUrl(location)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}

/** Brings the schema up to date, with the column types of the store (server/db/dialect.ts). */
async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.withPlugin(new StoreTypes(storeOf(db as Kysely<unknown>))), provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') throw new Error(`migration ${result.migrationName} failed`, { cause: error });
  }
  if (error) throw error instanceof Error ? error : new Error('migrations failed', { cause: error });
}

/** The whole SQLite database as bytes (for test images). */
export function serializeDatabase(db: Db): Buffer {
  const sqlite = handles.get(db);
  if (!sqlite) throw new Error('not a SQLite database opened here');
  return sqlite.serialize();
}
