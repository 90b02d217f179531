import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse, type AuthenticatorTransport } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import type { Language } from '../../contract/languages';
import { contactOf, targetOf } from '../auth/accounts';
import { checkCurrentPassword, recordChange, tellContacts } from '../auth/protection';
import type { Auth } from '../auth/sessions';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Kysely } from 'kysely';
import { noteDevice, openSession, recordLogin, type LoginSource } from './logins';
import { checkProof, useProof, type ProofInput } from './proof';

/**
 * Passkeys (WebAuthn, by @simplewebauthn/server): registered from the security settings
 * with proof asked again, and a way to log in (discoverable credentials: the device offers
 * the passkeys it holds for this site, no account typed). A passkey login is two factors
 * (the device, and the fingerprint, face or PIN that unlocks it: user verification is
 * required), so no authenticator code follows it.
 *
 * The relying party is WEBAUTHN_ORIGIN / WEBAUTHN_RP_ID when set, else the request's own
 * origin as the server sees it (its Host, or behind a TRUST_PROXY, X-Forwarded-Host and
 * -Proto). Each ceremony's challenge is stored (any process can finish what another
 * began), expires in 5 minutes and is used up before the answer is checked, so an answer
 * replayed is refused; an answer made for another origin is refused, and so is a passkey
 * made for another relying party, an unknown one, or one whose signature counter went
 * back (a copied authenticator).
 */
export const CEREMONY_TTL_MS = 5 * 60_000;

export interface RelyingParty {
  id: string;
  origin: string;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** The relying party of a request: the configured one, or the origin the request was made to. */
export function relyingParty(ctx: AppContext, request: FastifyRequest): RelyingParty {
  if (ctx.config.webauthn) return { id: ctx.config.webauthn.rpId, origin: ctx.config.webauthn.origin };
  const host = request.host.toLowerCase();
  if (!HOST.test(host)) throw new ApiError('server:errors.passkey_origin');
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  // A browser's origin leaves out the scheme's own port.
  const defaultPort = protocol === 'https' ? ':443' : ':80';
  const origin = `${protocol}://${host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host}`;
  return { id: request.hostname.toLowerCase(), origin };
}

/** What @simplewebauthn/browser answers, as far as the server reads it before the library checks the rest. */
const RegistrationAnswer = Type.Object({
  id: Type.String({ maxLength: 1400 }),
  rawId: Type.String({ maxLength: 1400 }),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Type.String({ maxLength: 4096 }),
    attestationObject: Type.String({ maxLength: 12_000 }),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
});

const AuthenticationAnswer = Type.Object({
  id: Type.String({ maxLength: 1400 }),
  rawId: Type.String({ maxLength: 1400 }),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Type.String({ maxLength: 4096 }),
    authenticatorData: Type.String({ maxLength: 4096 }),
    signature: Type.String({ maxLength: 4096 }),
    userHandle: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
});

function parseAnswer<T extends typeof RegistrationAnswer | typeof AuthenticationAnswer>(schema: T, text: string): Static<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('server:errors.passkey_response_invalid');
  }
  if (!Value.Check(schema, value)) throw new ApiError('server:errors.passkey_response_invalid');
  return value;
}

/** The challenge and origin the browser signed, read before anything else so a wrong origin is said as such. */
function clientData(encoded: string): { challenge: string; origin: string } {
  try {
    const data = decodeClientDataJSON(encoded);
    if (typeof data.challenge !== 'string' || typeof data.origin !== 'string') throw new Error('no challenge');
    return { challenge: data.challenge, origin: data.origin };
  } catch {
    throw new ApiError('server:errors.passkey_response_invalid');
  }
}

/** Uses a ceremony's challenge up: once, before it expires, for its purpose and relying party (and a registration's session). */
async function takeChallenge(ctx: AppContext, challenge: string, rp: RelyingParty, purpose: 'register' | 'login', auth: Auth | null): Promise<void> {
  const now = ctx.now();
  let query = ctx.db
    .updateTable('webauthn_challenges')
    .set({ used_at: now })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('rp_id', '=', rp.id)
    .where('origin', '=', rp.origin)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (auth) query = query.where('user_id', '=', auth.user.id).where('session_id', '=', auth.sessionId);
  const taken = await query.executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new ApiError('server:errors.passkey_challenge_expired');
}

async function storeChallenge(db: Kysely<Database>, challenge: string, rp: RelyingParty, purpose: 'register' | 'login', auth: Auth | null, now: number): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      user_id: auth?.user.id ?? null,
      session_id: auth?.sessionId ?? null,
      rp_id: rp.id,
      origin: rp.origin,
      created_at: now,
      expires_at: now + CEREMONY_TTL_MS,
      used_at: null,
    })
    .execute();
}

const userHandle = (uid: number): string => isoBase64URL.fromUTF8String(String(uid));

/** The options of a registration, after the proof (used up with the stored challenge). */
export async function registrationOptions(ctx: AppContext, auth: Auth, rp: RelyingParty, input: ProofInput): Promise<string> {
  const proof = await checkProof(ctx, auth, input);
  const site = (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel';
  const contact = contactOf(auth.user);
  const existing = await ctx.db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', auth.user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: site,
    rpID: rp.id,
    userName: contact ? targetOf(contact) : `u${auth.user.uid}`,
    // The user handle the device keeps with the passkey: the public user number, nothing secret.
    userID: isoBase64URL.toBuffer(userHandle(auth.user.uid)),
    userDisplayName: auth.user.nickname,
    timeout: CEREMONY_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await ctx.db.transaction().execute(async (trx) => {
    await useProof(trx, auth.user.id, proof, ctx.now());
    await storeChallenge(trx, options.challenge, rp, 'register', auth, ctx.now());
  });
  return JSON.stringify(options);
}

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];

