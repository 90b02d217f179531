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
  /** what is approved at once instead of waiting for an operator (demo: recharge, identity) */
  autoApprove: ReadonlySet<'recharge' | 'identity'>;
  /** USDT each new account receives through the ledger (paper trading); "0" for none */
  signupGift: string;
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
  const demo = flag(env['DEMO'], true);
  const autoApprove = new Set<'recharge' | 'identity'>();
  for (const item of (env['AUTO_APPROVE'] ?? (demo ? 'recharge,identity' : '')).split(',').map((s) => s.trim()).filter(Boolean)) {
    if (item === 'recharge' || item === 'identity') autoApprove.add(item);
    else if (item !== 'none') throw new Error(`AUTO_APPROVE takes recharge, identity or none, got ${item}`);
  }
  const signupGift = env['SIGNUP_GIFT'] ?? (demo ? '10000' : '0');
  if (!/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,6})?$/.test(signupGift)) throw new Error(`SIGNUP_GIFT must be an amount of USDT, got ${signupGift}`);
  if (history !== 'full' && history !== 'short') throw new Error(`MARKET_HISTORY must be full or short, got ${history}`);
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env['DATA_DIR'] ?? 'data'),
    appDir: path.resolve(cwd, env['APP_DIR'] ?? 'dist/h5'),
    smtpUrl: env['SMTP_URL'] || null,
    mailFrom: env['MAIL_FROM'] ?? 'Kestrel <no-reply@kestrel.local>',
    demo,
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
    autoApprove,
    signupGift,
  };
}
