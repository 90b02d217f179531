import { FIAT_CURRENCIES } from '../../contract/fiat';
import type { Db } from '../db/database';

/**
 * Fiat rates (units per US dollar) for converted values. The server makes no outside
 * call: the first start writes reference rates, and operators set them (npm run
 * operator -- set-rate CNY 7.2). Clients keep them for 24 hours.
 */
const REFERENCE: Record<(typeof FIAT_CURRENCIES)[number], string> = {
  USD: '1',
  CNY: '7.25',
  GBP: '0.79',
  HKD: '7.78',
  JPY: '154',
  EUR: '0.94',
  AED: '3.6725',
  THB: '34.5',
  PHP: '58.5',
  SGD: '1.34',
  VND: '25350',
};

export async function seedRates(db: Db, now: number): Promise<void> {
  await db
    .insertInto('fiat_rates')
    .values(FIAT_CURRENCIES.map((code) => ({ code, rate: REFERENCE[code], updated_at: now, source: 'reference' })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function listRates(db: Db) {
  const rows = await db.selectFrom('fiat_rates').selectAll().execute();
  const order = new Map<string, number>(FIAT_CURRENCIES.map((code, i) => [code, i]));
  return rows.sort((a, b) => (order.get(a.code) ?? 99) - (order.get(b.code) ?? 99));
}
