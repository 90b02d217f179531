import path from 'node:path';

/** Everything the server reads from its environment, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the database, uploads and the mail outbox live. */
  dataDir: string;
  /** The built app served at /h5/. */
  appDir: string;
  /** smtp://user:pass@host:port; when unset, mail goes to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Paper-trading demo: seeds a demo account; later issues hang demo behaviour on it. */
  demo: boolean;
  trustProxy: boolean;
  logLevel: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env['PORT']}`);
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env['DATA_DIR'] ?? 'data'),
    appDir: path.resolve(cwd, env['APP_DIR'] ?? 'dist/h5'),
    smtpUrl: env['SMTP_URL'] || null,
    mailFrom: env['MAIL_FROM'] ?? 'Kestrel <no-reply@kestrel.local>',
    demo: flag(env['DEMO'], true),
    trustProxy: flag(env['TRUST_PROXY'], false),
    logLevel: env['LOG_LEVEL'] ?? 'info',
  };
}
