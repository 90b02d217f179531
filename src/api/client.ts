import { API_LANG } from '../../contract/languages';
import { goToLogin, navigate, REAL_NAME_PATH, redirectAfterToast } from '../app/navigation';
import { earlyKey } from '../app/early';
import { reachable } from '../app/network';
import { clearSession, token } from '../app/session';
import { language, translate } from '../i18n';
import { trackRequest } from '../ui/loading';
import { toast } from '../ui/toast';
import { ApiFailure, createClient, type FailureText, type RequestOptions } from './transport';

/**
 * The app's HTTP client: the one transport (./transport.ts) with the app's session.
 * Adds `lang` and the Authorization header; loading indicator after 800 ms; answers the
 * envelope's message on "ok". Failures are toasted here and rejected with an ApiFailure:
 * 999 also ends the session and goes to login after 1.2 s, 998 goes to identity
 * verification after 1.2 s. A status other than 200 rejects.
 */
export { ApiFailure, REQUEST_TIMEOUT_MS, type FailureKind, type RequestOptions } from './transport';

function headers(): Record<string, string> {
  const result: Record<string, string> = { 'Accept-Language': API_LANG[language.value] };
  if (token.value) result['Authorization'] = token.value;
  return result;
}

function onFailure(failure: ApiFailure, options: RequestOptions): void {
  if (failure.kind === '999') {
    toast(failure.message);
    clearSession();
    redirectAfterToast(goToLogin);
  } else if (failure.kind === '998') {
    toast(failure.message);
    redirectAfterToast(() => navigate(REAL_NAME_PATH));
  } else if (!options.silent) {
    toast(failure.message);
  }
}

function text(failure: FailureText): string {
  switch (failure.key) {
    case 'timeout':
      return translate('common:errors.timeout');
    case 'network':
      return translate('common:errors.network');
    case 'unknown':
      return translate('common:errors.unknown');
    case 'http':
      return translate('common:errors.http', { status: failure.status });
  }
}

declare global {
  interface Window {
    /** What index.html's boot script asked for before any module had loaded, by earlyKey (src/app/early.ts). */
    kestrelEarly?: Record<string, { at: number; response: Promise<Response> }> | undefined;
  }
}

/** How long the boot script's early answer may stand in for a request of the same URL. */
const EARLY_FOR_MS = 10_000;

/**
 * The boot script's answer for this request, if it sent the same one (method, URL, body)
 * moments ago: taken once. It asks only for public reads, whose answer is everyone's.
 */
function takeEarly(url: string, init: RequestInit): Promise<Response> | undefined {
  const sent = typeof window === 'undefined' ? undefined : window.kestrelEarly;
  if (!sent) return undefined;
  const key = earlyKey(init.method ?? 'GET', url, init.body instanceof URLSearchParams ? init.body.toString() : '');
  const early = sent[key];
  if (!early) return undefined;
  delete sent[key];
  return performance.now() - early.at < EARLY_FOR_MS ? early.response : undefined;
}

const client = createClient({
  headers,
  lang: () => API_LANG[language.value],
  text,
  onFailure,
  // A background load (silent) has its own loading state, a skeleton or a stale mark: no overlay over it.
  track: (options) => (options.silent ? () => undefined : trackRequest()),
  reached: (reached) => {
    reachable.value = reached;
  },
  early: takeEarly,
});

/** Calls "METHOD /path" with typed input and answers the typed message. */
export const api = client.api;
/** The same call for generic code (the worker's snapshot fetcher). */
export const request = client.request;
/** POST /upload (spec 7): multipart part "file"; the answer is URL-encoded JSON text. */
export const uploadFile = client.uploadFile;
