import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, ok, type Harness } from '../testing/harness';
import { OPERATOR_SESSION_MS } from './accounts';

/**
 * Operator accounts: an operator holding a token secures an account with a password and
 * an authenticator app, then signs in to the console with name, password and code; each
 * sign-in is a session that ends at sign-out, after twelve hours, when the account's
 * protection changes, or when the operator is removed. Wrong parts answer alike.
 */
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple gun lighthouse';
const FAILED = 'The name, password or code is wrong.';

let h: Harness;
let ana: string;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  ana = (await ok(h.call(endpoints.addOperator, { name: 'ana' }, { operator: true }))).token;
});
afterEach(async () => {
  await h.close();
});

const as = (token: string) => ({ headers: { 'x-operator-token': token } });
const codeOf = (secret: string, at = h.ctx.now()): string => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
/** The next 30-second step: a code works once, so each sign-in of a test waits for a new one. */
const nextStep = () => h.advance(30_000);
const signIn = (password: string, code: string, name = 'ana') => h.call(endpoints.operatorSignIn, { name, password, code });

/** Secures ana's account with PASSWORD; answers the authenticator's secret. */
async function secured(): Promise<string> {
  const { secret, uri } = await ok(h.call(endpoints.operatorTotpStart, {}, as(ana)));
  expect(uri).toMatch(/^otpauth:\/\/totp\/Kestrel%20console:ana\?/);
  await ok(h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(secret) }, as(ana)));
  return secret;
}

test('an operator secures its account with its token, then signs in with name, password and code; every wrong part answers alike', async () => {
  expect(await ok(h.call(endpoints.operatorAccount, {}, as(ana)))).toEqual({ name: 'ana', secured: false, sessions: [] });
  // Not secured yet: no sign-in, whatever is sent.
  expect(await signIn(PASSWORD, '123456')).toEqual({ type: 'error', message: FAILED });
  expect(await h.call(endpoints.operatorSecure, { password: PASSWORD, code: '123456' }, as(ana))).toEqual({
    type: 'error',
    message: "Start the authenticator's setup first: its QR code comes with it.",
  });
  const { secret } = await ok(h.call(endpoints.operatorTotpStart, {}, as(ana)));
  expect(await h.call(endpoints.operatorSecure, { password: 'short', code: codeOf(secret) }, as(ana))).toEqual({ type: 'error', message: "An operator's password has 12 to 128 characters." });
  expect(await h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(secret, h.ctx.now() - 10 * 60_000) }, as(ana))).toEqual({
    type: 'error',
    message: 'The code is wrong. Enter the 6-digit code your authenticator app shows now.',
  });
  expect((await ok(h.call(endpoints.operatorAccount, {}, as(ana)))).secured).toBe(false);
  await ok(h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(secret) }, as(ana)));
  expect((await ok(h.call(endpoints.operatorAccount, {}, as(ana)))).secured).toBe(true);
  // The setup was used: a second securing with it finds none.
  expect(await h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(secret) }, as(ana))).toMatchObject({ type: 'error' });

  nextStep();
  for (const [password, code, name] of [
    ['wrong password here', codeOf(secret), 'ana'],
    [PASSWORD, '000000', 'ana'],
    [PASSWORD, codeOf(secret), 'bob'],
    [PASSWORD, codeOf(secret), 'local'],
  ] as const)
    expect(await signIn(password, code, name)).toEqual({ type: 'error', message: FAILED });
  const session = await ok(signIn(PASSWORD, codeOf(secret)));
  expect(session).toEqual({ name: 'ana', token: expect.stringMatching(/^[A-Za-z0-9_-]{20,100}$/), expires_at: h.ctx.now() + OPERATOR_SESSION_MS });
  expect(await ok(h.call(endpoints.operatorMe, {}, as(session.token)))).toEqual({ name: 'ana' });
  // A code works once.
  expect(await signIn(PASSWORD, codeOf(secret))).toEqual({ type: 'error', message: FAILED });
  const account = await ok(h.call(endpoints.operatorAccount, {}, as(session.token)));
  expect(account.sessions).toEqual([{ id: expect.any(Number), ip: '127.0.0.1', user_agent: expect.any(String), created_at: h.ctx.now(), expires_at: session.expires_at, current: true }]);
  const audited = await h.ctx.db.selectFrom('operator_actions').select(['operator', 'action', 'target']).where('operator', '=', 'ana').orderBy('id').execute();
  expect(audited).toEqual([
    { operator: 'ana', action: 'operator-secure', target: 'ana' },
    { operator: 'ana', action: 'operator-sign-in', target: 'ana' },
  ]);
});

test('one code sent twenty times at once signs in once', async () => {
  const secret = await secured();
  nextStep();
  const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(PASSWORD, codeOf(secret))));
  expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
  expect(await h.ctx.db.selectFrom('operator_sessions').select('id').execute()).toHaveLength(1);
});

