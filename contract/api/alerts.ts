import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { Tick } from './trade';
import { IdField, LimitField, PageField, RequestIdField } from './fields';

/**
 * Price alerts (contract/alerts.ts has the rules): on a market's price crossing a level,
 * its 24h change reaching a percentage, or the futures account's risk rate falling to a
 * level. They are watched on the exchange's market feed (so they fire with the app
 * closed); each firing records the trade that made it and reaches the user by the
 * socket ('price_alert'), a Web Push notification and, when asked, an e-mail.
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Decimal = Type.String({ description: 'decimal text' });
const Kind = Type.Union([Type.Literal('price'), Type.Literal('change'), Type.Literal('risk')], { errorKey: 'alert_kind_invalid' });
const Direction = Type.Union([Type.Literal('up'), Type.Literal('down')], { errorKey: 'alert_direction_invalid' });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)], { errorKey: 'alert_flag_invalid' });
/** A price, or a percentage (change, risk): checked against the market by the server (contract/alerts.ts). */
const Level = Type.String({ minLength: 1, maxLength: 40, pattern: '^(0|[1-9][0-9]{0,20})(\\.[0-9]{1,30})?$', errorKey: 'alert_level_invalid' });

export const Alert = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('price'), Type.Literal('change'), Type.Literal('risk')]),
  /** null for a risk rate alert */
  market_id: Nullable(Type.Integer()),
  symbol: Nullable(Type.String()),
  /** the level's decimals: the market's price decimals, or 2 for a percentage */
  precision: Type.Integer(),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  /** a price, or a percentage without its sign (change, risk) */
  level: Decimal,
  /** the price, 24h change or risk rate (percent) when it was made or last edited; null: a risk rate alert made without open positions */
  reference: Nullable(Decimal),
  repeat: Type.Boolean(),
  email: Type.Boolean(),
  status: Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('fired')]),
  /** false while a repeating alert waits for the figure to go back past its level */
  armed: Type.Boolean(),
  crossings: Type.Integer(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  fired_at: Nullable(Type.Integer()),
});

export const AlertFiring = Type.Object({
  id: Type.Integer(),
  alert_id: Type.Integer(),
  /** 1 for the alert's first firing, 2 for the next crossing... */
  crossing: Type.Integer(),
  kind: Type.Union([Type.Literal('price'), Type.Literal('change'), Type.Literal('risk')]),
  market_id: Nullable(Type.Integer()),
  symbol: Nullable(Type.String()),
  precision: Type.Integer(),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  level: Decimal,
  /** the price, 24h change or risk rate (percent) at the trade that fired it */
  value: Decimal,
  /** that trade */
  tick: Tick,
  fired_at: Type.Integer(),
  read: Type.Boolean(),
});

const Unread = Type.Object({ unread: Type.Integer() });

export const alertConfig = endpoint({
  method: 'GET',
  path: '/alerts/config',
  access: 'public',
  tag: 'alerts',
  summary: 'The alert limits and ranges, the liquidation threshold, and the Web Push public key (VAPID) a browser subscribes with',
  input: Type.Object({}),
  output: Type.Object({
    per_user: Type.Integer(),
    per_market: Type.Integer(),
    band_factor: Type.Integer(),
    change_min: Decimal,
    change_max: Decimal,
    risk_min: Decimal,
    risk_max: Decimal,
    percent_decimals: Type.Integer(),
    push_key: Type.String({ description: 'the VAPID public key, base64url' }),
  }),
});

export const alertCreate = endpoint({
  method: 'POST',
  path: '/alerts/create',
  access: 'user',
  tag: 'alerts',
  summary:
    "Makes an alert: price (market_id, level; its direction from the last price: above it up, below it down), change (market_id, level in percent, direction) or risk (level in percent: the futures account's risk rate falling to it). repeat 1 fires at every new crossing; email 1 also mails it",
  input: Type.Object({
    kind: Kind,
    market_id: Type.Optional(IdField),
    level: Level,
    direction: Type.Optional(Direction),
    repeat: Type.Optional(Flag),
    email: Type.Optional(Flag),
    request_id: RequestIdField,
  }),
  output: Alert,
});

