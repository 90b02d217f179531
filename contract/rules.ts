/**
 * Input rules shared by the forms in the app and the schemas on the server
 * (spec sections 5 and 9). One definition, two enforcers.
 */

export const CODE_LENGTH = 6;
/** Spec 5: the password is longer than 6 characters. */
export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 64;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 30;
export const EMAIL_MAX = 254;
export const PAY_PASSWORD_LENGTH = 6;
export const DEFAULT_AREA_CODE = '86';

/** Verification code: exactly six digits. */
export const CODE_PATTERN = '^[0-9]{6}$';
/** Pay password: six digits, as on a bank card keypad. */
export const PAY_PASSWORD_PATTERN = '^[0-9]{6}$';
/** E-mail: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = "^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$";
/** Mainland mobile (area code 86): 1, then 3-9, then nine digits. */
export const MAINLAND_MOBILE_PATTERN = '^1[3-9][0-9]{9}$';
/** Any other mobile number: national significant number, 5 to 14 digits. */
export const MOBILE_PATTERN = '^[0-9]{5,14}$';
/** International dialling code without the plus: 1 to 4 digits. */
export const AREA_CODE_PATTERN = '^[0-9]{1,4}$';
/** Letters of any script (with their combining marks) and digits; no spaces or symbols. */
export const NICKNAME_PATTERN = '^[\\p{L}\\p{M}\\p{N}]+$';
/** Like the nickname, with single spaces between words. */
export const SIGNATURE_PATTERN = '^[\\p{L}\\p{M}\\p{N}]+( [\\p{L}\\p{M}\\p{N}]+)*$';
/** Digits only / letters and digits only / an amount (spec 5 helper patterns). */
export const DIGITS_PATTERN = '^[0-9]+$';
export const ALPHANUMERIC_PATTERN = '^[A-Za-z0-9]+$';
export const AMOUNT_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]+)?$';
/**
 * What an authenticator app shows (six digits), or one of the account's recovery codes
 * (ten letters and digits, written xxxxx-xxxxx; case and the dash do not matter).
 */
export const TOTP_CODE_PATTERN = '^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$';
/** The random id the app keeps on a device and sends when it logs in (server/account-security/devices.ts). */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** Invite codes: eight letters or digits, case-insensitive. */
export const INVITE_CODE_PATTERN = '^[A-Za-z0-9]{4,16}$';
/**
 * Plain text where a name, number or address is expected (a card holder, a bank, an
 * address book entry, a recharge's sender, a verified name): no markup (< or >) and no
 * control characters: C0 other than tab, line feed and carriage return (white space the
 * server trims), DEL, C1, and the bidirectional embeddings, overrides and isolates that
 * reorder what is shown.
 */
export const PLAIN_TEXT_PATTERN = '^[^<>\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\u202A-\\u202E\\u2066-\\u2069]*$';

const email = new RegExp(EMAIL_PATTERN);
const mainlandMobile = new RegExp(MAINLAND_MOBILE_PATTERN);
const mobile = new RegExp(MOBILE_PATTERN);
const code = new RegExp(CODE_PATTERN);
const nickname = new RegExp(NICKNAME_PATTERN, 'u');
const signature = new RegExp(SIGNATURE_PATTERN, 'u');
const payPassword = new RegExp(PAY_PASSWORD_PATTERN);
const inviteCode = new RegExp(INVITE_CODE_PATTERN);

/** Length in user-perceived characters, so that 2-10 means the same for 中文 and Latin. */
export function textLength(text: string): number {
  return [...text].length;
}

export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && email.test(value);
export const isCode = (value: string): boolean => code.test(value);
export const isPayPassword = (value: string): boolean => payPassword.test(value);
export const isInviteCode = (value: string): boolean => inviteCode.test(value);
const totpCode = new RegExp(TOTP_CODE_PATTERN);
export const isTotpCode = (value: string): boolean => totpCode.test(value.trim());

export function isMobile(areaCode: string, number: string): boolean {
  return areaCode === DEFAULT_AREA_CODE ? mainlandMobile.test(number) : mobile.test(number);
}

export function isPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;
}

export function isNickname(value: string): boolean {
  const length = textLength(value);
  return length >= NICKNAME_MIN && length <= NICKNAME_MAX && nickname.test(value);
}

export function isSignature(value: string): boolean {
  const length = textLength(value);
  return length >= SIGNATURE_MIN && length <= SIGNATURE_MAX && signature.test(value);
}
