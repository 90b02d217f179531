import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../../contract/chart-settings';
import { createHarness, type Harness } from '../testing/harness';

/** The chart settings kept per user (GET and POST /chart/settings), on the store of the run. */
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const mine: ChartSettings = {
  period: '60min',
  overlays: ['boll', 'ema'],
  panes: ['macd', 'vol', 'kdj'],
  params: { ...DEFAULT_CHART_SETTINGS.params, ema: [7, 25, null], boll: [26, 2.5], macd: [8, 21, 5] },
};
const save = (settings: unknown, token: string, lang?: string) =>
  h.call(endpoints.chartSettingsSave, { settings: typeof settings === 'string' ? settings : JSON.stringify(settings) }, { token, ...(lang ? { lang } : {}) });
const stored = async (token: string) => (await h.call(endpoints.chartSettings, {}, { token })).message;
const rows = () => h.ctx.db.selectFrom('chart_preferences').selectAll().execute();

describe('chart settings', () => {
  test('kept per user: saved, read back on another device, replaced by the next save; another user has their own', async () => {
    const ann = await h.registerUser('ann@example.com');
    const bob = await h.registerUser('bob@example.com');
    expect(await stored(ann)).toBeNull();
    expect(await save(mine, ann)).toEqual({ type: 'ok', message: mine });
    expect(await stored(ann)).toEqual(mine);
    // Another device of Ann's: a new session reads the same.
    const login = await h.call(endpoints.login, { user_string: 'ann@example.com', password: 'secret-pass' }, { ip: '10.1.1.1' });
    if (login.type !== 'ok' || typeof login.message !== 'string') throw new Error('no session');
    expect(await stored(login.message)).toEqual(mine);
    // Bob's are his own: none yet, and his save leaves Ann's as they are.
    expect(await stored(bob)).toBeNull();
    const bobs = { ...DEFAULT_CHART_SETTINGS, period: '1day', panes: ['rsi'] };
    await save(bobs, bob);
    expect(await stored(bob)).toEqual(bobs);
    expect(await stored(ann)).toEqual(mine);
    // No field names whose settings they are: a user_id sent along is not read.
    await h.app.inject({
      method: 'POST',
      url: '/api/chart/settings',
      headers: { authorization: bob, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ settings: JSON.stringify(DEFAULT_CHART_SETTINGS), user_id: '1' }).toString(),
    });
    expect(await stored(ann)).toEqual(mine);
    expect(await stored(bob)).toEqual(DEFAULT_CHART_SETTINGS);
    // A later save replaces the whole value; parameters left out are the defaults.
    await save({ period: 'time', overlays: [], panes: ['vol'], params: { vol: [null, 20] } }, ann);
    expect(await stored(ann)).toEqual({ period: 'time', overlays: [], panes: ['vol'], params: { ...DEFAULT_CHART_SETTINGS.params, vol: [null, 20] } });
    expect(await rows()).toHaveLength(2);
  });

  test('a visitor has none to read or save', async () => {
    expect((await h.call(endpoints.chartSettings, {})).type).toBe('999');
    expect((await h.call(endpoints.chartSettingsSave, { settings: JSON.stringify(mine) })).type).toBe('999');
    expect(await rows()).toHaveLength(0);
  });

  test('bad input is refused with a translated message and stores nothing', async () => {
    const ann = await h.registerUser('ann@example.com');
    await save(mine, ann);
    const before = await rows();
    const refusals: [unknown, string][] = [
      [{ ...mine, params: { ...mine.params, ma: [0, 10, 30] } }, 'MA periods must be whole numbers from 1 to 500.'],
      [{ ...mine, params: { ...mine.params, rsi: [6, 12, 501] } }, 'RSI periods must be whole numbers from 1 to 500.'],
      [{ ...mine, params: { ...mine.params, kdj: [9, 2.5, 3] } }, 'KDJ periods must be whole numbers from 1 to 500.'],
      [{ ...mine, params: { ...mine.params, boll: [20, 12] } }, 'The BOLL width must be a number from 0.1 to 10 with at most two decimals.'],
      [{ ...mine, params: { ...mine.params, macd: [26, 12, 9] } }, 'MACD: the fast period must be shorter than the slow one.'],
      [{ ...mine, params: { ...mine.params, ema: [null, null, null] } }, 'EMA needs at least one line.'],
      [{ ...mine, overlays: ['ma', 'ichimoku'] }, 'There is no indicator called ichimoku.'],
      [{ ...mine, params: { ...mine.params, sar: [1] } }, 'There is no indicator called sar.'],
      [{ ...mine, period: '2h' }, 'This chart period does not exist.'],
      [{ ...mine, overlays: ['ma', 'ma'] }, 'These chart settings cannot be read.'],
      ['{"period": "15min", ', 'These chart settings cannot be read.'],
      ['[]', 'These chart settings cannot be read.'],
      // Too large: more than the most kept for one user.
      [JSON.stringify({ ...mine, note: 'x'.repeat(1000) }), 'Chart settings is too long (at most 1000 characters).'],
      ['', 'Chart settings is too short (at least 1 characters).'],
    ];
    for (const [settings, message] of refusals) expect(await save(settings, ann), JSON.stringify(settings).slice(0, 80)).toEqual({ type: 'error', message });
    expect((await h.call(endpoints.chartSettingsSave, {}, { token: ann })).type).toBe('error');
    // In the caller's language.
    expect(await save({ ...mine, params: { ...mine.params, ma: [0, 10, 30] } }, ann, 'zh-cn')).toEqual({ type: 'error', message: 'MA 的周期必须是 1 到 500 之间的整数。' });
    expect(await save({ ...mine, params: { ...mine.params, boll: [20, 0] } }, ann, 'fr')).toEqual({
      type: 'error',
      message: 'La largeur de BOLL doit être un nombre de 0,1 à 10, avec deux décimales au plus.',
    });
    expect(await rows()).toEqual(before);
    expect(await stored(ann)).toEqual(mine);
  });

  test('the same save sent many times at once, with different values, leaves one row holding one of them', async () => {
    const ann = await h.registerUser('ann@example.com');
    const values = Array.from({ length: 40 }, (_, i): ChartSettings => ({ ...mine, params: { ...mine.params, ma: [i + 1, 10, 30] } }));
    const answers = await Promise.all(values.map((value) => save(value, ann)));
    expect(answers.every((answer) => answer.type === 'ok')).toBe(true);
    const kept = await rows();
    expect(kept).toHaveLength(1);
    const read = await stored(ann);
    expect(values).toContainEqual(read);
    expect(JSON.parse(kept[0]!.settings)).toEqual(read);
  });
});
