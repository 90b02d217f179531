import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { PlainText, UploadPathField } from './fields';

/** Identity verification in two levels (spec 3, 4, 6). */
export const RealState = Type.Object({
  level: Type.Integer({ description: 'level passed: 0, 1 or 2' }),
  state: Type.String({ description: 'none | pending | approved | rejected (of the latest submission)' }),
  pending_level: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.String({ description: 'why the latest submission was refused' }),
  name: Type.String({ description: 'the verified name, partly hidden' }),
  withdraw_limit_btc: Type.String({ description: 'per 24 hours at this level; 0 before level 1' }),
  otc_limit_usdt: Type.String({ description: 'per fiat order at this level' }),
  mobile_bound: Type.Boolean(),
  email_bound: Type.Boolean(),
});

export const realState = endpoint({
  method: 'GET',
  path: '/real/state',
  access: 'user',
  tag: 'identity',
  summary: "The caller's verification level, the state of the latest submission, and the limits that follow",
  input: Type.Object({}),
  output: RealState,
});

export const realSubmit = endpoint({
  method: 'POST',
  path: '/user/real',
  access: 'user',
  tag: 'identity',
  summary: 'Submit level 1 (real_type 1: id_type, name, card_id) or level 2 (real_type 2: front_pic, reverse_pic)',
  input: Type.Object({
    real_type: Type.Union([Type.Literal(1), Type.Literal(2)], { errorKey: 'real_type_invalid' }),
    id_type: Type.Optional(Type.Union([Type.Literal('id_card'), Type.Literal('passport'), Type.Literal('driving_licence')], { errorKey: 'id_type_invalid' })),
    name: Type.Optional(PlainText({ minLength: 2, maxLength: 60, errorKey: 'real_name_rule' })),
    card_id: Type.Optional(Type.String({ minLength: 4, maxLength: 30, pattern: '^[A-Za-z0-9-]+$', errorKey: 'card_id_rule' })),
    front_pic: Type.Optional(UploadPathField),
    reverse_pic: Type.Optional(UploadPathField),
  }),
  output: Type.String(),
});
