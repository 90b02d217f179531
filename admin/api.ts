import { ApiFailure, createClient, type FailureText, type RequestOptions } from '../src/api/transport';
import { toast } from '../src/ui/toast';
import { apiLanguage, translate } from './i18n';
import { operatorName, operatorToken, signOut } from './session';

/**
 * The console's HTTP client: the app's one transport (src/api/transport.ts) with the
 * operator's token (X-Operator-Token) instead of a user's session, and the console's own
 * failure handling. A refused token (type 999, or HTTP 401 from a file) ends the sign-in:
 * the shell then shows the sign-in screen (admin/Shell.tsx). Other failures are toasted
 * with the one toast, unless the call is silent.
 */
export function isRefusedToken(failure: ApiFailure): boolean {
  return failure.kind === '999' || failure.status === 401;
}

function onFailure(failure: ApiFailure, options: RequestOptions): void {
  if (isRefusedToken(failure) && operatorName.value !== null) {
    signOut();
    toast(translate('sign_in.ended'), 3000);
    return;
  }
  if (!options.silent) toast(failure.message, 3000);
}

function text(failure: FailureText): string {
  return failure.key === 'http' ? translate('errors.http', { status: failure.status }) : translate(`errors.${failure.key}`);
}

export const client = createClient({
  headers: () => {
    const headers: Record<string, string> = { 'Accept-Language': apiLanguage() };
    if (operatorToken.value !== null) headers['X-Operator-Token'] = operatorToken.value;
    return headers;
  },
  lang: apiLanguage,
  text,
  onFailure,
});

export const api = client.api;
export { ApiFailure };
