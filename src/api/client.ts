import type { ApiInput, ApiOutput, ApiRoute } from '../../contract/api';
import { API_LANG } from '../../contract/languages';
import { goToLogin, navigate, REAL_NAME_PATH, redirectAfterToast } from '../app/navigation';
import { earlyKey } from '../app/early';
import { reachable } from '../app/network';
import { clearSession, token } from '../app/session';
import { language, translate } from '../i18n';
import { trackRequest } from '../ui/loading';
import { toast } from '../ui/toast';

/**
 * The one HTTP client (spec sections 7 to 9). Adds `lang` and the Authorization
 * header; 60 s time-out; loading indicator after 800 ms; answers the envelope's
 * message on "ok". Failures are toasted here and rejected with an ApiFailure:
 * 999 also ends the session and goes to login after 1.2 s, 998 goes to identity
 * verification after 1.2 s. A status other than 200 rejects.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export type FailureKind = 'error' | '999' | '998' | 'http' | 'network' | 'timeout';

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export interface RequestOptions {
  /**
   * Do not toast failures, nor show the loading indicator when slow (background loads:
   * what waits on them shows a skeleton or a stale mark). Session endings are still handled.
   */
  silent?: boolean;
}

type Envelope = { type: string; message: unknown };
type Field = string | number | boolean | null | undefined;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && 'message' in value;
}

function isCodeEnvelope(value: unknown): value is { code: number; msg?: unknown } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && !('type' in value);
}

function headers(): Record<string, string> {
  const result: Record<string, string> = { 'Accept-Language': API_LANG[language.value] };
  if (token.value) result['Authorization'] = token.value;
  return result;
}

function fail(failure: ApiFailure, options: RequestOptions): never {
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
  throw failure;
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

async function send(url: string, init: RequestInit, decode: 'json' | 'urlencoded', options: RequestOptions): Promise<unknown> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  // A background load (silent) has its own loading state, a skeleton or a stale mark: no overlay over it.
  const done = options.silent ? () => undefined : trackRequest();
  let response: Response;
  let text: string;
  try {
    response = await (takeEarly(url, init) ?? fetch(url, { ...init, signal: controller.signal, credentials: 'omit' }));
    reachable.value = true;
    text = await response.text();
  } catch {
    const timedOut = controller.signal.aborted;
    if (!timedOut) reachable.value = false;
    return fail(new ApiFailure(timedOut ? 'timeout' : 'network', translate(timedOut ? 'common:errors.timeout' : 'common:errors.network')), options);
  } finally {
    clearTimeout(timeout);
    done();
  }
  let body: unknown;
  try {
    body = JSON.parse(decode === 'urlencoded' ? decodeURIComponent(text) : text);
  } catch {
    body = null;
  }
  if (response.status !== 200) {
    // A refusal with its own status (429: too many requests) still carries the server's words.
    const said = isEnvelope(body) ? body.message : isCodeEnvelope(body) ? body.msg : undefined;
    const message = typeof said === 'string' ? said : translate('common:errors.http', { status: response.status });
    return fail(new ApiFailure('http', message), options);
  }
  if (isCodeEnvelope(body)) {
    // The kline convention (spec 8): code 1 is success, the rest of the body is the answer.
    if (body.code === 1) {
      const { code: _code, msg: _msg, ...rest } = body;
      return rest;
    }
    return fail(new ApiFailure('error', typeof body.msg === 'string' ? body.msg : translate('common:errors.unknown')), options);
  }
  if (!isEnvelope(body)) return fail(new ApiFailure('http', translate('common:errors.http', { status: response.status })), options);
  if (body.type === 'ok') return body.message;
  const kind: FailureKind = body.type === '999' || body.type === '998' ? body.type : 'error';
  return fail(new ApiFailure(kind, typeof body.message === 'string' ? body.message : translate('common:errors.unknown')), options);
}

function encode(input: Record<string, Field>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null) params.set(key, String(value));
  params.set('lang', API_LANG[language.value]);
  return params;
}

type InputArgs<R extends ApiRoute> = Record<string, never> extends ApiInput<R> ? [input?: ApiInput<R>, options?: RequestOptions] : [input: ApiInput<R>, options?: RequestOptions];

/** Calls "METHOD /path" with typed input and answers the typed message. */
export function api<R extends ApiRoute>(route: R, ...[input, options = {}]: InputArgs<R>): Promise<ApiOutput<R>> {
  return request(route, input, options);
}

/** The same call for generic code (the worker's snapshot fetcher). */
export async function request<R extends ApiRoute>(route: R, input: ApiInput<R> | undefined, options: RequestOptions = {}): Promise<ApiOutput<R>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const path = route.slice(space + 1);
  const params = encode(input ?? {});
  const init: RequestInit = method === 'GET' ? { method, headers: headers() } : { method, headers: { ...headers(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: params };
  const url = method === 'GET' ? `/api${path}?${params.toString()}` : `/api${path}`;
  return (await send(url, init, 'json', options)) as ApiOutput<R>;
}

/** POST /upload (spec 7): multipart part "file"; the answer is URL-encoded JSON text. */
export async function uploadFile(file: Blob, name = 'image'): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const url = `/api/upload?lang=${encodeURIComponent(API_LANG[language.value])}`;
  return (await send(url, { method: 'POST', headers: headers(), body: form }, 'urlencoded', {})) as string;
}
