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

export const sessionEnded = (): ApiError => new ApiError('server:errors.session_ended', {}, '999');

/** An order rule's refusal (contract/order-rules.ts) as the answer: server:errors.<key> with its figures. */
export const refusal = (refused: Refusal): ApiError => new ApiError(`server:errors.${refused.key}`, refused.params);
