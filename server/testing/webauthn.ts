import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for server tests: it answers WebAuthn options as a
 * phone would (a P-256 key per credential, "none" attestation, user present and
 * verified, a signature counter), for any origin the test says the browser was on.
 */
interface Credential {
  id: Uint8Array<ArrayBuffer>;
  key: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId: string;
}

const sha256 = (data: Uint8Array | string): Uint8Array<ArrayBuffer> => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.concat(parts));
const uint32 = (value: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /** `counts`: keeps a signature counter (true) or always 0, as many platform authenticators do. */
  constructor(private readonly counts = true) {}

  /** The RegistrationResponseJSON, as JSON text, for creation options made on `origin`. */
  register(optionsJson: string, origin: string): string {
    const options = JSON.parse(optionsJson) as CreationOptions;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = { id: new Uint8Array(randomBytes(32)), key: privateKey, rpId: options.rp.id, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const idLength = new Uint8Array([credential.id.length >> 8, credential.id.length & 0xff]);
    const authData = concat(sha256(credential.rpId), new Uint8Array([UP | UV | AT]), uint32(0), new Uint8Array(16), idLength, credential.id, cose);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const id = isoBase64URL.fromBuffer(credential.id);
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON), attestationObject: isoBase64URL.fromBuffer(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** The AuthenticationResponseJSON, as JSON text, for request options made on `origin`, with the first credential of the options' relying party (or `credential`). */
  login(optionsJson: string, origin: string, credential?: Credential): string {
    const options = JSON.parse(optionsJson) as RequestOptions;
    const chosen = credential ?? this.credentials.find((candidate) => candidate.rpId === options.rpId) ?? this.credentials[0];
    if (!chosen) throw new Error('no passkey on this authenticator');
    if (this.counts) chosen.counter += 1;
    const authData = concat(sha256(options.rpId), new Uint8Array([UP | UV]), uint32(chosen.counter));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), chosen.key);
    const id = isoBase64URL.fromBuffer(chosen.id);
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: chosen.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
