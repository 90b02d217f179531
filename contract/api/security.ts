import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { CodeField, CurrentPasswordField, DeviceIdField, IdField, LimitField, PageField, PlainText, TotpCodeField } from './fields';
import { paged } from './wallet';

/**
 * Account security (server/account-security/): the authenticator app (TOTP) and its
 * recovery codes, passkeys, the withdrawal whitelist, sessions and the login history.
 * What changes the account's protection asks for proof again: the current login password
 * and, when the authenticator app is on, one of its codes (or a recovery code), else a
 * code sent to the account's contact for scene "security".
 */
const Message = Type.String({ description: 'A translated confirmation' });
const Time = Type.Integer({ description: 'Milliseconds since 1970' });
const NullableTime = Type.Union([Time, Type.Null()]);

/** The proof a change of the account's protection asks for (see above). */
const Proof = {
  current_password: CurrentPasswordField,
  /** with the authenticator app on: its code or a recovery code */
  totp_code: Type.Optional(TotpCodeField),
  /** with it off: the code sent to the account's contact for scene "security" */
  code: Type.Optional(CodeField),
};

/** Recovery codes, shown once: each logs in (or confirms a change) once instead of the app. */
const RecoveryCodes = Type.Array(Type.String(), { description: 'Ten recovery codes (xxxxx-xxxxx), shown this once' });

/** A WebAuthn ceremony's options as the browser API takes them (PublicKeyCredential*OptionsJSON), as JSON text. */
const WebAuthnOptions = Type.Object({ options: Type.String({ description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, as JSON text' }) });
/** What navigator.credentials answered, as @simplewebauthn/browser encodes it (RegistrationResponseJSON or AuthenticationResponseJSON), as JSON text. */
const WebAuthnResponseField = Type.String({ minLength: 2, maxLength: 16_384, errorKey: 'passkey_response_invalid' });

export const overview = endpoint({
  method: 'GET',
  path: '/security/overview',
  access: 'user',
  tag: 'security',
  summary: "What protects the caller's account: the authenticator app, recovery codes left, passkeys, the withdrawal whitelist, active sessions",
  input: Type.Object({}),
  output: Type.Object({
    totp_enabled: Type.Boolean(),
    recovery_codes_left: Type.Integer(),
    passkeys: Type.Integer(),
    whitelist_on: Type.Boolean(),
    whitelist_off_at: Type.Union([Time, Type.Null()], { description: 'A turning off asked for: the whitelist stays on until then' }),
    sessions: Type.Integer({ description: 'Active sessions, this one included' }),
  }),
});

export const totpSetup = endpoint({
  method: 'POST',
  path: '/security/totp/setup',
  access: 'user',
  tag: 'security',
  summary: 'Start setting up an authenticator app: a new secret (base32) and its otpauth:// URI for the QR code; confirmed by /security/totp/enable',
  input: Type.Object({}),
  output: Type.Object({ secret: Type.String(), uri: Type.String() }),
});

export const totpEnable = endpoint({
  method: 'POST',
  path: '/security/totp/enable',
  access: 'user',
  tag: 'security',
  summary:
    'Turn the authenticator app on with the current login password and a code the app shows for the secret of /security/totp/setup. ' +
    "Answers ten recovery codes, shown this once; tells the account's contacts. From then on it is asked at login and for withdrawals",
  input: Type.Object({ current_password: CurrentPasswordField, totp_code: TotpCodeField }),
  output: Type.Object({ message: Message, recovery_codes: RecoveryCodes }),
});

export const totpDisable = endpoint({
  method: 'POST',
  path: '/security/totp/disable',
  access: 'user',
  tag: 'security',
  summary: "Turn the authenticator app off with the current login password and one of its codes or a recovery code; tells the account's contacts and pauses withdrawals for 24 hours",
  input: Type.Object({ current_password: CurrentPasswordField, totp_code: TotpCodeField }),
  output: Message,
});

export const recoveryCodes = endpoint({
  method: 'POST',
  path: '/security/totp/recovery_codes',
  access: 'user',
  tag: 'security',
  summary: 'New recovery codes (the old ones stop working), with the current login password and a code of the app or a recovery code',
  input: Type.Object({ current_password: CurrentPasswordField, totp_code: TotpCodeField }),
  output: Type.Object({ message: Message, recovery_codes: RecoveryCodes }),
});

export const loginTotp = endpoint({
  method: 'POST',
  path: '/user/login/totp',
  access: 'public',
  tag: 'auth',
  summary: 'The second step of a login that answered totp_required: the challenge and a code of the authenticator app (or a recovery code); answers a session token',
  input: Type.Object({
    challenge: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_-]{20,100}$', errorKey: 'login_challenge_invalid' }),
    totp_code: TotpCodeField,
  }),
  output: Type.String({ description: 'Session token' }),
});

export const passkeyOptions = endpoint({
  method: 'POST',
  path: '/security/passkey/options',
  access: 'user',
  tag: 'security',
  summary: 'Begin registering a passkey for this account (proof asked again); the options expire in 5 minutes and serve once',
  input: Type.Object(Proof),
  output: WebAuthnOptions,
});

export const passkeyRegister = endpoint({
  method: 'POST',
  path: '/security/passkey/register',
  access: 'user',
  tag: 'security',
  summary: "Finish registering a passkey with the browser's answer to /security/passkey/options; tells the account's contacts",
  input: Type.Object({ response: WebAuthnResponseField, name: Type.Optional(PlainText({ maxLength: 30, errorKey: 'passkey_name_rule' })) }),
  output: Message,
});

export const Passkey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  backed_up: Type.Boolean({ description: "A synced passkey (kept by the password manager of the user's devices)" }),
  created_at: Time,
  last_used_at: NullableTime,
});

export const passkeys = endpoint({
  method: 'GET',
  path: '/security/passkeys',
  access: 'user',
  tag: 'security',
  summary: "The caller's passkeys, newest first",
  input: Type.Object({}),
  output: Type.Array(Passkey),
});

export const passkeyRemove = endpoint({
  method: 'POST',
  path: '/security/passkey/remove',
  access: 'user',
  tag: 'security',
  summary: "Remove one of the caller's passkeys, with the current login password; tells the account's contacts",
  input: Type.Object({ id: IdField, current_password: CurrentPasswordField }),
  output: Message,
});

export const passkeyLoginOptions = endpoint({
  method: 'POST',
  path: '/user/passkey/options',
  access: 'public',
  tag: 'auth',
  summary: 'Begin a login with a passkey (any passkey of this site on the device: discoverable credentials); the options expire in 5 minutes and serve once',
  input: Type.Object({}),
  output: WebAuthnOptions,
});

export const passkeyLogin = endpoint({
  method: 'POST',
  path: '/user/passkey/login',
  access: 'public',
  tag: 'auth',
  summary: "Log in with the browser's answer to /user/passkey/options; a passkey is two factors (no authenticator code after it). Answers a session token",
  input: Type.Object({ response: WebAuthnResponseField, device_id: Type.Optional(DeviceIdField) }),
  output: Type.String({ description: 'Session token' }),
});

export const Session = Type.Object({
  id: Type.Integer(),
  device: Type.String({ description: 'Browser and system, read from the user agent ("Chrome 120 on Android 14")' }),
  ip: Type.String(),
  created_at: Time,
  last_seen_at: Time,
  current: Type.Boolean({ description: 'The session making this request' }),
});

export const sessions = endpoint({
  method: 'GET',
  path: '/security/sessions',
  access: 'user',
  tag: 'security',
  summary: "The caller's active sessions, this one first, then by last use",
  input: Type.Object({}),
  output: Type.Array(Session),
});

export const revokeSession = endpoint({
  method: 'POST',
  path: '/security/session/revoke',
  access: 'user',
  tag: 'security',
  summary: "End one of the caller's other sessions; its sockets are closed",
  input: Type.Object({ id: IdField }),
  output: Message,
});

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/security/session/revoke_others',
  access: 'user',
  tag: 'security',
  summary: 'End every session of the caller but this one; their sockets are closed',
  input: Type.Object({}),
  output: Message,
});

