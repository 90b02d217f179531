import { openDatabase } from './server/db/database';
import { sql } from 'kysely';
const db = await openDatabase(process.env.URL!);
const t = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' order by 1`.execute(db);
console.log(t.rows.map((r) => r.table_name).join(' '));
const c = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_name = 'ledger_accounts'`.execute(db);
console.log(c.rows);
await db.destroy();
