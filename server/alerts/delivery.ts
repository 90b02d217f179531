import { Money } from '../../contract/money';
import { isLanguage, type Language } from '../../contract/languages';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { EventBus } from '../exchange/events';
import type { Translate } from '../i18n';
import { LIQUIDATION_RISK } from '../trading/config';
import { readTick } from '../trading/market';
import type { AlertFiringRow, AlertRow } from './desk';
import type { PushMessage, PushSender } from './push';

/**
 * A firing reaches its user after the step that recorded it has committed, never inside
 * it (a slow mail server or push service must not hold the market's writer): the socket
 * ('price_alert', server/realtime/socket.ts), and here a Web Push notification to each of
 * the user's devices and, when the alert asked for it, an e-mail, both in the language the
 * alert was made in. Each delivery is claimed once in the store (one conditional update of
 * mailed_at or pushed_at), so the alert-deliveries job, which sends what a process that
 * stopped left undelivered, never sends one twice.
 */
type Deps = Pick<AppContext, 'db' | 'i18n' | 'messenger' | 'catalogue' | 'now'>;

/** Alert e-mails one user gets in an hour at most: a repeating alert on a choppy market must not flood a mailbox. */
export const MAILS_PER_HOUR = 20;
/** Where a notification's tap leads: the inbox. */
export const INBOX_URL = '/h5/#/pages/alerts/inbox';
/** The job sends what is older than this and still undelivered (the after-commit delivery had its chance)... */
const LEFT_MS = 20_000;
/** ...and younger than this: an alert a day late is not worth sending. */
const STALE_MS = 24 * 3_600_000;

/** What a firing says: its headline, the alert, the trade that fired it, and what happens next. */
export function alertTexts(t: Translate, firing: AlertFiringRow, alert: Pick<AlertRow, 'repeat'>, symbolOf: (marketId: number) => string): Record<'headline' | 'alert' | 'trade' | 'next', string> {
  const tick = readTick(firing.tick);
  if (!tick) throw new Error(`firing ${firing.id} has no trade`);
  const symbol = symbolOf(tick.market_id);
  const up = firing.direction === 1;
  const headline =
    firing.kind === 'price'
      ? t(up ? 'server:mail.alert.price_up' : 'server:mail.alert.price_down', { symbol, price: firing.value })
      : firing.kind === 'change'
        ? t(up ? 'server:mail.alert.change_up' : 'server:mail.alert.change_down', { symbol, change: new Money(firing.value).abs().toFixed(2) })
        : t('server:mail.alert.risk', { risk: firing.value });
  const level =
    firing.kind === 'price'
      ? t('server:mail.alert.level_price', { symbol, level: firing.level })
      : firing.kind === 'change'
        ? t('server:mail.alert.level_change', { symbol, level: `${up ? '+' : '-'}${firing.level}` })
        : t('server:mail.alert.level_risk', { level: firing.level, liquidation: LIQUIDATION_RISK.times(100).toFixed() });
  return {
    headline,
    alert: level,
    trade: t('server:mail.alert.trade', { seq: tick.seq, symbol, price: tick.price, at: tick.time }),
    next: t(alert.repeat === 1 ? 'server:mail.alert.repeats' : 'server:mail.alert.done'),
  };
}

export class AlertDelivery {
  constructor(
    private readonly deps: Deps,
    private readonly push: PushSender,
  ) {}

  /** Delivers each firing once its step has committed (a subscriber of the exchange's bus). */
  follow(bus: EventBus): () => void {
    return bus.subscribe('alertFired', ({ firing }) => {
      void this.deliver(firing.id).catch((error: unknown) => console.error(`alert firing ${firing.id} could not be delivered`, error));
    });
  }

