import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { registerDecimalFunctions } from './decimal';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * Opens the SQLite database in DATA_DIR (or in memory for tests) and brings its
 * schema up to date. WAL keeps readers off the writer's back.
 */
const handles = new WeakMap<Db, SQLite.Database>();

/**
 * `location` is a data directory, ':memory:', or a serialized database (tests start
 * many servers from one prepared image).
 */
export async function openDatabase(location: string | Buffer): Promise<Db> {
  let sqlite: SQLite.Database;
  if (Buffer.isBuffer(location)) {
    sqlite = new SQLite(location);
  } else if (location === ':memory:') {
    sqlite = new SQLite(':memory:');
  } else {
    fs.mkdirSync(location, { recursive: true });
    sqlite = new SQLite(path.join(location, 'exchange.sqlite'));
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerDecimalFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') throw new Error(`migration ${result.migrationName} failed`, { cause: error });
  }
  if (error) throw error instanceof Error ? error : new Error('migrations failed', { cause: error });
  return db;
}

/** The whole database as bytes (for test images). */
export function serializeDatabase(db: Db): Buffer {
  const sqlite = handles.get(db);
  if (!sqlite) throw new Error('not a database opened here');
  return sqlite.serialize();
}
