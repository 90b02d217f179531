// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOGIN_PATH, REAL_NAME_PATH, REDIRECT_DELAY_MS } from '../app/navigation';
import { startSession, token } from '../app/session';
import { LOADING_DELAY_MS, loadingShown } from '../ui/loading';
import { shownToast, TOAST_MS } from '../ui/toast';
import type { ApiInput } from '../../contract/api';
import { bootScript } from '../../scripts/vite-boot-plugin';
import { HOME_BANNERS, HOME_NEWS } from '../app/early';
import { reachable } from '../app/network';
import { api, ApiFailure, request, REQUEST_TIMEOUT_MS } from './client';
import { createClient, type FailureText } from './transport';

type Reply = { status?: number; body: unknown } | 'never' | 'unreachable';
let replies: Reply[] = [];
const seen: { url: string; init: RequestInit }[] = [];

function stubFetch(): void {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const reply = replies.shift() ?? { body: { type: 'ok', message: '' } };
    if (reply === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
    if (reply === 'never') {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 }));
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

beforeEach(() => {
  vi.useFakeTimers();
  stubFetch();
  replies = [];
  seen.length = 0;
  window.location.hash = '#/pages/setting/profile';
});
afterEach(async () => {
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the one API client', () => {
  test("the first quotes the page's boot script asked for are used once, and only for the same URL", async () => {
    const early = { type: 'ok', message: { seq: 7, groups: [] } };
    window.kestrelEarly = { 'GET /api/currency/quotation_new?lang=en ': { at: performance.now(), response: Promise.resolve(new Response(JSON.stringify(early))) } };
    expect(await api('GET /currency/quotation_new')).toEqual(early.message);
    expect(seen).toHaveLength(0);
    replies = [{ body: { type: 'ok', message: { seq: 8, groups: [] } } }];
    expect(await api('GET /currency/quotation_new')).toEqual({ seq: 8, groups: [] });
    expect(seen.map((call) => call.url)).toEqual(['/api/currency/quotation_new?lang=en']);
  });
  test("on the home tab, the boot script's quotes, banners and news stand in for the screens' own requests", async () => {
    window.location.hash = '#/';
    window.kestrelEarly = undefined;
    replies = [1, 2, 3].map((seq) => ({ body: { type: 'ok', message: { seq } } }));
    // The script index.html carries, run as the page runs it (no worker file in this build).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the very text index.html carries
    (new Function(bootScript('/h5/', [], {}, null)) as () => void)();
    expect(seen.map((call) => `${call.init.method} ${call.url} ${typeof call.init.body === 'string' ? call.init.body : ''}`)).toEqual([
      'GET /api/currency/quotation_new?lang=en ',
      'POST /api/news/list c_id=5&page=1&limit=10&lang=en',
      'POST /api/news/list c_id=4&page=1&lang=en',
    ]);
    // The screens ask as they always do (HomeContent.tsx; usePaged, which leaves the page size to the server): nothing more is sent.
    const newsPage = (page: number) => ({ ...HOME_NEWS, page }) as ApiInput<'POST /news/list'>;
    expect(await api('POST /news/list', HOME_BANNERS)).toEqual({ seq: 2 });
    expect(await request('POST /news/list', newsPage(1))).toEqual({ seq: 3 });
    expect(await api('GET /currency/quotation_new')).toEqual({ seq: 1 });
    expect(seen).toHaveLength(3);
    // Another page of news is the screen's own request.
    replies = [{ body: { type: 'ok', message: { seq: 4 } } }];
    expect(await request('POST /news/list', newsPage(2))).toEqual({ seq: 4 });
    expect(seen).toHaveLength(4);
  });
  test('a request that gets no answer marks the exchange out of reach until the next answer, of any kind', async () => {
    replies.push('unreachable');
    expect((await failureOf(api('GET /currency/quotation_new'))).kind).toBe('network');
    expect(reachable.value).toBe(false);
    replies.push({ body: { type: 'error', message: 'Not found.' } });
    await failureOf(api('GET /currency/quotation_new'));
    expect(reachable.value).toBe(true);
  });

  test('sends lang and the token, and answers the message of an ok envelope', async () => {
    startSession('tok-1');
    replies.push({ body: { type: 'ok', message: { uid: 7 } } });
    expect(await api('GET /user/info')).toEqual({ uid: 7 });
    const { url, init } = seen[0]!;
    expect(url).toMatch(/^\/api\/user\/info\?lang=en$/);
    expect((init.headers as Record<string, string>)['Authorization']).toBe('tok-1');
  });

  test('an error envelope toasts its message for 1500 ms and rejects', async () => {
    replies.push({ body: { type: 'error', message: 'The nickname is taken.' } });
    const failure = await failureOf(api('POST /user/editNickname', { nickname: 'Amy' }));
    expect(failure.kind).toBe('error');
    expect(shownToast.value).toBe('The nickname is taken.');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(shownToast.value).toBe('The nickname is taken.');
    vi.advanceTimersByTime(1);
    expect(shownToast.value).toBeNull();
  });

  test('999 ends the session, toasts, and goes to login after 1.2 s', async () => {
    startSession('tok-2');
    replies.push({ body: { type: '999', message: 'Please log in first.' } });
    const failure = await failureOf(api('GET /user/info'));
    expect(failure.kind).toBe('999');
    expect(token.value).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(shownToast.value).toBe('Please log in first.');
    vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1);
    expect(window.location.hash).toBe('#/pages/setting/profile');
    vi.advanceTimersByTime(1);
    expect(window.location.hash.startsWith(`#${LOGIN_PATH}`)).toBe(true);
  });

  test('998 keeps the session and goes to identity verification after 1.2 s', async () => {
    startSession('tok-3');
    replies.push({ body: { type: '998', message: 'Please verify your identity first.' } });
    expect((await failureOf(api('GET /user/info'))).kind).toBe('998');
    expect(token.value).toBe('tok-3');
    vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1);
    expect(window.location.hash).toBe('#/pages/setting/profile');
    vi.advanceTimersByTime(1);
    expect(window.location.hash).toBe(`#${REAL_NAME_PATH}`);
  });

  test('a status other than 200 rejects, even with an ok body', async () => {
    replies.push({ status: 502, body: { type: 'ok', message: 'fine' } });
    const failure = await failureOf(api('GET /getSiteConfig'));
    expect(failure.kind).toBe('http');
    expect(shownToast.value).not.toBeNull();
  });

  test("429 (too many requests) toasts the server's translated words, in either envelope", async () => {
    replies.push({ status: 429, body: { type: 'error', message: 'Too many requests. Please try again in 12 seconds.' } });
    const quotes = await failureOf(api('GET /currency/quotation_new'));
    expect(quotes.kind).toBe('http');
    expect(quotes.message).toBe('Too many requests. Please try again in 12 seconds.');
    replies.push({ status: 429, body: { code: 0, msg: '请求过于频繁，请12秒后再试。' } });
    const candles = await failureOf(api('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min' }));
    expect(candles.message).toBe('请求过于频繁，请12秒后再试。');
  });

  test('the loading indicator shows only after 800 ms, and a request gives up after 60 s', async () => {
    replies.push('never');
    const pending = failureOf(api('GET /getSiteConfig'));
    await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS - 1);
    expect(loadingShown.value).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadingShown.value).toBe(true);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - LOADING_DELAY_MS);
    const failure = await pending;
    expect(failure.kind).toBe('timeout');
    expect(loadingShown.value).toBe(false);
  });

  test('a slow background load (silent) shows no loading indicator: its screen shows a skeleton', async () => {
    replies.push('never');
    const pending = failureOf(api('GET /getSiteConfig', {}, { silent: true }));
    await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS * 2);
    expect(loadingShown.value).toBe(false);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((await pending).kind).toBe('timeout');
    expect(shownToast.value).toBeNull();
  });

  test('a quick answer never shows the indicator; silent calls do not toast', async () => {
    replies.push({ body: { type: 'error', message: 'quiet' } });
    await failureOf(api('GET /getSiteConfig', {}, { silent: true }));
    expect(shownToast.value).toBeNull();
    await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS * 2);
    expect(loadingShown.value).toBe(false);
  });
});

