import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import webpush from 'web-push';
import { ensureSetting } from '../common/settings';
import type { Db } from '../db/database';

/**
 * Web Push (RFC 8030, payloads encrypted per RFC 8291, the server identified by VAPID,
 * RFC 8292) through the `web-push` package: a notification reaches a device whose app is
 * closed, through the push service of its browser. The VAPID key pair is made once and
 * kept in the settings table (every process of the exchange signs with the same one; a
 * browser's subscription is bound to it). A subscription the push service says is gone
 * (404, 410) is forgotten.
 */
export interface PushKeys {
  publicKey: string;
  privateKey: string;
}

/** What a notification shows: its title and text, the screen a tap opens, and a tag (a second one with the same tag replaces it). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The exchange's VAPID keys, made on first use (whoever writes first, every process reads the same pair). */
export async function pushKeys(db: Db): Promise<PushKeys> {
  const stored = await ensureSetting(db, 'vapid_keys', JSON.stringify(webpush.generateVAPIDKeys()), false);
  const keys = JSON.parse(stored) as Partial<PushKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error('the stored VAPID keys (setting vapid_keys) are not a key pair');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** How long a push service keeps a notification for a device that is off: an alert a day late is not worth showing. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export class PushSender {
  private keys: Promise<PushKeys> | null = null;
  private readonly agent: https.Agent | undefined;

  constructor(
    private readonly db: Db,
    /** VAPID_SUBJECT: how the push service reaches the exchange's operator (mailto: or https:) */
    private readonly subject: string,
    /** PUSH_CA_FILE: a certificate authority the push requests trust besides the system's (a private push service; the tests' local one) */
    caFile: string | null,
  ) {
    this.agent = caFile ? new https.Agent({ ca: [...tls.rootCertificates, fs.readFileSync(caFile, 'utf8')] }) : undefined;
  }

  publicKey(): Promise<string> {
    return this.vapid().then((keys) => keys.publicKey);
  }

  private vapid(): Promise<PushKeys> {
    this.keys ??= pushKeys(this.db).catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  /** Sends one notification; answers 'gone' when the push service no longer knows the subscription. */
  async send(target: PushTarget, message: PushMessage, topic: string): Promise<'sent' | 'gone'> {
    const keys = await this.vapid();
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
        vapidDetails: { subject: this.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: TTL_SECONDS,
        urgency: 'high',
        topic,
        timeout: TIMEOUT_MS,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      throw error;
    }
  }
}
