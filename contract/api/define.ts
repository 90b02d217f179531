import type { Static, TObject, TSchema } from '@sinclair/typebox';

/**
 * One API endpoint as the server serves it and the app calls it: method, path under
 * /api, who may call it, and the schemas of its input and of the envelope's `message`.
 */
export type Method = 'GET' | 'POST';

/**
 * `public`: anyone; `user`: a logged-in user (no valid token answers type "999");
 * `operator`: an operator's token in X-Operator-Token (never a user's); without a token
 * an operator holds, type "999" (the console goes back to its sign-in).
 */
export type Access = 'public' | 'user' | 'operator';

export interface Endpoint<M extends Method = Method, P extends string = string, I extends TObject = TObject, O extends TSchema = TSchema, A extends Access = Access> {
  readonly method: M;
  readonly path: P;
  readonly access: A;
  readonly summary: string;
  readonly tag: string;
  readonly input: I;
  readonly output: O;
  /** multipart upload with a `file` part; the answer is URL-encoded JSON text (spec 7). */
  readonly upload?: true;
  /**
   * The other convention (spec 8: "code is 1"): {code: 1, msg, ...output} on success,
   * {code: 0, msg} on failure. Used by the kline endpoint.
   */
  readonly envelope?: 'code';
}

export function endpoint<M extends Method, P extends string, I extends TObject, O extends TSchema, A extends Access>(definition: Endpoint<M, P, I, O, A>): Endpoint<M, P, I, O, A> {
  return definition;
}

export type InputOf<E extends Endpoint> = Static<E['input']>;
export type OutputOf<E extends Endpoint> = Static<E['output']>;
