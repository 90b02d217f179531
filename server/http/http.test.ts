import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { allEndpoints, endpoints } from '../../contract/api';
import { LANGUAGES, API_LANG } from '../../contract/languages';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const post = (url: string, payload: string, contentType = 'application/x-www-form-urlencoded', headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });

describe('the envelope and bad input', () => {
  test('GET /getSiteConfig and /getSetting answer public settings only', async () => {
    expect(await h.call(endpoints.getSiteConfig, {})).toEqual({
      type: 'ok',
      message: { site_name: 'Kestrel', site_logo: '/h5/logo.svg', paper_trading: true, version: '0.8.0' },
    });
    expect(await h.call(endpoints.getSetting, { keyword: 'site_name' })).toEqual({ type: 'ok', message: 'Kestrel' });
    expect(await h.call(endpoints.getSetting, { keyword: 'code_secret' })).toEqual({ type: 'error', message: 'There is no such setting.' });
    expect(await h.call(endpoints.getSetting, {})).toEqual({ type: 'error', message: 'Setting name is required.' });
  });

  test('form, JSON and multipart bodies are all read', async () => {
    await h.registerUser('amy@example.com', 'secret-pass');
    const form = await post('/api/user/login', 'user_string=amy%40example.com&password=secret-pass');
    const json = await post('/api/user/login', JSON.stringify({ user_string: 'amy@example.com', password: 'secret-pass' }), 'application/json');
    const boundary = 'xyz';
    const multipart = await post(
      '/api/user/login',
      `--${boundary}\r\nContent-Disposition: form-data; name="user_string"\r\n\r\namy@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecret-pass\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    for (const response of [form, json, multipart]) expect(response.json()).toMatchObject({ type: 'ok' });
  });

  test.each([
    ['a field sent twice (form)', 'user_string=a%40b.co&user_string=c%40d.co&password=x', 'application/x-www-form-urlencoded', 'The field "user_string" was sent more than once.'],
    ['a field sent twice (JSON)', '{"user_string":"a@b.co","password":"x","password":"y"}', 'application/json', 'The field "password" was sent more than once.'],
    ['__proto__ (form)', '__proto__=1&user_string=a%40b.co&password=x', 'application/x-www-form-urlencoded', 'The request contains a field name that is not allowed.'],
    ['__proto__ (JSON)', '{"__proto__":{"admin":true},"user_string":"a@b.co","password":"x"}', 'application/json', 'The request contains a field name that is not allowed.'],
    ['constructor (JSON)', '{"constructor":{"prototype":{}}}', 'application/json', 'The request contains a field name that is not allowed.'],
    ['broken JSON', '{"user_string":', 'application/json', 'The request could not be read.'],
    ['a JSON array', '[1,2]', 'application/json', 'The request could not be read.'],
    ['a nested object', '{"user_string":{"$ne":null},"password":"x"}', 'application/json', 'The request could not be read.'],
    ['a number where text is expected', '{"user_string":12,"password":"secret-pass"}', 'application/json', 'Account is not valid.'],
    ['true where text is expected', '{"user_string":"a@b.co","password":true}', 'application/json', 'Password is not valid.'],
    ['an overlong account', `user_string=${'a'.repeat(300)}&password=x`, 'application/x-www-form-urlencoded', 'Account is too long (at most 254 characters).'],
    ['a missing password', 'user_string=a%40b.co', 'application/x-www-form-urlencoded', 'Please enter your password.'],
    ['an unknown body type', 'hello', 'text/plain', 'This kind of request body is not supported.'],
  ])('%s gets a clear message, HTTP 200, and no 500', async (_label, payload, contentType, message) => {
    const response = await post('/api/user/login', payload, contentType);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'error', message });
  });

  test('repeated and forbidden query fields are refused on GET too', async () => {
    const repeated = await h.app.inject({ method: 'GET', url: '/api/getSetting?keyword=a&keyword=b' });
    expect(repeated.json()).toEqual({ type: 'error', message: 'The field "keyword" was sent more than once.' });
    const proto = await h.app.inject({ method: 'GET', url: '/api/getSetting?__proto__=x&keyword=site_name' });
    expect(proto.json()).toEqual({ type: 'error', message: 'The request contains a field name that is not allowed.' });
  });

  test('a whole number given with a fraction is refused, never cut down', async () => {
    const token = await h.registerUser('int@example.com');
    const answer = await h.app.inject({ method: 'GET', url: '/api/recharge/log?page=1.5', headers: { authorization: token } });
    expect(answer.json()).toEqual({ type: 'error', message: 'Page is not valid.' });
    const whole = await h.app.inject({ method: 'GET', url: '/api/recharge/log?page=2', headers: { authorization: token } });
    expect(whole.json()).toMatchObject({ type: 'ok', message: { page: 2 } });
  });

  test('a body over 64 KB is refused with a message', async () => {
    const response = await post('/api/user/login', `user_string=${'a'.repeat(70_000)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'error', message: 'The request is too large.' });
  });

  test('unknown paths answer 404 with the envelope', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ type: 'error', message: 'This address does not exist.' });
  });

  test('lang picks the language of messages, from the body, the query or Accept-Language', async () => {
    const messages = new Set<string>();
    for (const [index, language] of LANGUAGES.entries()) {
      const answer = await h.call(endpoints.login, { user_string: 'nobody@example.com', password: 'whatever1' }, { lang: API_LANG[language], ip: `10.4.0.${index}` });
      if (answer.type !== 'error' || typeof answer.message !== 'string') throw new Error('a wrong password is refused with a message');
      messages.add(answer.message);
    }
    expect(messages.size).toBe(LANGUAGES.length);
    const byHeader = await h.app.inject({ method: 'GET', url: '/api/getSetting?keyword=nope', headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    const byQuery = await h.app.inject({ method: 'GET', url: '/api/getSetting?keyword=nope&lang=zh-tw' });
    expect(byHeader.json()).toEqual(byQuery.json());
    expect(byHeader.json<{ message: string }>().message).not.toBe('There is no such setting.');
  });
});

describe('GET /api/openapi.json', () => {
  test('documents every endpoint the server answers, with its input schema', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of allEndpoints()) {
      expect(document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
      const served = await h.app.inject({ method: endpoint.method, url: `/api${endpoint.path}` });
      expect(served.statusCode, endpoint.path).toBe(200);
    }
    const login = document.paths['/api/user/login']?.['post'] as { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(login.requestBody.content['application/x-www-form-urlencoded']?.schema.required).toEqual(['user_string', 'password']);
  });

  test('every string an endpoint accepts has a maximum length', () => {
    const unbounded: string[] = [];
    const visit = (schema: Record<string, unknown>, where: string): void => {
      if (schema['type'] === 'string' && schema['maxLength'] === undefined && schema['const'] === undefined) unbounded.push(where);
      for (const [key, value] of Object.entries((schema['properties'] as Record<string, Record<string, unknown>>) ?? {})) visit(value, `${where}.${key}`);
      for (const option of (schema['anyOf'] as Record<string, unknown>[]) ?? []) visit(option, where);
    };
    for (const endpoint of allEndpoints()) visit(endpoint.input, endpoint.path);
    expect(unbounded).toEqual([]);
  });
});
