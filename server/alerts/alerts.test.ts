import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { ALERT_RULES } from '../../contract/alerts';
import { createHarness, flush, ok, type Harness } from '../testing/harness';
import { replayPrices, tradeAt } from '../testing/market';
import { bindMobile } from '../testing/wallet';

/**
 * Alerts through the API: made from a pair in one request (the level's direction from the
 * last price), listed, edited, paused, resumed, deleted; bad input answered in the
 * caller's language and changing nothing; someone else's alert as unknown as a missing
 * one; the limits holding when 200 requests arrive at once; the e-mail in the language the
 * alert was made in, after the commit.
 */
const BTC_MARKET = 1;
const ETH_MARKET = 2;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await tradeAt(h, BTC_MARKET, 96_000); // last trade 96,019.20
}, 60_000);
afterEach(async () => {
  await h.close();
});

type Create = Partial<{ kind: string; market_id: number | string; level: string; direction: string; repeat: number | string; email: number | string; request_id: string }>;
const create = (input: Create, token = ann, lang?: string) => h.call(endpoints.alertCreate, input, { token, ...(lang ? { lang } : {}) });
const list = async (token = ann) => ok(h.call(endpoints.alertList, { limit: 50 }, { token }));

describe('making and managing alerts', () => {
  test('the rules and the push key are public', async () => {
    const config = await ok(h.call(endpoints.alertConfig, {}, {}));
    expect(config).toMatchObject({ per_user: 50, per_market: 10, band_factor: 10, change_min: '0.1', change_max: '90', risk_min: '20', risk_max: '1000', percent_decimals: 2 });
    // A P-256 public key, base64url (65 bytes): the same on every call, kept in the store.
    expect(Buffer.from(config.push_key, 'base64url')).toHaveLength(65);
    expect((await ok(h.call(endpoints.alertConfig, {}, {}))).push_key).toBe(config.push_key);
  });

  test('a level above the price waits for a rise, one below for a fall; listed newest first with how many may still fire', async () => {
    const above = await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '97000' }));
    const below = await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '95000.5', repeat: 1, email: 1 }));
    expect(above).toMatchObject({ direction: 'up', level: '97000.00', reference: '96019.20', repeat: false, email: false, status: 'active' });
    expect(below).toMatchObject({ direction: 'down', level: '95000.50', repeat: true, email: true });
    const listed = await list();
    expect(listed.data.map((alert) => alert.id)).toEqual([below.id, above.id]);
    expect(listed.live).toBe(2);
    expect((await ok(h.call(endpoints.alertList, { market_id: ETH_MARKET }, { token: ann }))).data).toEqual([]);
  });

  test('pause, resume, edit (the direction from the price again), delete', async () => {
    const alert = await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '97000' }));
    expect(await ok(h.call(endpoints.alertPause, { id: alert.id }, { token: ann }))).toMatchObject({ status: 'paused' });
    expect((await h.call(endpoints.alertPause, { id: alert.id }, { token: ann })).message).toBe('Only an active alert can be paused.');
    expect(await ok(h.call(endpoints.alertResume, { id: alert.id }, { token: ann }))).toMatchObject({ status: 'active' });
    expect((await h.call(endpoints.alertResume, { id: alert.id }, { token: ann })).message).toBe('This alert is not paused.');
    const edited = await ok(h.call(endpoints.alertUpdate, { id: alert.id, level: '95000', repeat: 1 }, { token: ann }));
    expect(edited).toMatchObject({ direction: 'down', level: '95000.00', repeat: true, status: 'active' });
    expect(await ok(h.call(endpoints.alertDelete, { id: alert.id }, { token: ann }))).toEqual({ id: alert.id });
    expect((await list()).data).toEqual([]);
    // A deleted alert does not fire.
    await replayPrices(h, BTC_MARKET, [94_000]);
    expect(await h.ctx.db.selectFrom('alert_firings').selectAll().execute()).toEqual([]);
  });

  test('the same submission sent twice makes one alert', async () => {
    const [first, second] = await Promise.all([
      ok(create({ kind: 'price', market_id: BTC_MARKET, level: '97000', request_id: 'alert-form-0001' })),
      ok(create({ kind: 'price', market_id: BTC_MARKET, level: '97000', request_id: 'alert-form-0001' })),
    ]);
    expect(second).toEqual(first);
    expect((await list()).data).toHaveLength(1);
    // Deleted, then the same submission once more: nothing comes back to life.
    await ok(h.call(endpoints.alertDelete, { id: first.id }, { token: ann }));
    expect(await create({ kind: 'price', market_id: BTC_MARKET, level: '97000', request_id: 'alert-form-0001' })).toEqual({ type: 'error', message: 'There is no such alert of yours.' });
    expect((await list()).data).toEqual([]);
  });
});