function transportsOf(text: string): AuthenticatorTransport[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? TRANSPORTS.filter((transport) => value.includes(transport)) : [];
}

/** Finishes a registration with the browser's answer; tells the account's contacts. */
export async function register(ctx: AppContext, auth: Auth, rp: RelyingParty, text: string, name: string | undefined, language: Language, fallbackName: string): Promise<void> {
  const answer = parseAnswer(RegistrationAnswer, text);
  const client = clientData(answer.response.clientDataJSON);
  if (client.origin !== rp.origin) throw new ApiError('server:errors.passkey_origin');
  await takeChallenge(ctx, client.challenge, rp, 'register', auth);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response: answer, expectedChallenge: client.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });
  } catch {
    throw new ApiError('server:errors.passkey_refused');
  }
  if (!verified.verified) throw new ApiError('server:errors.passkey_refused');
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const transports = TRANSPORTS.filter((transport) => (credential.transports ?? answer.response.transports ?? []).includes(transport));
  const change = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const added = await trx
      .insertInto('passkeys')
      .values({
        user_id: auth.user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(transports),
        rp_id: rp.id,
        name: name?.trim() || fallbackName,
        backed_up: credentialBackedUp ? 1 : 0,
        created_at: now,
        last_used_at: null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) throw new ApiError('server:errors.passkey_exists');
    return recordChange(trx, auth.user.id, 'passkey', false, now);
  });
  tellContacts(ctx, auth.user, change, language);
}

/** Removes one of the user's passkeys with the current login password; tells the account's contacts. */
export async function remove(ctx: AppContext, auth: Auth, id: number, password: string, language: Language): Promise<void> {
  const row = await ctx.db.selectFrom('passkeys').select('id').where('id', '=', id).where('user_id', '=', auth.user.id).executeTakeFirst();
  if (!row) throw new ApiError('server:errors.record_unknown');
  await checkCurrentPassword(ctx, auth.user, password);
  const change = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const removed = await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', auth.user.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw new ApiError('server:errors.record_unknown');
    const recorded = await recordChange(trx, auth.user.id, 'passkey', false, now);
    return { ...recorded, notice: { removed: true as const } };
  });
  tellContacts(ctx, auth.user, change, language);
}

/** The options of a login: any passkey of this relying party the device holds. */
export async function loginOptions(ctx: AppContext, rp: RelyingParty): Promise<string> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_TTL_MS });
  await storeChallenge(ctx.db, options.challenge, rp, 'login', null, ctx.now());
  return JSON.stringify(options);
}

/** A login with the browser's answer: a session, the passkey's counter moved on in the same transaction. */
export async function login(ctx: AppContext, rp: RelyingParty, text: string, source: LoginSource): Promise<string> {
  const answer = parseAnswer(AuthenticationAnswer, text);
  const client = clientData(answer.response.clientDataJSON);
  if (client.origin !== rp.origin) throw new ApiError('server:errors.passkey_origin');
  await takeChallenge(ctx, client.challenge, rp, 'login', null);
  const passkey = await ctx.db.selectFrom('passkeys').selectAll().where('credential_id', '=', answer.id).executeTakeFirst();
  if (!passkey) throw new ApiError('server:errors.passkey_unknown');
  if (passkey.rp_id !== rp.id) throw new ApiError('server:errors.passkey_origin');
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirstOrThrow();
  const how = { method: 'passkey' as const, secondFactor: null };
  const refuse = async (key: 'server:errors.passkey_refused' | 'server:errors.passkey_replayed'): Promise<never> => {
    await recordLogin(ctx.db, user.id, source, how, ctx.now(), 'passkey');
    throw new ApiError(key);
  };
  if (answer.response.userHandle !== undefined && answer.response.userHandle !== userHandle(user.uid)) return refuse('server:errors.passkey_refused');
  // A counter that did not move on (when the authenticator keeps one) is an answer replayed or a copied authenticator.
  let counter: number;
  try {
    counter = parseAuthenticatorData(isoBase64URL.toBuffer(answer.response.authenticatorData)).counter;
  } catch {
    return refuse('server:errors.passkey_refused');
  }
  if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter) return refuse('server:errors.passkey_replayed');
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: client.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credential_id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: passkey.counter, transports: transportsOf(passkey.transports) },
      requireUserVerification: true,
    });
  } catch {
    return refuse('server:errors.passkey_refused');
  }
  if (!verified.verified) return refuse('server:errors.passkey_refused');
  const newCounter = verified.authenticationInfo.newCounter;
  const token = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const moved = await trx
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: now })
      .where('id', '=', passkey.id)
      // Moved on past the stored one (or both 0: an authenticator that keeps no counter), once.
      .where('counter', newCounter === 0 ? '=' : '<', newCounter)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError('server:errors.passkey_replayed');
    return openSession(ctx, user, source, how, trx);
  });
  await noteDevice(ctx, user, source);
  return token;
}