export const LoginEvent = Type.Object({
  id: Type.Integer(),
  at: Time,
  ip: Type.String(),
  device: Type.String(),
  method: Type.Union([Type.Literal('password'), Type.Literal('passkey')]),
  second_factor: Type.Union([Type.Literal('totp'), Type.Literal('recovery'), Type.Null()], { description: 'The authenticator code (or a recovery code) given after the password' }),
  success: Type.Boolean(),
  failure: Type.Union([Type.Literal('password'), Type.Literal('code'), Type.Literal('code_reused'), Type.Literal('passkey'), Type.Null()], {
    description: 'Why a refused login was refused: a wrong password, a wrong or reused authenticator code, a passkey refused',
  }),
});

export const logins = endpoint({
  method: 'GET',
  path: '/security/logins',
  access: 'user',
  tag: 'security',
  summary: "The caller's logins, successful and refused, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(LoginEvent),
});

export const Whitelist = Type.Object({
  on: Type.Boolean({ description: 'Withdrawals go only to saved addresses, each usable 24 hours after it was saved' }),
  enabled_at: NullableTime,
  off_at: Type.Union([Time, Type.Null()], { description: 'A turning off asked for: the whitelist stays on until then' }),
});

export const whitelist = endpoint({
  method: 'GET',
  path: '/security/whitelist',
  access: 'user',
  tag: 'security',
  summary: "The caller's withdrawal whitelist mode",
  input: Type.Object({}),
  output: Whitelist,
});

export const whitelistOn = endpoint({
  method: 'POST',
  path: '/security/whitelist/on',
  access: 'user',
  tag: 'security',
  summary: 'Withdraw only to saved addresses, each 24 hours after it was saved (at once; a turning off asked for is cancelled)',
  input: Type.Object({}),
  output: Message,
});

export const whitelistOff = endpoint({
  method: 'POST',
  path: '/security/whitelist/off',
  access: 'user',
  tag: 'security',
  summary: "Turn the whitelist off (proof asked again); it stays on for 24 hours more, and the account's contacts are told",
  input: Type.Object(Proof),
  output: Message,
});
