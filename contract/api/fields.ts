import { Type } from '@sinclair/typebox';
import './formats';
import { AREA_CODE_PATTERN, DEVICE_ID_PATTERN, EMAIL_MAX, INVITE_CODE_PATTERN, TOTP_CODE_PATTERN, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PLAIN_TEXT_PATTERN, SIGNATURE_MAX } from '../rules';

/**
 * Field schemas reused across endpoints. `errorKey` names the message (in the
 * `validation` namespace) shown when the value breaks the rule; otherwise a generic
 * message naming the field is used. Every string has a maxLength. `patternErrorKey`
 * names the message of a broken pattern instead (it gets the field's name).
 */

/** E-mail address or mobile number, as typed on the login and register forms. */
export const AccountField = Type.String({ minLength: 1, maxLength: EMAIL_MAX, errorKey: 'account_required' });
export const EmailField = Type.String({ maxLength: EMAIL_MAX, format: 'email', errorKey: 'email_invalid' });
export const MobileField = Type.String({ minLength: 5, maxLength: 14, pattern: '^[0-9]+$', errorKey: 'mobile_invalid' });
export const AreaCodeField = Type.String({ maxLength: 4, pattern: AREA_CODE_PATTERN, errorKey: 'area_code_invalid' });
export const PasswordField = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, errorKey: 'password_rule' });
export const CodeField = Type.String({ maxLength: 6, format: 'code', errorKey: 'code_rule' });
/** The account's current login password, asked before its protection changes (any length: it was set under older rules too). */
export const CurrentPasswordField = Type.String({ minLength: 1, maxLength: PASSWORD_MAX, errorKey: 'current_password_required' });
export const PayPasswordField = Type.String({ maxLength: 6, format: 'pay-password', errorKey: 'pay_password_rule' });
export const NicknameField = Type.String({ maxLength: NICKNAME_MAX * 4, format: 'nickname', errorKey: 'nickname_rule' });
export const SignatureField = Type.String({ maxLength: SIGNATURE_MAX * 4, format: 'signature', errorKey: 'signature_rule' });
export const InviteCodeField = Type.String({ maxLength: 16, pattern: INVITE_CODE_PATTERN, errorKey: 'invite_code_invalid' });
/**
 * A name, number or address a user types and others are shown as text (a card holder, a
 * bank, an address book entry, a recharge's sender, a verified name, an operator's
 * reason): no markup and no control characters (rules.ts PLAIN_TEXT_PATTERN). Its own
 * errorKey, when given, is the message for an empty or missing value; markup is refused
 * with "<field> cannot contain <, > or control characters".
 */
export const PlainText = (options: { maxLength: number; minLength?: number; errorKey?: string; description?: string }) =>
  Type.String({ ...options, pattern: PLAIN_TEXT_PATTERN, patternErrorKey: 'plain_text_rule' });
/** A file address answered by POST /upload. */
const UPLOAD_PATH = '^/uploads/[A-Za-z0-9_-]+\\.(png|jpg|gif|webp)$';
export const UploadPathField = Type.String({ maxLength: 200, pattern: UPLOAD_PATH, errorKey: 'upload_path_invalid' });
/** An image uploaded with /upload or as NFT media (/uploads/nft/...). */
export const ImagePathField = Type.String({ maxLength: 200, pattern: '^/uploads/(nft/)?[A-Za-z0-9_-]+\\.(png|jpg|jpeg|gif|webp)$', errorKey: 'upload_path_invalid' });
export const VoucherField = Type.String({ maxLength: 200, pattern: UPLOAD_PATH, errorKey: 'voucher_required' });
export const QrCodeField = Type.String({ maxLength: 200, pattern: UPLOAD_PATH, errorKey: 'qrcode_required' });

/** An amount as text: digits and an optional decimal part (exactness is kept server-side). */
/**
 * A request id the app picks for one submission of a money form (a withdrawal, a move, a
 * conversion) and sends again if it has to resend it: the server then answers what the
 * first did instead of doing it twice. Optional; 8 to 64 letters, digits, - or _.
 */
export const RequestIdField = Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$', errorKey: 'request_id_invalid' }));
export const AmountField = Type.String({ minLength: 1, maxLength: 40, pattern: '^(0|[1-9][0-9]{0,20})(\\.[0-9]{1,30})?$', errorKey: 'amount_invalid' });
/** A price as text, like an amount (spec 8: "correct price"). */
export const PriceField = Type.String({ minLength: 1, maxLength: 40, pattern: '^(0|[1-9][0-9]{0,20})(\\.[0-9]{1,30})?$', errorKey: 'price_invalid' });
export const PageField = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
export const LimitField = Type.Integer({ minimum: 1, maximum: 50, default: 10 });
/**
 * An account, by name or by its spec type id (legal 1, change 2, lever 3, micro 4): the
 * digit a form posts, or a JSON number (the route turns a whole number into its digits
 * for a choice written in digits). Handlers get the name: the route decodes it.
 */
const ACCOUNT_KIND_NAMES = ['legal', 'change', 'lever', 'micro'] as const;
export const AccountKindField = Type.Transform(
  Type.Union([Type.Literal('legal'), Type.Literal('change'), Type.Literal('lever'), Type.Literal('micro'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4')], {
    errorKey: 'account_kind_invalid',
  }),
)
  .Decode((value): (typeof ACCOUNT_KIND_NAMES)[number] => {
    const name = /^[1-4]$/.test(value) ? ACCOUNT_KIND_NAMES[Number(value) - 1] : ACCOUNT_KIND_NAMES.find((kind) => kind === value);
    if (name === undefined) throw new Error(`not an account: ${String(value)}`);
    return name;
  })
  .Encode((name) => name);
/** Deposit and withdrawal networks: BTC, ETH (ERC20), USDT on ERC20 or TRC20. */
export const NetworkField = Type.Union([Type.Literal('BTC'), Type.Literal('ERC20'), Type.Literal('TRC20')], { errorKey: 'network_invalid' });
export const AddressField = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9]+$', errorKey: 'address_invalid' });
export const IdField = Type.Integer({ minimum: 1, maximum: 2_147_483_647, errorKey: 'record_unknown' });
export const ReasonField = PlainText({ minLength: 1, maxLength: 200 });

export const CodeScene = Type.Union(
  [
    Type.Literal('register'),
    Type.Literal('forget'),
    Type.Literal('update_password'),
    Type.Literal('pay_password'),
    Type.Literal('bind_mobile'),
    Type.Literal('bind_email'),
    Type.Literal('change_mobile'),
    Type.Literal('change_email'),
    Type.Literal('security'),
  ],
  { errorKey: 'scene_invalid' },
);

/** A code from the authenticator app, or a recovery code (server/account-security/totp.ts). */
export const TotpCodeField = Type.String({ maxLength: 11, pattern: TOTP_CODE_PATTERN, errorKey: 'totp_code_rule' });
/** The id the app keeps on this device, so a login from a device never seen before is told to the owner. */
export const DeviceIdField = Type.String({ maxLength: 64, pattern: DEVICE_ID_PATTERN, errorKey: 'device_id_invalid' });
