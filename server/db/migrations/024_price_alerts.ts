import type { Kysely } from 'kysely';

/**
 * Price alerts (server/alerts/): a user's alerts on a market's price or 24h change, or on
 * the futures account's risk rate; each firing, recorded once per crossing with the trade
 * that made it (unique per alert and crossing number: a batch settled again cannot fire
 * twice); and the browsers' Web Push subscriptions that carry them to a closed app.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // price, change, risk
    .addColumn('kind', 'text', (c) => c.notNull())
    // null for a risk rate alert: the account spans every market
    .addColumn('market_id', 'integer', (c) => c.references('markets.id'))
    // 1 up, -1 down (a price alert's from the last price when it was made; risk: always down)
    .addColumn('direction', 'integer', (c) => c.notNull())
    // a price at the market's decimals, or a percentage (change, risk)
    .addColumn('level', 'numeric', (c) => c.notNull())
    // the price, change or risk rate when it was made or last edited (null: a risk rate alert made without open positions)
    .addColumn('reference', 'numeric')
    .addColumn('repeat', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    // active, paused, fired (a one-time alert that fired), deleted
    .addColumn('status', 'text', (c) => c.notNull())
    // 0 while a repeating alert waits for the figure to go back past its level
    .addColumn('armed', 'integer', (c) => c.notNull())
    // how many times it fired: the next firing is crossing + 1
    .addColumn('crossings', 'integer', (c) => c.notNull())
    // the language of its e-mails and notifications (the one it was made in)
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('fired_at', 'integer')
    .execute();
  await db.schema.createIndex('price_alerts_user').on('price_alerts').columns(['user_id', 'status', 'market_id']).execute();
  await db.schema.createIndex('price_alerts_market').on('price_alerts').columns(['market_id', 'status']).execute();
  await db.schema
    .createTable('alert_firings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('price_alerts.id'))
    .addColumn('crossing', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('market_id', 'integer')
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('level', 'numeric', (c) => c.notNull())
    // the figure at the trade: its price, the 24h change or the risk rate (percent)
    .addColumn('value', 'numeric', (c) => c.notNull())
    // the trade that fired it: {market_id, seq, price, time}
    .addColumn('tick', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'integer')
    // 1 when the alert asked for an e-mail; mailed_at and pushed_at claim each delivery once
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('mailed_at', 'integer')
    .addColumn('pushed_at', 'integer')
    .addUniqueConstraint('alert_firings_once', ['alert_id', 'crossing'])
    .execute();
  await db.schema.createIndex('alert_firings_user').on('alert_firings').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('alert_firings_unread').on('alert_firings').columns(['user_id', 'read_at']).execute();
  await db.schema.createIndex('alert_firings_due').on('alert_firings').columns(['pushed_at', 'fired_at']).execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // the browser's push service URL for this device: one row per device
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('alert_firings').execute();
  await db.schema.dropTable('price_alerts').execute();
}
