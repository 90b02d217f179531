/**
 * Contacts shown in part, as banks do: an***@example.com, +86 138****8000. One set of
 * rules for the app and the server (which shows an inviter their invitees this way).
 */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

export function maskMobile(areaCode: string | null, mobile: string): string {
  const masked = mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `${mobile.slice(0, 2)}***${mobile.slice(-2)}`;
  return areaCode ? `+${areaCode} ${masked}` : masked;
}

/** The e-mail first, else the mobile number, partly hidden. */
export function maskedContact(user: { email: string | null; mobile: string | null; area_code: string | null }): string {
  if (user.email) return maskEmail(user.email);
  if (user.mobile) return maskMobile(user.area_code, user.mobile);
  return '';
}
