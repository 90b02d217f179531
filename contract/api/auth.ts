import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AccountField, AreaCodeField, CodeField, CodeScene, CurrentPasswordField, DeviceIdField, EmailField, InviteCodeField, MobileField, PasswordField, PayPasswordField } from './fields';

const Message = Type.String({ description: 'A translated confirmation' });

export const sendCode = endpoint({
  method: 'POST',
  path: '/sms_mail',
  access: 'public',
  tag: 'auth',
  summary:
    'Send a verification code. register/forget: to user_string (e-mail, or mobile with area_code). ' +
    "update_password, pay_password, change_email, change_mobile, security: to the logged-in account's contact (its e-mail, else its mobile). " +
    'bind_email, bind_mobile: to the new address in user_string. The answer is the same whether or not the account exists.',
  input: Type.Object({
    user_string: Type.Optional(AccountField),
    area_code: Type.Optional(AreaCodeField),
    scene: Type.Optional(CodeScene),
    /** The older name of `scene` (spec 7: type=forget). */
    type: Type.Optional(CodeScene),
  }),
  output: Message,
});

export const checkCode = endpoint({
  method: 'POST',
  path: '/user/check_email',
  access: 'public',
  tag: 'auth',
  summary: 'Check a verification code without using it up',
  input: Type.Object({
    user_string: AccountField,
    scene: CodeScene,
    email_code: CodeField,
    area_code: Type.Optional(AreaCodeField),
    country_code: Type.Optional(AreaCodeField),
  }),
  output: Message,
});

export const register = endpoint({
  method: 'POST',
  path: '/user/register',
  access: 'public',
  tag: 'auth',
  summary: 'Create an account with a code sent to its e-mail or mobile; answers a session token',
  input: Type.Object({
    type: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('mobile')], { default: 'email' })),
    user_string: AccountField,
    area_code: Type.Optional(AreaCodeField),
    code: CodeField,
    password: PasswordField,
    re_password: Type.String({ maxLength: 64 }),
    extension_code: Type.Optional(Type.Union([Type.Literal(''), InviteCodeField])),
    /** the id the app keeps on this device: the account's first known device */
    device_id: Type.Optional(DeviceIdField),
  }),
  output: Type.String({ description: 'Session token' }),
});

export const login = endpoint({
  method: 'POST',
  path: '/user/login',
  access: 'public',
  tag: 'auth',
  summary:
    'Log in with e-mail or mobile and password; answers a new session token, or, when the account has the authenticator app on, ' +
    'a challenge for /user/login/totp (5 minutes, once). A login from a device the account has not used before is told to its e-mail',
  input: Type.Object({
    user_string: AccountField,
    password: Type.String({ minLength: 1, maxLength: 64, errorKey: 'password_required' }),
    area_code: Type.Optional(AreaCodeField),
    /** the id the app keeps on this device (without one, the user agent tells devices apart) */
    device_id: Type.Optional(DeviceIdField),
  }),
  output: Type.Union([
    Type.String({ description: 'Session token' }),
    Type.Object({
      totp_required: Type.Literal(true),
      challenge: Type.String({ description: 'For /user/login/totp with a code of the authenticator app' }),
      expires_at: Type.Integer({ description: 'Milliseconds since 1970' }),
    }),
  ]),
});

export const logout = endpoint({
  method: 'GET',
  path: '/user/logout',
  access: 'user',
  tag: 'auth',
  summary: 'End this session',
  input: Type.Object({}),
  output: Message,
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/user/forget',
  access: 'public',
  tag: 'auth',
  summary: 'Set a new password with a code sent for scene "forget"; ends every session',
  input: Type.Object({
    account: AccountField,
    area_code: Type.Optional(AreaCodeField),
    password: PasswordField,
    repassword: Type.String({ maxLength: 64 }),
    code: CodeField,
  }),
  output: Message,
});

export const updatePassword = endpoint({
  method: 'POST',
  path: '/safe/update_password',
  access: 'user',
  tag: 'auth',
  summary:
    'Change the login password: the current one and a code sent to the account\'s contact for scene "update_password". ' +
    "Ends every session, tells the account's contacts and pauses withdrawals for 24 hours",
  input: Type.Object({
    current_password: CurrentPasswordField,
    password: PasswordField,
    re_password: Type.String({ maxLength: 64 }),
    code: CodeField,
  }),
  output: Message,
});

export const sendMobileCode = endpoint({
  method: 'POST',
  path: '/sms_send',
  access: 'user',
  tag: 'auth',
  summary: 'Send a code by SMS to a mobile number the user wants to bind',
  input: Type.Object({ area_code: AreaCodeField, mobile: MobileField }),
  output: Message,
});

export const bindMobile = endpoint({
  method: 'POST',
  path: '/safe/mobile',
  access: 'user',
  tag: 'auth',
  summary:
    'Bind or change the mobile number: the code sent to it by /sms_send, the login password and a code sent to the ' +
    'account\'s contact for scene "change_mobile". Tells the contacts it had; replacing a number pauses withdrawals for 24 hours',
  input: Type.Object({ area_code: AreaCodeField, mobile: MobileField, code: CodeField, current_password: CurrentPasswordField, contact_code: CodeField }),
  output: Message,
});

export const bindEmail = endpoint({
  method: 'POST',
  path: '/safe/email',
  access: 'user',
  tag: 'auth',
  summary:
    'Bind or change the e-mail address: a code sent to it for scene "bind_email", the login password and a code sent to the ' +
    'account\'s contact for scene "change_email". Tells the contacts it had; replacing an address pauses withdrawals for 24 hours',
  input: Type.Object({ email: EmailField, code: CodeField, current_password: CurrentPasswordField, contact_code: CodeField }),
  output: Message,
});

export const setPayPassword = endpoint({
  method: 'POST',
  path: '/safe/pay_password',
  access: 'user',
  tag: 'auth',
  summary:
    'Set or change the six-digit pay password with a code sent to the account\'s contact for scene "pay_password". The first one ' +
    'needs the login password; a change needs the current pay password (or, if forgotten, the login password), tells the ' +
    'contacts and pauses withdrawals for 24 hours',
  input: Type.Object({
    pay_password: PayPasswordField,
    re_pay_password: Type.String({ maxLength: 6 }),
    code: CodeField,
    /** the pay password now set, to change it */
    current_pay_password: Type.Optional(PayPasswordField),
    /** the login password: to set the first pay password, or instead of a forgotten one */
    current_password: Type.Optional(CurrentPasswordField),
  }),
  output: Message,
});
