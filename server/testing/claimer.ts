/**
 * A cluster member and nothing else, as a process of its own (server/cluster/claims.pg.test.ts
 * kills it with SIGKILL): claims its share of MARKETS (comma-separated ids) on
 * DATABASE_URL as OWNER, and prints each change as a line: `claimed <market> <epoch>` or
 * `lost <market>`.
 */
import { MarketClaims } from '../cluster/claims';
import { openDatabase } from '../db/database';

const url = process.env['DATABASE_URL'] ?? '';
const owner = process.env['OWNER'] ?? `claimer-${process.pid}`;
const markets = (process.env['MARKETS'] ?? '').split(',').map(Number);
const db = await openDatabase(url);
const claims = new MarketClaims(db, {
  url,
  owner,
  markets,
  pollMs: 100,
  claimed: ({ market, epoch }) => void process.stdout.write(`claimed ${market} ${epoch}\n`),
  lost: (market) => void process.stdout.write(`lost ${market}\n`),
  report: (error) => console.error(error),
});
await claims.start();
process.once('SIGTERM', () => void claims.stop().then(() => db.destroy()));