  /** The notification and the e-mail of one firing, each if not claimed already. */
  async deliver(firingId: number): Promise<void> {
    const results = await Promise.allSettled([this.notify(firingId), this.mail(firingId)]);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** The alert-deliveries job: what a stopped process left undelivered. */
  async undelivered(): Promise<number> {
    const now = this.deps.now();
    const rows = await this.deps.db
      .selectFrom('alert_firings')
      .select('id')
      .where('fired_at', '<', now - LEFT_MS)
      .where('fired_at', '>', now - STALE_MS)
      .where((eb) => eb.or([eb('pushed_at', 'is', null), eb.and([eb('email', '=', 1), eb('mailed_at', 'is', null)])]))
      .orderBy('id')
      .limit(200)
      .execute();
    for (const { id } of rows) await this.deliver(id).catch((error: unknown) => console.error(`alert firing ${id} could not be delivered`, error));
    return rows.length;
  }

  /** Claims one delivery of a firing: only one process, once, gets the row back. */
  private async claim(firingId: number, column: 'pushed_at' | 'mailed_at'): Promise<{ firing: AlertFiringRow; alert: AlertRow; t: Translate } | null> {
    let query = this.deps.db
      .updateTable('alert_firings')
      .set({ [column]: this.deps.now() })
      .where('id', '=', firingId)
      .where(column, 'is', null);
    if (column === 'mailed_at') query = query.where('email', '=', 1);
    const firing = await query.returningAll().executeTakeFirst();
    if (!firing) return null;
    const alert = await this.deps.db.selectFrom('price_alerts').selectAll().where('id', '=', firing.alert_id).executeTakeFirstOrThrow();
    const language: Language = isLanguage(alert.lang) ? alert.lang : 'en';
    return { firing, alert, t: this.deps.i18n.fixed(language) };
  }

  private texts(t: Translate, firing: AlertFiringRow, alert: AlertRow) {
    return alertTexts(t, firing, alert, (marketId) => this.deps.catalogue.market(marketId).symbol);
  }

  private async notify(firingId: number): Promise<void> {
    const claimed = await this.claim(firingId, 'pushed_at');
    if (!claimed) return;
    const { firing, alert, t } = claimed;
    const devices = await this.deps.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', firing.user_id).execute();
    if (devices.length === 0) return;
    const texts = this.texts(t, firing, alert);
    const message: PushMessage = { title: texts.headline, body: `${texts.alert}\n${texts.trade}`, url: INBOX_URL, tag: `alert-${firing.id}` };
    for (const device of devices) {
      const sent = await this.push.send(device, message, `alert-${firing.id}`).catch((error: unknown) => {
        console.error(`a push notification to user ${firing.user_id} failed`, error instanceof Error ? error.message : error);
        return 'failed' as const;
      });
      // The browser dropped the subscription (uninstalled, permission taken back): forgotten.
      if (sent === 'gone') await this.deps.db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
    }
  }

  private async mail(firingId: number): Promise<void> {
    const claimed = await this.claim(firingId, 'mailed_at');
    if (!claimed) return;
    const { firing, alert, t } = claimed;
    const user = await this.deps.db.selectFrom('users').select('email').where('id', '=', firing.user_id).executeTakeFirst();
    if (!user?.email) return;
    const hour = this.deps.now() - 3_600_000;
    const recent = await this.deps.db
      .selectFrom('alert_firings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', firing.user_id)
      .where('email', '=', 1)
      .where('mailed_at', '>=', hour)
      .where('id', '!=', firing.id)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= MAILS_PER_HOUR) return;
    const site = (await readSetting(this.deps.db, 'site_name')) ?? 'Kestrel';
    const texts = this.texts(t, firing, alert);
    try {
      await this.deps.messenger.email({ to: user.email, subject: texts.headline, text: t('server:mail.alert.body', { ...texts, site }) });
    } catch (error) {
      // Not sent: the claim is given back, and the job tries again.
      await this.deps.db.updateTable('alert_firings').set({ mailed_at: null }).where('id', '=', firing.id).execute();
      throw error;
    }
  }
}
