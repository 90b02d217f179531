import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Which store the server tests run on. `npm test` runs the server suite twice: on SQLite
 * (every test server in memory or in its data directory), then with KESTREL_TEST_POSTGRES
 * set to a throwaway PostgreSQL server's admin URL (scripts/postgres.mjs), where every
 * test server gets a database of its own: copied from a template database made once per
 * run (the image), or, for a data directory that outlives one server, a database named
 * after that directory.
 */
export const TEST_POSTGRES_ENV = 'KESTREL_TEST_POSTGRES';

/** Whether test servers start on PostgreSQL (read when asked: a benchmark switches it). */
export const onPostgres = (): boolean => Boolean(process.env[TEST_POSTGRES_ENV]);

/** The PostgreSQL server's admin URL (database postgres). */
export function admin(): string {
  const url = process.env[TEST_POSTGRES_ENV];
  if (!url) throw new Error('the tests are not running on PostgreSQL');
  return url;
}

/** The URL of one database of the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(admin());
  url.pathname = `/${name}`;
  return url.toString();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  return onAdmin(async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
}

/** A new database, empty or a copy of `template`. */
export async function createDatabase(name: string, template?: string): Promise<void> {
  await onAdmin((client) => client.query(`create database ${quote(name)}${template ? ` template ${quote(template)} strategy file_copy` : ''}`));
}

export async function dropDatabase(name: string): Promise<void> {
  await onAdmin((client) => client.query(`drop database if exists ${quote(name)} with (force)`));
}

/** Renames a database (a template made under a temporary name, ready once renamed); false if the name is taken. */
export async function renameDatabase(from: string, to: string): Promise<boolean> {
  try {
    await onAdmin((client) => client.query(`alter database ${quote(from)} rename to ${quote(to)}`));
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === '42P04') return false;
    throw error;
  }
}

/** A name for a new test database. */
export const freshName = (prefix: string): string => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;

/** The database of a data directory that several servers of one test share (createHarness's `persist`, a server process). */
export const persistentName = (dataDir: string): string => `kestrel_dir_${crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;

/**
 * Where a server with this data directory keeps its data: the directory itself on SQLite;
 * on PostgreSQL its own database (created empty the first time), as DATABASE_URL.
 */
export async function storeOf(dataDir: string): Promise<{ location: string; env: Record<string, string> }> {
  if (!onPostgres()) return { location: dataDir, env: {} };
  const name = persistentName(dataDir);
  if (!(await databaseExists(name))) await createDatabase(name);
  const url = databaseUrl(name);
  return { location: url, env: { DATABASE_URL: url } };
}
