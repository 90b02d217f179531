import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { NicknameField, SignatureField, UploadPathField } from './fields';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const UserInfo = Type.Object({
  uid: Type.Integer({ description: 'Public user number' }),
  email: NullableString,
  mobile: NullableString,
  area_code: NullableString,
  nickname: Type.String(),
  signature: Type.String(),
  head_portrait: Type.String({ description: 'Avatar address, empty when none' }),
  credit_score: Type.Integer(),
  invite_code: Type.String(),
  has_pay_password: Type.Boolean(),
  withdraw_hold_until: Type.Union([Type.Integer(), Type.Null()], {
    description: 'While withdrawals are paused after a change of the password, pay password, e-mail or mobile: when they resume (ms since 1970)',
  }),
  created_at: Type.Integer({ description: 'Milliseconds since 1970' }),
  totp_enabled: Type.Boolean({ description: 'The authenticator app is asked at login and for withdrawals' }),
});

export const userInfo = endpoint({
  method: 'GET',
  path: '/user/info',
  access: 'user',
  tag: 'user',
  summary: 'The logged-in user',
  input: Type.Object({}),
  output: UserInfo,
});

export const uploadHeadPortrait = endpoint({
  method: 'POST',
  path: '/user/uploadHeadPortrait',
  access: 'user',
  tag: 'user',
  summary: 'Set the avatar to an image this user uploaded with /upload',
  input: Type.Object({ head_portrait: UploadPathField }),
  output: Type.String({ description: 'A translated confirmation' }),
});

export const editNickname = endpoint({
  method: 'POST',
  path: '/user/editNickname',
  access: 'user',
  tag: 'user',
  summary: 'Change the nickname and, when given, the signature (empty clears it)',
  input: Type.Object({
    nickname: NicknameField,
    /** An empty signature clears it. */
    signature: Type.Optional(Type.Union([Type.Literal(''), SignatureField], { errorKey: 'signature_rule' })),
  }),
  output: Type.String({ description: 'A translated confirmation' }),
});

export const upload = endpoint({
  method: 'POST',
  path: '/upload',
  access: 'user',
  tag: 'user',
  upload: true,
  summary: 'Upload an image (multipart part "file": PNG, JPEG, GIF or WebP, at most 5 MB). The answer is the ' + 'envelope as URL-encoded JSON text; its message is the file address.',
  input: Type.Object({}),
  output: Type.String({ description: 'File address under /uploads/' }),
});
