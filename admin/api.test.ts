// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { shownToast } from '../src/ui/toast';
import { api, ApiFailure, client } from './api';
import { setConsoleLanguage } from './i18n';
import { checkToken, operatorName, operatorToken, signedIn } from './session';

/**
 * The console's client: the app's transport with the operator's token and the console's
 * own failure handling. A refused token ends the sign-in (whatever the call); a refused
 * decision is only toasted; a token being checked at sign-in is not "ended".
 */
let replies: { status?: number; body: unknown }[] = [];
const seen: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  replies = [];
  seen.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const reply = replies.shift() ?? { body: { type: 'ok', message: '' } };
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 }));
  });
  sessionStorage.clear();
});
afterEach(async () => {
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe("the console's client", () => {
  test("sends the operator's token and the console's language, never a user's Authorization", async () => {
    checkToken('op-token-1');
    signedIn('local');
    await setConsoleLanguage('jp');
    replies.push({ body: { type: 'ok', message: { name: 'local' } } });
    expect(await api('GET /operator/me')).toEqual({ name: 'local' });
    expect(seen[0]!.url).toBe('/api/operator/me?lang=jp');
    expect(seen[0]!.init.headers).toEqual({ 'Accept-Language': 'jp', 'X-Operator-Token': 'op-token-1' });
    expect(sessionStorage.getItem('operatorToken')).toBe('op-token-1');
    await setConsoleLanguage('en');
  });

  test("a content save names the text's language, not the console's", async () => {
    checkToken('op-token-1');
    signedIn('local');
    await setConsoleLanguage('zh');
    replies.push({ body: { type: 'ok', message: { id: 9 } } });
    expect(await api('POST /operator/news/save', { id: 9, c_id: 4, lang: 'th', title: 'ไทย', content: '<p>x</p>' })).toEqual({ id: 9 });
    const body = seen[0]!.init.body;
    expect(body instanceof URLSearchParams ? body.getAll('lang') : body).toEqual(['th']);
    await setConsoleLanguage('en');
  });

  test('a refused token (999) signs out of the console and says why; nothing of it stays in the tab', async () => {
    checkToken('op-token-2');
    signedIn('alice');
    replies.push({ body: { type: '999', message: 'This needs an operator.' } });
    expect((await failureOf(api('GET /operator/pending'))).kind).toBe('999');
    expect(operatorName.value).toBeNull();
    expect(operatorToken.value).toBeNull();
    expect(sessionStorage.getItem('operatorToken')).toBeNull();
    expect(shownToast.value).toBe('Your operator token was refused. Please sign in again.');
  });

  test('a private file refused with 401 signs out too, even fetched quietly', async () => {
    checkToken('op-token-3');
    signedIn('local');
    replies.push({ status: 401, body: { type: 'error', message: 'operator token required' } });
    expect(await failureOf(client.file('/operator/upload', { path: '/uploads/a.png' }, { silent: true }))).toMatchObject({ kind: 'http', status: 401 });
    expect(operatorName.value).toBeNull();
  });

  test("a refused decision is toasted in the server's words and keeps the sign-in", async () => {
    checkToken('op-token-4');
    signedIn('local');
    replies.push({ body: { type: 'error', message: 'This withdrawal has already been decided.' } });
    await failureOf(api('POST /operator/withdrawal/approve', { id: 9 }));
    expect(shownToast.value).toBe('This withdrawal has already been decided.');
    expect(operatorName.value).toBe('local');
  });

  test('a token being checked at sign-in is refused quietly: the sign-in screen says so itself', async () => {
    checkToken('not-an-operator');
    replies.push({ body: { type: '999', message: 'This needs an operator.' } });
    await failureOf(api('GET /operator/me', {}, { silent: true }));
    expect(shownToast.value).toBeNull();
  });
});