describe('bad input: a clear, translated message, and nothing changes', () => {
  test('levels, percentages, markets and options the rules refuse', async () => {
    const refused = async (input: Create, lang?: string) => {
      const answer = await create(input, ann, lang);
      expect(answer.type).toBe('error');
      return answer.message;
    };
    const price = (level: string) => ({ kind: 'price', market_id: BTC_MARKET, level });
    expect(await refused(price('96019.20'))).toBe('96,019.20 is the price now: set the level above or below it.');
    expect(await refused(price('96019.2'), 'fra')).toBe('Le prix actuel est 96\u202f019,20 : placez le niveau au-dessus ou en dessous.');
    expect(await refused(price('0'))).toBe('The alert level must be above zero.');
    expect(await refused(price('-5'))).toBe('Please enter the alert level as a number.');
    expect(await refused(price('abc'))).toBe('Please enter the alert level as a number.');
    expect(await refused(price('97000.001'))).toBe('Prices in this market have at most 2 decimals.');
    expect(await refused(price('1000000'))).toBe('The alert level must be between 9,601.92 and 960,192.00.');
    expect(await refused(price('9000'), 'zh')).toBe('提醒价格必须在 9,601.92 到 960,192.00 之间。');
    expect(await refused({ kind: 'price', market_id: 9999, level: '100' })).toBe('This market does not exist.');
    expect(await refused({ kind: 'price', level: '100' })).toBe('Please choose the market of the alert.');
    expect(await refused({ kind: 'sideways', market_id: BTC_MARKET, level: '100' })).toBe('Please choose the kind of alert.');
    const change = (level: string, direction?: string) => ({ kind: 'change', market_id: BTC_MARKET, level, ...(direction ? { direction } : {}) });
    expect(await refused(change('5'))).toBe('Please choose whether the change is a rise or a fall.');
    expect(await refused(change('5', 'sideways'))).toBe('Please choose a rise or a fall.');
    for (const level of ['0.05', '91', '5.123']) expect(await refused(change(level, 'up'))).toBe('The 24h change level must be from 0.1 % to 90 %, with at most 2 decimals.');
    expect(await refused(change('95', 'up'), 'jp')).toBe('24時間騰落率の水準は 0.1% から 90% まで、小数点以下 2 桁までです。');
    expect(await refused({ ...price('97000'), repeat: 2 })).toBe('This option must be on or off.');
    expect(await refused({ kind: 'risk', level: '10' })).toBe('The risk rate level must be above 20 % (liquidation) and at most 1000 %, with at most 2 decimals.');
    expect((await list()).data).toEqual([]);
    expect(await h.ctx.db.selectFrom('price_alerts').selectAll().execute()).toEqual([]);
  });

  test('a 24h change already reached is refused: it would fire at the next trade, not at a crossing', async () => {
    const ticker = h.ctx.market.engine.ticker(BTC_MARKET);
    const change = ((ticker.last - ticker.open) / ticker.open) * 100;
    const direction = change >= 0 ? 'up' : 'down';
    const level = Math.max(0.1, Math.floor(Math.abs(change) * 50) / 100).toFixed(2);
    const answer = await create({ kind: 'change', market_id: BTC_MARKET, level, direction });
    expect(answer.message).toMatch(/^The 24h change is [+-]\d+\.\d\d % already: set a level it has not reached\.$/);
  });

  test('e-mail asked without an e-mail address', async () => {
    const bob = await h.registerUser('bob@example.com');
    await bindMobile(h, bob);
    await h.ctx.db.updateTable('users').set({ email: null }).where('email', '=', 'bob@example.com').execute();
    expect((await create({ kind: 'price', market_id: BTC_MARKET, level: '97000', email: 1 }, bob)).message).toBe('Bind an e-mail address to your account to get alerts by e-mail.');
    expect((await list(bob)).data).toEqual([]);
  });

  test("someone else's alert is as unknown as a missing one, for every change", async () => {
    const alert = await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '97000' }));
    const eve = await h.registerUser('eve@example.com');
    const unknown = { type: 'error', message: 'There is no such alert of yours.' };
    expect(await h.call(endpoints.alertUpdate, { id: alert.id, level: '98000' }, { token: eve })).toEqual(unknown);
    expect(await h.call(endpoints.alertPause, { id: alert.id }, { token: eve })).toEqual(unknown);
    expect(await h.call(endpoints.alertResume, { id: alert.id }, { token: eve })).toEqual(unknown);
    expect(await h.call(endpoints.alertDelete, { id: alert.id }, { token: eve })).toEqual(unknown);
    expect(await h.call(endpoints.alertDelete, { id: 424242 }, { token: ann })).toEqual(unknown);
    expect((await list(eve)).data).toEqual([]);
    expect((await list()).data).toEqual([expect.objectContaining({ id: alert.id, level: '97000.00', status: 'active' })]);
    expect((await h.call(endpoints.alertList, {}, {})).type).toBe('999');
  });
});

