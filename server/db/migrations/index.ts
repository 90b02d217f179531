import type { Migration } from 'kysely';
import * as m001 from './001_foundation';
import * as m002 from './002_market';
import * as m003 from './003_ledger';
import * as m004 from './004_trading';
import * as m005 from './005_content';
import * as m006 from './006_people';
import * as m007 from './007_lockup';
import * as m008 from './008_request_ids';
import * as m009 from './009_exchange_core';
import * as m010 from './010_coupon_scope';
import * as m011 from './011_attempts';
import * as m012 from './012_security_changes';
import * as m013 from './013_copy_trading';
import * as m014 from './014_dual';
import * as m015 from './015_ieo';
import * as m016 from './016_nft';
import * as m017 from './017_loans';
import * as m018 from './018_game';
import * as m019 from './019_otc';
import * as m020 from './020_chat';
import * as m021 from './021_cluster';
import * as m022 from './022_job_leases';
import * as m023 from './023_account_security';
import * as m024 from './024_price_alerts';
import * as m025 from './025_advanced_orders';
import * as m026 from './026_chart_preferences';
import * as m027 from './027_account_freezes';
import * as m029 from './029_operator_accounts';
import * as m030 from './030_lockup_products';
import * as m031 from './031_coupon_grants';
import * as m032 from './032_live_fills';

/**
 * Numbered migrations, applied in name order at start, on SQLite and PostgreSQL alike
 * (column types as server/db/dialect.ts maps them: money is `numeric`, which SQLite keeps
 * as text). Append; never change what a landed one does to an existing database.
 */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_market': m002,
  '003_ledger': m003,
  '004_trading': m004,
  '005_content': m005,
  '006_people': m006,
  '007_lockup': m007,
  '008_request_ids': m008,
  '009_exchange_core': m009,
  '010_coupon_scope': m010,
  '011_attempts': m011,
  '012_security_changes': m012,
  '013_copy_trading': m013,
  '014_dual': m014,
  '015_ieo': m015,
  '016_nft': m016,
  '017_loans': m017,
  '018_game': m018,
  '019_otc': m019,
  '020_chat': m020,
  '021_cluster': m021,
  '022_job_leases': m022,
  '023_account_security': m023,
  '024_price_alerts': m024,
  '025_advanced_orders': m025,
  '026_chart_preferences': m026,
  '027_account_freezes': m027,
  '029_operator_accounts': m029,
  '030_lockup_products': m030,
  '031_coupon_grants': m031,
  '032_live_fills': m032,
};

/**
 * Tables a migration writes rows into (030: the lock-up products the code held), so a new
 * database is not empty there: `npm run db:copy` replaces their rows with the source's.
 */
export const TABLES_SEEDED_BY_MIGRATIONS: readonly string[] = ['lockup_products'];
