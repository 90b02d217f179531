import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { ServerConfig } from '../config';
import { PRIVATE_DIR_MODE } from '../data-dir';
import { newFileName } from '../security/tokens';

/**
 * Delivery of verification codes and notices. E-mails are real RFC 5322 messages:
 * written as .eml files to DATA_DIR/outbox, or sent over SMTP when SMTP_URL is set.
 * SMS messages go to the outbox as .sms files until a provider is plugged in here.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingSms {
  /** "+<area code> <number>" */
  to: string;
  text: string;
}

export interface Messenger {
  email(message: OutgoingEmail): Promise<void>;
  sms(message: OutgoingSms): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Sortable by time, unique without coordination. */
function outboxName(extension: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${newFileName().slice(0, 8)}.${extension}`;
}

function composeEmail(from: string, message: OutgoingEmail): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    new MailComposer({ from, to: message.to, subject: message.subject, text: message.text }).compile().build((error, buffer) => (error ? reject(error) : resolve(buffer)));
  });
}

export function createMessenger(config: Pick<ServerConfig, 'dataDir' | 'smtpUrl' | 'mailFrom'>): Messenger {
  const dir = outboxDir(config.dataDir);
  const smtp = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  const write = async (name: string, content: Buffer | string): Promise<void> => {
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await fs.writeFile(path.join(dir, name), content, { mode: 0o600 });
  };
  return {
    async email(message) {
      if (smtp) {
        await smtp.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
        return;
      }
      await write(outboxName('eml'), await composeEmail(config.mailFrom, message));
    },
    async sms(message) {
      await write(outboxName('sms'), `To: ${message.to}\nDate: ${new Date().toUTCString()}\n\n${message.text}\n`);
    },
  };
}
