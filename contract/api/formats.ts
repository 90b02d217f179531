import { FormatRegistry } from '@sinclair/typebox';
import { isCode, isEmail, isNickname, isPayPassword, isSignature } from '../rules';

/**
 * Named string formats used by the schemas. JSON Schema `pattern` has no Unicode
 * flag, so rules that need \p{L} (nicknames in every script) are formats.
 */
export const FORMATS = {
  email: isEmail,
  code: isCode,
  'pay-password': isPayPassword,
  nickname: isNickname,
  signature: isSignature,
} as const;

for (const [name, check] of Object.entries(FORMATS)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}
