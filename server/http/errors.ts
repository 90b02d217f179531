import type { Refusal } from '../../contract/order-rules';
import type { Params, ServerKey } from '../i18n';

/**
 * A failure the caller should see as a translated message. `type` is the envelope
 * type: "error" for a toast, "999" when the session has ended, "998" when identity
 * verification is needed.
 */
export class ApiError extends Error {
  constructor(
    readonly key: ServerKey,
    readonly params: Params = {},
    readonly type: 'error' | '999' | '998' = 'error',
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/**
 * A failure while reading a multipart body: our refusals and the multipart plugin's own
 * (limits, a forbidden field name: they carry a status) stay as they are; the parser's
 * plain errors ("Unexpected end of form") mean the body could not be read.
 */
export function unreadableMultipart(error: unknown): unknown {
  return error instanceof ApiError || (error instanceof Error && 'statusCode' in error) ? error : new ApiError('server:errors.bad_request');
}

export const sessionEnded = (): ApiError => new ApiError('server:errors.session_ended', {}, '999');

/** An order rule's refusal (contract/order-rules.ts) as the answer: server:errors.<key> with its figures. */
export const refusal = (refused: Refusal): ApiError => new ApiError(`server:errors.${refused.key}`, refused.params);

/**
 * Too many requests from one address to a rate-limited endpoint (@fastify/rate-limit):
 * answered with HTTP 429, the envelope in the route's style and Retry-After.
 */
export class TooManyRequests extends ApiError {
  constructor(seconds: number) {
    super('server:errors.too_many_requests', { seconds: Math.max(1, seconds) });
    this.name = 'TooManyRequests';
  }
}
