import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { LimitField, PageField, PlainText } from './fields';
import { paged } from './wallet';

/**
 * Bank cards (spec 3, 7 "User") and invitations with their rebates.
 *
 * A user keeps one domestic and one international card; saving again replaces it.
 * Cards pay out fiat, so they need identity level 1 (998 before) and the card holder
 * must be the verified name. Every field is required and has its own message.
 */
/** A field with its own pattern, or else plain text (no markup, no control characters). */
const text = (max: number, errorKey: string, pattern?: string) => (pattern ? Type.String({ minLength: 1, maxLength: max, errorKey, pattern }) : PlainText({ minLength: 1, maxLength: max, errorKey }));

const CardCommon = {
  real_name: text(60, 'card_holder_required'),
  bank_name: text(100, 'bank_name_required'),
  bank_account: text(34, 'bank_account_invalid', '^[A-Za-z0-9 -]{6,34}$'),
  phone: text(20, 'card_phone_invalid', '^\\+?[0-9 -]{5,20}$'),
};

export const DomesticCard = Type.Object({
  ...CardCommon,
  bank_network: text(100, 'bank_branch_required'),
  bank_dizhi: text(200, 'bank_region_required'),
});

const SwiftCode = text(11, 'swift_code_invalid', '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$');

export const InternationalCard = Type.Object({
  ...CardCommon,
  alipay_account: text(9, 'aba_number_invalid', '^[0-9]{9}$'),
  swift_code: SwiftCode,
  wechat_account: text(200, 'holder_address_required'),
  bank_dizhi: text(200, 'bank_address_required'),
});

/**
 * What saving the international card takes: the card, where the SWIFT code may come as
 * wechat_nickname instead of swift_code (the older clients' field, labelled SWIFT code).
 */
export const InternationalCardInput = Type.Composite([Type.Omit(InternationalCard, ['swift_code']), Type.Object({ swift_code: Type.Optional(SwiftCode), wechat_nickname: Type.Optional(SwiftCode) })]);

const Saved = Type.String({ description: 'A translated confirmation' });
const CardAnswer = <T extends ReturnType<typeof Type.Object>>(card: T) => Type.Union([Type.Composite([card, Type.Object({ updated_at: Type.Integer() })]), Type.Null()]);

export const cashSave = endpoint({
  method: 'POST',
  path: '/user/cash_save',
  access: 'user',
  tag: 'user',
  summary: 'Save the domestic bank card (level 1 needed; the holder is the verified name)',
  input: DomesticCard,
  output: Saved,
});
export const cashSaveInternational = endpoint({
  method: 'POST',
  path: '/user/cash_save_international',
  access: 'user',
  tag: 'user',
  summary:
    'Save the international card: ABA number (alipay_account), SWIFT code (swift_code, or wechat_nickname as older clients send it), cardholder address (wechat_account), bank address (bank_dizhi)',
  input: InternationalCardInput,
  output: Saved,
});
export const cashInfo = endpoint({
  method: 'POST',
  path: '/user/cash_info',
  access: 'user',
  tag: 'user',
  summary: 'The domestic card, or null',
  input: Type.Object({}),
  output: CardAnswer(DomesticCard),
});
export const cashInfoInternational = endpoint({
  method: 'POST',
  path: '/user/cash_info_international',
  access: 'user',
  tag: 'user',
  summary: 'The international card, or null; wechat_nickname repeats the SWIFT code for older clients',
  input: Type.Object({}),
  output: CardAnswer(Type.Composite([InternationalCard, Type.Object({ wechat_nickname: Type.String() })])),
});

/** Invitations: each user's code and link, the accounts that registered with it, and rebates. */
export const InviteSummary = Type.Object({
  invite_code: Type.String(),
  /** the app's register screen with the code, relative to the site: /h5/#/pages/common/register?invite=... */
  path: Type.String(),
  invitees: Type.Integer(),
  rebate_rate: Type.String({ description: "share of an invitee's trading fees paid to the inviter, e.g. 0.2" }),
  rebates: Type.Array(Type.Object({ code: Type.String(), amount: Type.String() }), { description: 'totals received, per currency' }),
});

export const inviteInfo = endpoint({
  method: 'GET',
  path: '/invite/info',
  access: 'user',
  tag: 'user',
  summary: "The caller's invite code, link, invitee count, rebate rate and totals",
  input: Type.Object({}),
  output: InviteSummary,
});

export const Invitee = Type.Object({
  uid: Type.Integer(),
  account: Type.String({ description: 'e-mail or phone, partly hidden' }),
  level: Type.Integer({ description: 'identity level passed' }),
  created_at: Type.Integer(),
});

export const inviteList = endpoint({
  method: 'POST',
  path: '/invite/list',
  access: 'user',
  tag: 'user',
  summary: "Accounts registered with the caller's code, newest first",
  input: Type.Object({ page: PageField, limit: LimitField }),
  output: paged(Invitee),
});

export const Rebate = Type.Object({
  id: Type.Integer(),
  from_uid: Type.Integer(),
  source: Type.String({ description: 'spot | contract | option: the kind of trade whose fee it shares' }),
  fee: Type.String({ description: 'the fee the invitee paid' }),
  amount: Type.String(),
  code: Type.String({ description: 'currency' }),
  created_at: Type.Integer(),
});

export const rebateList = endpoint({
  method: 'POST',
  path: '/invite/rebates',
  access: 'user',
  tag: 'user',
  summary: 'Rebates paid to the caller, newest first',
  input: Type.Object({ page: PageField, limit: LimitField }),
  output: paged(Rebate),
});
