/**
 * npm run db:copy -- --from sqlite:data/exchange.sqlite --to postgres://user:pass@host:port/db
 *
 * Moves an exchange's data from its SQLite file to an empty PostgreSQL database: the
 * schema by the same migrations, then every table's rows, parents before the tables that
 * refer to them, in batches, one transaction; the id sequences set past the copied ids.
 * Then both ledgers are checked: the copy is sound only if the target has no violation and
 * users hold the same totals per currency as in the source (the source must be sound too).
 * Stop the server first: the source is read as it is. Exits 1 on any refusal or mismatch.
 */
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { DatabaseUnavailable, isPostgresUrl, openDatabase, redactUrl, type Db } from '../server/db/database';
import type { Database } from '../server/db/schema';
import { TABLES_SEEDED_BY_MIGRATIONS } from '../server/db/migrations';
import { checkLedger } from '../server/ledger/check';

const BATCH = 500;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const from = values.from ?? '';
const to = values.to ?? '';
if (!from.startsWith('sqlite:')) fail('--from must name the SQLite file: --from sqlite:data/exchange.sqlite');
if (!isPostgresUrl(to)) fail('--to must be a PostgreSQL URL: --to postgres://user:password@host:port/database');

let source: SQLite.Database;
try {
  source = new SQLite(from.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
} catch (error) {
  fail(`cannot open ${from}: ${error instanceof Error ? error.message : String(error)}`);
}
const sourceDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: source }) });

let target: Db;
try {
  target = await openDatabase(to);
} catch (error) {
  fail(error instanceof DatabaseUnavailable ? error.message : `cannot prepare ${redactUrl(to)}: ${error instanceof Error ? error.message : String(error)}`);
}

// The source must be a migrated exchange, as new as this code, and the target empty.
const migrated = (name: string) => source.prepare('select name from kysely_migration where name = ?').get(name) !== undefined;
const expected = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target)).rows.map((row) => row.name);
const missing = expected.filter((name) => !migrated(name));
if (missing.length > 0) fail(`the source has not run the migrations ${missing.join(', ')}: start the server on it once with this version first`);

const tables = (source.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as { name: string }[]).map((row) => row.name);
for (const table of tables.filter((name) => !TABLES_SEEDED_BY_MIGRATIONS.includes(name))) {
  const [row] = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(target)).rows;
  if (Number(row?.n ?? 0) > 0) fail(`the target already holds data (${table} has rows): db:copy moves an exchange into an empty database`);
}

/** Parents first: a table after every table its foreign keys name. */
function ordered(names: string[]): string[] {
  const parents = new Map(
    names.map((name) => [
      name,
      (source.prepare(`select "table" as parent from pragma_foreign_key_list(?)`).all(name) as { parent: string }[]).map((row) => row.parent).filter((parent) => parent !== name),
    ]),
  );
  const done: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (done.includes(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys in a circle: ${[...path, name].join(' -> ')}`);
    for (const parent of parents.get(name) ?? []) if (names.includes(parent)) visit(parent, [...path, name]);
    done.push(name);
  };
  for (const name of names) visit(name, []);
  return done;
}

const started = Date.now();
const copied: [string, number][] = [];
await target.transaction().execute(async (trx) => {
  // What the migrations wrote the source has too, as it stands now: the source's rows replace them.
  for (const table of TABLES_SEEDED_BY_MIGRATIONS) await sql`delete from ${sql.table(table)}`.execute(trx);
  for (const table of ordered(tables)) {
    const rows = source.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    for (let i = 0; i < rows.length; i += BATCH) {
      // Kysely's typed builder cannot name a table chosen at run time; the rows are the source's own.
      await trx
        .insertInto(table as keyof Database)
        .values(rows.slice(i, i + BATCH))
        .execute();
    }
    copied.push([table, rows.length]);
    const hasId = source.prepare('select 1 from pragma_table_info(?) where name = ? and pk = 1').get(table, 'id') !== undefined;
    if (hasId && rows.length > 0) await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(trx);
  }
});

const [before, after] = [await checkLedger(sourceDb), await checkLedger(target)];
await target.destroy();
await sourceDb.destroy();
console.log(`copied ${copied.reduce((total, [, count]) => total + count, 0)} rows of ${copied.length} tables to ${redactUrl(to)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const [table, count] of copied) if (count > 0) console.log(`  ${table}: ${count}`);
console.log(
  `  users hold: ${
    Object.entries(after.totals)
      .map(([code, total]) => `${total} ${code}`)
      .join(', ') || 'nothing'
  }`,
);
if (before.violations.length > 0) fail(`the source's ledger has ${before.violations.length} violation(s); run npm run ledger:check on it`);
if (after.violations.length > 0) fail(`the copy's ledger has ${after.violations.length} violation(s):\n${after.violations.map((v) => `  - ${v}`).join('\n')}`);
const differ = Object.keys({ ...before.totals, ...after.totals }).filter((code) => before.totals[code] !== after.totals[code]);
if (differ.length > 0) fail(`the copy's totals differ from the source's in ${differ.join(', ')}`);
console.log('  the copy checks out: no violations, the same totals per currency as the source');