describe('the one transport, bound by another caller (the operator console: admin/api.ts)', () => {
  function consoleClient() {
    const failures: { kind: string; status: number | undefined; silent: boolean }[] = [];
    const client = createClient({
      headers: () => ({ 'Accept-Language': 'fra', 'X-Operator-Token': 'op-token' }),
      lang: () => 'fra',
      text: (failure: FailureText) => (failure.key === 'http' ? `console http ${failure.status}` : `console ${failure.key}`),
      onFailure: (failure, options) => void failures.push({ kind: failure.kind, status: failure.status, silent: options.silent ?? false }),
    });
    return { client, failures };
  }

  test("sends its own headers and lang, never the app's session; the app's toasts and loading indicator are not its", async () => {
    startSession('app-token');
    const { client } = consoleClient();
    replies.push({ body: { type: 'ok', message: { recharges: [] } } });
    expect(await client.api('GET /operator/pending')).toEqual({ recharges: [] });
    const { url, init } = seen[0]!;
    expect(url).toBe('/api/operator/pending?lang=fra');
    expect(init.headers).toEqual({ 'Accept-Language': 'fra', 'X-Operator-Token': 'op-token' });
    replies.push({ body: { type: 'ok', message: 'Done.' } });
    await client.api('POST /operator/withdrawal/approve', { id: 4 });
    expect((seen[1]!.init.body as URLSearchParams).toString()).toBe('id=4&lang=fra');
    replies.push('never');
    const slow = failureOf(client.api('GET /operator/pending'));
    await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS * 2);
    expect(loadingShown.value).toBe(false);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((await slow).message).toBe('console timeout');
    expect(shownToast.value).toBeNull();
  });

  test("its failures go to its own handler, not the app's: a refused token (999) leaves the app's session and screen alone", async () => {
    startSession('app-token');
    const { client, failures } = consoleClient();
    replies.push({ body: { type: '999', message: 'This needs an operator.' } });
    const refused = await failureOf(client.api('GET /operator/operators'));
    expect(refused.kind).toBe('999');
    expect(refused.message).toBe('This needs an operator.');
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS * 2);
    expect(token.value).toBe('app-token');
    expect(window.location.hash).toBe('#/pages/setting/profile');
    replies.push({ body: { type: 'error', message: 'Already decided.' } });
    await failureOf(client.api('POST /operator/recharge/reject', { id: 1, reason: 'no' }, { silent: true }));
    expect(failures).toEqual([
      { kind: '999', status: undefined, silent: false },
      { kind: 'error', status: undefined, silent: true },
    ]);
  });

  test('a file (a private upload) comes as a Blob with the same headers; a refused one fails with its HTTP status', async () => {
    const { client, failures } = consoleClient();
    replies.push({ body: 'image bytes' });
    const photo = await client.file('/operator/upload', { path: '/uploads/a.png' });
    expect(await photo.text()).toBe('"image bytes"');
    expect(seen[0]!.url).toBe('/api/operator/upload?path=%2Fuploads%2Fa.png');
    expect((seen[0]!.init.headers as Record<string, string>)['X-Operator-Token']).toBe('op-token');
    replies.push({ status: 401, body: { type: 'error', message: 'operator token required' } });
    const refused = await failureOf(client.file('/operator/upload', { path: '/uploads/a.png' }));
    expect(refused).toMatchObject({ kind: 'http', status: 401, message: 'console http 401' });
    expect(failures).toEqual([{ kind: 'http', status: 401, silent: false }]);
  });
});