export const alertList = endpoint({
  method: 'GET',
  path: '/alerts/list',
  access: 'user',
  tag: 'alerts',
  summary: "The caller's alerts (active, paused, fired once), newest first, of one market or all; with how many may still fire",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField), market_id: Type.Optional(IdField) }),
  output: Type.Object({ data: Type.Array(Alert), page: Type.Integer(), limit: Type.Integer(), more: Type.Boolean(), live: Type.Integer() }),
});

export const alertUpdate = endpoint({
  method: 'POST',
  path: '/alerts/update',
  access: 'user',
  tag: 'alerts',
  summary: 'Edits an alert: a new level (a price alert takes its direction from the last price again), direction (change), repeat, email; a fired one-time alert is active again',
  input: Type.Object({ id: IdField, level: Level, direction: Type.Optional(Direction), repeat: Type.Optional(Flag), email: Type.Optional(Flag) }),
  output: Alert,
});

export const alertPause = endpoint({
  method: 'POST',
  path: '/alerts/pause',
  access: 'user',
  tag: 'alerts',
  summary: 'Pauses an active alert: it does not fire until resumed',
  input: Type.Object({ id: IdField }),
  output: Alert,
});

export const alertResume = endpoint({
  method: 'POST',
  path: '/alerts/resume',
  access: 'user',
  tag: 'alerts',
  summary: 'Resumes a paused alert; refused when the figure passed its level meanwhile (edit the level instead)',
  input: Type.Object({ id: IdField }),
  output: Alert,
});

export const alertDelete = endpoint({
  method: 'POST',
  path: '/alerts/delete',
  access: 'user',
  tag: 'alerts',
  summary: 'Deletes an alert (its firings stay in the inbox)',
  input: Type.Object({ id: IdField }),
  output: Type.Object({ id: Type.Integer() }),
});

export const alertInbox = endpoint({
  method: 'GET',
  path: '/alerts/inbox',
  access: 'user',
  tag: 'alerts',
  summary: "The caller's fired alerts, newest first, each with the trade that fired it, and the number unread",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: Type.Object({ data: Type.Array(AlertFiring), page: Type.Integer(), limit: Type.Integer(), more: Type.Boolean(), unread: Type.Integer() }),
});

export const alertUnread = endpoint({
  method: 'GET',
  path: '/alerts/unread',
  access: 'user',
  tag: 'alerts',
  summary: 'How many fired alerts the caller has not read (the bell badge)',
  input: Type.Object({}),
  output: Unread,
});

export const alertRead = endpoint({
  method: 'POST',
  path: '/alerts/read',
  access: 'user',
  tag: 'alerts',
  summary: 'Marks one fired alert read (id), or all of them; answers the number still unread',
  input: Type.Object({ id: Type.Optional(IdField) }),
  output: Unread,
});

/** A browser's PushSubscription (its toJSON()): the push service URL and the keys to encrypt for it. */
const Endpoint = Type.String({ minLength: 12, maxLength: 1000, pattern: '^https://[^\\s<>"]+$', errorKey: 'push_subscription_invalid' });
const Key = (max: number) => Type.String({ minLength: 16, maxLength: max, pattern: '^[A-Za-z0-9_-]+={0,2}$', errorKey: 'push_subscription_invalid' });

export const pushSubscribe = endpoint({
  method: 'POST',
  path: '/alerts/push/subscribe',
  access: 'user',
  tag: 'alerts',
  summary: "Keeps this device's Web Push subscription, so alerts reach it as notifications while the app is closed (one per device; the latest user's)",
  input: Type.Object({ endpoint: Endpoint, p256dh: Key(200), auth: Key(64) }),
  output: Type.Object({ subscribed: Type.Boolean() }),
});

export const pushUnsubscribe = endpoint({
  method: 'POST',
  path: '/alerts/push/unsubscribe',
  access: 'user',
  tag: 'alerts',
  summary: "Forgets this device's Web Push subscription",
  input: Type.Object({ endpoint: Endpoint }),
  output: Type.Object({ subscribed: Type.Boolean() }),
});
