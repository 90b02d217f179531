import { useMemo, useRef } from 'react';

/** 32 random hex digits (crypto.getRandomValues: also on a plain-http LAN address, unlike randomUUID). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RequestIds {
  /** The id to send with `payload`: the same as last time when the same payload is sent again before a success, else a new one. */
  for(payload: object): string;
  /** After a success: the next submission is a new request, even with the same payload. */
  done(): void;
}

/**
 * The request ids of a money form (server/http/request-ids.ts). A submission sent again
 * after its answer was lost (a network error, then the same tap) carries the same id, so
 * the server does it once; anything changed, or a success in between, makes a new one.
 */
export function useRequestIds(): RequestIds {
  const last = useRef<{ key: string; id: string } | null>(null);
  return useMemo(
    () => ({
      for(payload: object) {
        const key = JSON.stringify(payload);
        if (last.current?.key !== key) last.current = { key, id: newRequestId() };
        return last.current.id;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}