describe('limits', () => {
  test(`200 requests at once for one market: exactly ${ALERT_RULES.perMarket} alerts are made`, async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => create({ kind: 'price', market_id: BTC_MARKET, level: String(97_000 + i) })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(ALERT_RULES.perMarket);
    expect(new Set(answers.filter((answer) => answer.type !== 'ok').map((answer) => answer.message))).toEqual(new Set(['You can keep at most 10 alerts on BTC/USDT. Delete one first.']));
    expect((await list()).live).toBe(ALERT_RULES.perMarket);
  });

  test(`across markets, ${ALERT_RULES.perUser} at most; paused ones count, deleted ones do not`, async () => {
    const markets = h.ctx.catalogue.markets.slice(0, 8);
    for (const market of markets) await tradeAt(h, market.id, Number(h.ctx.market.engine.lastPrice(market.id).toFixed(market.pricePrecision)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const market = markets[i % markets.length]!;
        const last = h.ctx.market.engine.lastPrice(market.id);
        return create({ kind: 'price', market_id: market.id, level: (last * (1.01 + i / 10_000)).toFixed(market.pricePrecision) });
      }),
    );
    const made = answers.filter((answer) => answer.type === 'ok');
    expect(made).toHaveLength(ALERT_RULES.perUser);
    expect((await list()).live).toBe(ALERT_RULES.perUser);
    expect((await create({ kind: 'risk', level: '100' })).message).toBe('You can keep at most 50 alerts. Delete one first.');
    const first = made[0]!.message as { id: number };
    await ok(h.call(endpoints.alertPause, { id: first.id }, { token: ann }));
    expect((await create({ kind: 'risk', level: '100' })).type).toBe('error');
    await ok(h.call(endpoints.alertDelete, { id: first.id }, { token: ann }));
    expect((await create({ kind: 'risk', level: '100' })).type).toBe('ok');
  });
});

describe('e-mail', () => {
  test('an alert that asked for it is mailed after the commit, in the language it was made in, naming the trade; one that did not, is not', async () => {
    const mailed = await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '96500', email: 1 }, ann, 'fra'));
    await ok(create({ kind: 'price', market_id: BTC_MARKET, level: '96400' }));
    const [trade] = await replayPrices(h, BTC_MARKET, [96_600]);
    // Sent after the answer: a few turns of the event loop in memory, a few round trips to PostgreSQL.
    for (let i = 0; i < 500 && h.sent.filter((mail) => mail.subject.includes('BTC')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await flush();
    const mails = h.sent.filter((mail) => mail.to === 'ann@example.com' && mail.subject.includes('BTC'));
    const price = Number(trade!.price)
      .toLocaleString('fr-FR', { minimumFractionDigits: 2 })
      .replace(/\u202f/g, ' ');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject.replace(/[\u202f\u00a0]/g, ' ')).toBe(`BTC/USDT est monté à ${price}`);
    expect(mails[0]!.text).toContain(`Votre alerte : BTC/USDT à 96`);
    expect(mails[0]!.text).toContain(`Transaction n° ${trade!.seq} sur BTC/USDT`);
    expect(mails[0]!.text).toContain('Cette alerte s’est déclenchée et est terminée');
    const firing = await h.ctx.db.selectFrom('alert_firings').selectAll().where('alert_id', '=', mailed.id).executeTakeFirstOrThrow();
    expect(firing.mailed_at).not.toBeNull();
    // The job finds nothing left to send: each delivery was claimed once.
    h.advance(60_000);
    expect(await h.ctx.alertDelivery.undelivered()).toBe(0);
    expect(h.sent.filter((mail) => mail.subject.includes('BTC'))).toHaveLength(1);
  });
});