test('a session ends at sign-out, after twelve hours, and when the operator is removed; the operator token keeps working', async () => {
  const secret = await secured();
  nextStep();
  const first = await ok(signIn(PASSWORD, codeOf(secret)));
  await ok(h.call(endpoints.operatorSignOut, {}, as(first.token)));
  expect(await h.call(endpoints.operatorMe, {}, as(first.token))).toMatchObject({ type: '999' });
  // Signing out with the operator's own token ends nothing: the command line uses it.
  await ok(h.call(endpoints.operatorSignOut, {}, as(ana)));
  expect(await ok(h.call(endpoints.operatorMe, {}, as(ana)))).toEqual({ name: 'ana' });

  nextStep();
  const second = await ok(signIn(PASSWORD, codeOf(secret)));
  h.advance(OPERATOR_SESSION_MS - 1);
  expect(await ok(h.call(endpoints.operatorMe, {}, as(second.token)))).toEqual({ name: 'ana' });
  h.advance(1);
  expect(await h.call(endpoints.operatorMe, {}, as(second.token))).toMatchObject({ type: '999' });

  nextStep();
  const third = await ok(signIn(PASSWORD, codeOf(secret)));
  // One of its own sessions, ended from another.
  nextStep();
  const fourth = await ok(signIn(PASSWORD, codeOf(secret)));
  const [, older] = (await ok(h.call(endpoints.operatorAccount, {}, as(fourth.token)))).sessions;
  if (older === undefined) throw new Error('two sessions expected');
  await ok(h.call(endpoints.operatorSessionRevoke, { id: older.id }, as(fourth.token)));
  expect(await h.call(endpoints.operatorMe, {}, as(third.token))).toMatchObject({ type: '999' });
  await ok(h.call(endpoints.removeOperator, { name: 'ana' }, { operator: true }));
  expect(await h.call(endpoints.operatorMe, {}, as(fourth.token))).toMatchObject({ type: '999' });
});

test("changing a secured account's password and authenticator asks for its current password and code, and ends its sessions", async () => {
  const secret = await secured();
  nextStep();
  const session = await ok(signIn(PASSWORD, codeOf(secret)));
  const { secret: fresh } = await ok(h.call(endpoints.operatorTotpStart, {}, as(session.token)));
  // Meanwhile the authenticator in use still signs in.
  nextStep();
  const other = await ok(signIn(PASSWORD, codeOf(secret)));
  nextStep();
  const refused = { type: 'error', message: 'The current password or the current code is wrong.' };
  expect(await h.call(endpoints.operatorSecure, { password: NEW_PASSWORD, code: codeOf(fresh) }, as(session.token))).toEqual(refused);
  expect(await h.call(endpoints.operatorSecure, { password: NEW_PASSWORD, code: codeOf(fresh), current_password: 'not the password', current_code: codeOf(secret) }, as(session.token))).toEqual(
    refused,
  );
  expect(await h.call(endpoints.operatorSecure, { password: NEW_PASSWORD, code: codeOf(fresh), current_password: PASSWORD, current_code: codeOf(fresh) }, as(session.token))).toEqual(refused);
  await ok(h.call(endpoints.operatorSecure, { password: NEW_PASSWORD, code: codeOf(fresh), current_password: PASSWORD, current_code: codeOf(secret) }, as(session.token)));
  for (const token of [session.token, other.token]) expect(await h.call(endpoints.operatorMe, {}, as(token))).toMatchObject({ type: '999' });
  nextStep();
  expect(await signIn(PASSWORD, codeOf(fresh))).toEqual({ type: 'error', message: FAILED });
  expect(await signIn(NEW_PASSWORD, codeOf(secret))).toEqual({ type: 'error', message: FAILED });
  await ok(signIn(NEW_PASSWORD, codeOf(fresh)));
});

test('wrong sign-ins are slowed down like wrong logins: after five, the source waits', async () => {
  await secured();
  for (let i = 0; i < 5; i++) expect(await signIn('wrong password here', '000000')).toEqual({ type: 'error', message: FAILED });
  expect(await signIn('wrong password here', '000000')).toMatchObject({ type: 'error', message: expect.stringMatching(/Too many/) });
});

test('setups started at once all answer, and the newest is the one kept', async () => {
  const answers = await Promise.all(Array.from({ length: 10 }, () => h.call(endpoints.operatorTotpStart, {}, as(ana))));
  expect(answers.map((answer) => answer.type)).toEqual(Array(10).fill('ok'));
  const kept = await h.ctx.db.selectFrom('operator_totp_setups').select('secret').execute();
  expect(kept).toHaveLength(1);
  const secrets = answers.flatMap((answer) => (answer.type === 'ok' ? [answer.message.secret] : []));
  expect(secrets).toContain(kept[0]?.secret);
  // Only the kept one secures the account.
  const other = secrets.find((secret) => secret !== kept[0]?.secret) ?? '';
  expect(await h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(other) }, as(ana))).toMatchObject({ type: 'error' });
  await ok(h.call(endpoints.operatorSecure, { password: PASSWORD, code: codeOf(kept[0]?.secret ?? '') }, as(ana)));
});
