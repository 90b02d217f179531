import { useMemo } from 'react';

/** 32 random hex digits (crypto.getRandomValues: also on a plain-http LAN address, unlike randomUUID). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The request id of a money form (server/wallet/requests.ts): the same while what the
 * form would send stays the same, so a resubmission after a lost answer is done once; a
 * new one as soon as any of `inputs` changes (and so after a success clears the form).
 */
export function useRequestId(inputs: readonly unknown[]): string {
  return useMemo(newRequestId, inputs);
}
