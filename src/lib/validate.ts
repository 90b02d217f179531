import { CODE_LENGTH, isCode, isEmail, isMobile, isNickname, isPassword, isPayPassword, isSignature } from '../../contract/rules';
import { translate } from '../i18n';

/**
 * The spec 5 rules for the app's forms, answering the message to show under a field
 * or null. The server checks the same rules from the same definitions.
 */
export type Check = (value: string) => string | null;

export const checks = {
  email: (value: string) => (isEmail(value.trim().toLowerCase()) ? null : translate('validation:email_invalid')),
  mobile: (areaCode: string) => (value: string) => (isMobile(areaCode, value.replace(/[\s-]/g, '')) ? null : translate('validation:mobile_invalid')),
  password: (value: string) => (value === '' ? translate('validation:password_required') : isPassword(value) ? null : translate('validation:password_rule')),
  loginPassword: (value: string) => (value === '' ? translate('validation:password_required') : null),
  currentPassword: (value: string) => (value === '' ? translate('validation:current_password_required') : null),
  confirm: (original: string) => (value: string) => (value === original ? null : translate('validation:passwords_differ')),
  code: (value: string) => (isCode(value) ? null : translate('validation:code_rule')),
  payPassword: (value: string) => (isPayPassword(value) ? null : translate('validation:pay_password_rule')),
  nickname: (value: string) => (isNickname(value) ? null : translate('validation:nickname_rule')),
  signature: (value: string) => (value === '' || isSignature(value) ? null : translate('validation:signature_rule')),
} satisfies Record<string, Check | ((arg: string) => Check)>;

export { CODE_LENGTH };

/** Runs each field's check; answers the messages by field, or null when all pass. */
export function validate<K extends string>(rules: Record<K, [string, Check]>): Partial<Record<K, string>> | null {
  const errors: Partial<Record<K, string>> = {};
  let failed = false;
  for (const key of Object.keys(rules) as K[]) {
    const [value, check] = rules[key];
    const message = check(value);
    if (message) {
      errors[key] = message;
      failed = true;
    }
  }
  return failed ? errors : null;
}
