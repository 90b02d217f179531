import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey (@simplewebauthn/browser, loaded only when a passkey is
 * made or used): the server's options in, the authenticator's answer out, both as the
 * JSON text the API carries (contract/api/security.ts).
 */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export async function createPasskey(options: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = JSON.parse(options) as PublicKeyCredentialCreationOptionsJSON;
  return JSON.stringify(await startRegistration({ optionsJSON }));
}

export async function getPasskey(options: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = JSON.parse(options) as PublicKeyCredentialRequestOptionsJSON;
  return JSON.stringify(await startAuthentication({ optionsJSON }));
}

/** The user closed the browser's passkey prompt, or it timed out: not an error to report. */
export function declined(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
