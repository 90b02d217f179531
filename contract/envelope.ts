/**
 * The response envelope of every /api call (spec sections 7 and 8), HTTP 200:
 * `ok` carries the result in `message`; `error` a translated message for a toast;
 * `999` the session has ended (log out, go to login); `998` identity verification is
 * needed (go to real_mark).
 */
export type EnvelopeType = 'ok' | 'error' | '999' | '998';

export type Envelope<T> = { type: 'ok'; message: T } | { type: 'error' | '999' | '998'; message: string };
