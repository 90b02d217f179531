import type { ApiInput, ApiOutput, ApiRoute } from '../../contract/api';

/**
 * The one HTTP transport (spec sections 7 to 9), shared by the app's client
 * (src/api/client.ts) and the operator console's (admin/api.ts): envelope handling, the
 * `lang` field, form encoding, the 60 s time-out, the kline convention, uploads and
 * files. What differs between them is given to createClient: the headers (the app's
 * session token, the console's operator token), the words for failures the server did
 * not word, and what a failure does (the app toasts and may go to login; the console
 * toasts and may go back to its sign-in). It imports nothing of either, so the console's
 * bundle carries none of the app's state.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export type FailureKind = 'error' | '999' | '998' | 'http' | 'network' | 'timeout';

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** the HTTP status, for a failure of kind 'http' */
    readonly status?: number,
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

/** Failures the server did not word: the words are each client's own (its namespace). */
export type FailureText = { key: 'timeout' | 'network' | 'unknown' } | { key: 'http'; status: number };

export interface TransportConfig {
  /** Headers of every request: Accept-Language and the credentials. */
  headers(): Record<string, string>;
  /** The `lang` field every request carries (an API_LANG value). */
  lang(): string;
  /** The words for a failure the server did not word. */
  text(failure: FailureText): string;
  /** What a failure does before it is thrown (toast, end the session, go somewhere). */
  onFailure(failure: ApiFailure, options: RequestOptions): void;
  /** Called as a request starts (the loading indicator); answers what to call when it ends. */
  track?(options: RequestOptions): () => void;
  /** Whether the last request reached the server (the app's "out of reach" banner). */
  reached?(reached: boolean): void;
  /** An answer already under way for this request (the app's boot script's early reads). */
  early?(url: string, init: RequestInit): Promise<Response> | undefined;
}

type Envelope = { type: string; message: unknown };
export type Field = string | number | boolean | null | undefined;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && 'message' in value;
}

function isCodeEnvelope(value: unknown): value is { code: number; msg?: unknown } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && !('type' in value);
}

type InputArgs<R extends ApiRoute> = Record<string, never> extends ApiInput<R> ? [input?: ApiInput<R>, options?: RequestOptions] : [input: ApiInput<R>, options?: RequestOptions];

export interface Client {
  /** Calls "METHOD /path" with typed input and answers the typed message. */
  api: <R extends ApiRoute>(route: R, ...args: InputArgs<R>) => Promise<ApiOutput<R>>;
  /** The same call for generic code (the worker's snapshot fetcher). */
  request: <R extends ApiRoute>(route: R, input: ApiInput<R> | undefined, options?: RequestOptions) => Promise<ApiOutput<R>>;
  /** POST /upload (spec 7), or the operators' POST /operator/content/upload: multipart part "file"; the answer is URL-encoded JSON text. */
  uploadFile: (file: Blob, name?: string, path?: '/upload' | '/operator/content/upload') => Promise<string>;
  /** A file the API serves as itself, not in an envelope (an operator's look at a private upload). */
  file: (path: string, query: Record<string, string>, options?: RequestOptions) => Promise<Blob>;
}

export function createClient(config: TransportConfig): Client {
  function fail(failure: ApiFailure, options: RequestOptions): never {
    config.onFailure(failure, options);
    throw failure;
  }

  /**
   * Fetches and reads the body (`read`) within the time-out, with the loading indicator;
   * a failure to reach the server or to read its answer is failed here.
   */
  async function fetchWith<T>(url: string, init: RequestInit, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<{ status: number; body: T }> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    // A background load (silent) has its own loading state, a skeleton or a stale mark: no overlay over it.
    const done = config.track?.(options) ?? (() => undefined);
    try {
      const response = await (config.early?.(url, init) ?? fetch(url, { ...init, signal: controller.signal, credentials: 'omit' }));
      config.reached?.(true);
      return { status: response.status, body: await read(response) };
    } catch {
      const timedOut = controller.signal.aborted;
      if (!timedOut) config.reached?.(false);
      return fail(new ApiFailure(timedOut ? 'timeout' : 'network', config.text({ key: timedOut ? 'timeout' : 'network' })), options);
    } finally {
      clearTimeout(timeout);
      done();
    }
  }

  async function send(url: string, init: RequestInit, decode: 'json' | 'urlencoded', options: RequestOptions): Promise<unknown> {
    const { status, body: text } = await fetchWith(url, init, options, (response) => response.text());
    let body: unknown;
    try {
      body = JSON.parse(decode === 'urlencoded' ? decodeURIComponent(text) : text);
    } catch {
      body = null;
    }
    if (status !== 200) {
      // A refusal with its own status (429: too many requests) still carries the server's words.
      const said = isEnvelope(body) ? body.message : isCodeEnvelope(body) ? body.msg : undefined;
      const message = typeof said === 'string' ? said : config.text({ key: 'http', status });
      return fail(new ApiFailure('http', message, status), options);
    }
    if (isCodeEnvelope(body)) {
      // The kline convention (spec 8): code 1 is success, the rest of the body is the answer.
      if (body.code === 1) {
        const { code: _code, msg: _msg, ...rest } = body;
        return rest;
      }
      return fail(new ApiFailure('error', typeof body.msg === 'string' ? body.msg : config.text({ key: 'unknown' })), options);
    }
    if (!isEnvelope(body)) return fail(new ApiFailure('http', config.text({ key: 'http', status }), status), options);
    if (body.type === 'ok') return body.message;
    const kind: FailureKind = body.type === '999' || body.type === '998' ? body.type : 'error';
    return fail(new ApiFailure(kind, typeof body.message === 'string' ? body.message : config.text({ key: 'unknown' })), options);
  }

  function encode(input: Record<string, Field>): URLSearchParams {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null) params.set(key, String(value));
    // The operators' content writers name the text's language with `lang` (en, th...): an
    // input's own wins, and the server then answers in that language too.
    if (!params.has('lang')) params.set('lang', config.lang());
    return params;
  }

  async function request<R extends ApiRoute>(route: R, input: ApiInput<R> | undefined, options: RequestOptions = {}): Promise<ApiOutput<R>> {
    const space = route.indexOf(' ');
    const method = route.slice(0, space);
    const path = route.slice(space + 1);
    const params = encode(input ?? {});
    const headers = config.headers();
    const init: RequestInit = method === 'GET' ? { method, headers } : { method, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body: params };
    const url = method === 'GET' ? `/api${path}?${params.toString()}` : `/api${path}`;
    return (await send(url, init, 'json', options)) as ApiOutput<R>;
  }

  return {
    api: (route, ...[input, options = {}]) => request(route, input, options),
    request,
    async uploadFile(file, name = 'image', path = '/upload') {
      const form = new FormData();
      form.append('file', file, name);
      const url = `/api${path}?lang=${encodeURIComponent(config.lang())}`;
      return (await send(url, { method: 'POST', headers: config.headers(), body: form }, 'urlencoded', {})) as string;
    },
    async file(path, query, options = {}) {
      const url = `/api${path}?${new URLSearchParams(query).toString()}`;
      const { status, body } = await fetchWith(url, { method: 'GET', headers: config.headers() }, options, (response) => response.blob());
      if (status === 200) return body;
      return fail(new ApiFailure('http', config.text({ key: 'http', status }), status), options);
    },
  };
}
