import path from 'node:path';
import type { MarketConfig } from './market/service';

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
  market: MarketConfig;
  /** replay only: how many recorded seconds pass per real second */
  replaySpeed: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env['PORT']}`);
  const source = env['MARKET'] ?? 'simulator';
  if (source !== 'simulator' && source !== 'replay') throw new Error(`MARKET must be simulator or replay, got ${source}`);
  const replayFile = env['REPLAY_FILE'] ? path.resolve(cwd, env['REPLAY_FILE']) : null;
  if (source === 'replay' && !replayFile) throw new Error('MARKET=replay needs REPLAY_FILE, a recorded feed');
  const history = env['MARKET_HISTORY'] ?? 'full';
  if (history !== 'full' && history !== 'short') throw new Error(`MARKET_HISTORY must be full or short, got ${history}`);
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
    market: {
      source,
      replayFile,
      seed: Math.floor(positive('MARKET_SEED', env['MARKET_SEED'], 20261122)),
      tradesPerSecond: positive('MARKET_RATE', env['MARKET_RATE'], 200),
      history,
    },
    replaySpeed: positive('REPLAY_SPEED', env['REPLAY_SPEED'], 1),
  };
}
