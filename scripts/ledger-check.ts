/**
 * npm run ledger:check [-- --data-dir DIR | --database-url URL]
 * Verifies every ledger invariant on a database (server/ledger/check.ts), prints what it
 * checked, and exits 1 on any violation. The database is DATABASE_URL's (PostgreSQL) or
 * else the SQLite file in DATA_DIR. Safe while the server runs (reads only).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseUnavailable, openReadOnly, redactUrl } from '../server/db/database';
import { checkLedger } from '../server/ledger/check';
import { EMPTY_SETTLEMENTS, HOLD_SOURCES } from '../server/products';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string', default: process.env['DATA_DIR'] ?? 'data' }, 'database-url': { type: 'string', default: process.env['DATABASE_URL'] ?? '' } },
});
const url = values['database-url'] ?? '';
const dataDir = path.resolve(values['data-dir'] ?? 'data');
let db;
try {
  db = await openReadOnly(url || dataDir);
} catch (error) {
  console.error(error instanceof DatabaseUnavailable ? error.message : `cannot open ${path.join(dataDir, 'exchange.sqlite')}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const report = await checkLedger(db);
await db.destroy();
console.log(`ledger check of ${url ? redactUrl(url) : path.join(dataDir, 'exchange.sqlite')}`);
console.log(`  ${report.checked.transactions} transactions, ${report.checked.entries} entries, ${report.checked.accounts} accounts in ${report.checked.currencies} currencies`);
console.log('  checked: zero sum per transaction and currency; stored balances = replay of entries;');
console.log('           running balances; no user balance below zero; decimals within each currency;');
console.log('           one settlement per reference, of a known kind; every reason a ledger reason;');
console.log(`           every transaction has entries (but ${EMPTY_SETTLEMENTS.map((source) => source.name).join(', ')});`);
console.log('           every entry in a real account: a known kind and part, or a house account;');
for (const part of ['frozen', 'locked'] as const) {
  console.log(
    `           ${part} parts = ${HOLD_SOURCES.filter((source) => source.part === part)
      .map((source) => source.name)
      .join(' + ')}`,
  );
}
console.log(
  `  users hold: ${
    Object.entries(report.totals)
      .map(([code, total]) => `${total} ${code}`)
      .join(', ') || 'nothing'
  }`,
);
if (report.violations.length > 0) {
  console.error(`\n${report.violations.length} violation(s):`);
  for (const violation of report.violations) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log('  no violations');
