import path from 'node:path';
import { isPostgresUrl, redactUrl } from './db/database';
import { Money } from '../contract/money';
import { currencyOf, INSTRUMENTS } from './market/instruments';
import type { MarketConfig } from './market/service';
import { NETWORK_DEFAULTS, type NetworkDef } from './wallet/networks';

/** Everything the server reads from its environment, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where uploads, the mail outbox and (without DATABASE_URL) the SQLite database live. */
  dataDir: string;
  /** DATABASE_URL: postgres://user:pass@host:port/db to run on PostgreSQL; null: SQLite in dataDir. */
  databaseUrl: string | null;
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
  /**
   * The deposit and withdrawal networks with the withdrawal minimum and fee in force
   * (WITHDRAW_MIN_<KEY>, WITHDRAW_FEE_<KEY>; defaults in wallet/networks.ts).
   */
  networks: readonly NetworkDef[];
  /** EXCHANGE_FEE: the share of an exchange's proceeds taken as its fee, "0.002" is 0.2 % */
  exchangeFee: string;
  /**
   * REBATE_RATE: the share of every trading fee an invited user pays (spot fees in the
   * currency taken, contract opening fees, option fees) that goes to their inviter's coin
   * account, "0.2" is a fifth; from 0 (no rebates) to 1 (the whole fee).
   */
  rebateRate: string;
  /** FIAT_RATES_FILE: a local JSON file the fiat rates are reloaded from, at most once per 24 hours; null keeps the stored rates */
  fiatRatesFile: string | null;
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

/** An amount setting: a plain decimal within the coin's decimals. */
function amount(name: string, value: string, decimals: number): Money {
  if (!/^(0|[1-9][0-9]{0,12})(\.[0-9]+)?$/.test(value)) throw new Error(`${name} must be a plain decimal amount such as 10 or 0.0005, got ${value}`);
  const parsed = new Money(value);
  if (parsed.decimalPlaces() > decimals) throw new Error(`${name} may have at most ${decimals} decimals, got ${value}`);
  return parsed;
}

/**
 * The withdrawal minimum and fee of each network, from WITHDRAW_MIN_<KEY> and
 * WITHDRAW_FEE_<KEY> (keys BTC, ETH, USDT_ERC20, USDT_TRC20). The minimum is above
 * zero and above the fee, so a withdrawal of the minimum always sends something.
 */
function networks(env: NodeJS.ProcessEnv): NetworkDef[] {
  return NETWORK_DEFAULTS.map((def) => {
    const decimals = currencyOf(def.currency).precision;
    const minName = `WITHDRAW_MIN_${def.key}`;
    const feeName = `WITHDRAW_FEE_${def.key}`;
    const min = amount(minName, env[minName] || def.minWithdraw, decimals);
    const fee = amount(feeName, env[feeName] || def.withdrawFee, decimals);
    if (min.lte(0)) throw new Error(`${minName} must be above 0, got ${min.toFixed()}`);
    if (fee.gte(min)) throw new Error(`${feeName} (${fee.toFixed()}) must be below ${minName} (${min.toFixed()}): a withdrawal of the minimum would send nothing`);
    return { ...def, minWithdraw: min.toFixed(), withdrawFee: fee.toFixed() };
  });
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env['PORT']}`);
  const source = env['MARKET'] ?? 'simulator';
  if (source !== 'simulator' && source !== 'replay') throw new Error(`MARKET must be simulator or replay, got ${source}`);
  const replayFile = env['REPLAY_FILE'] ? path.resolve(cwd, env['REPLAY_FILE']) : null;
  if (source === 'replay' && !replayFile) throw new Error('MARKET=replay needs REPLAY_FILE, a recorded feed');
  const history = env['MARKET_HISTORY'] ?? 'full';
  // Load tests only: markets past the real instruments are simulated coins (a fresh DATA_DIR, the simulator).
  const marketCount = Math.floor(positive('MARKET_COUNT', env['MARKET_COUNT'], INSTRUMENTS.length));
  if (marketCount < INSTRUMENTS.length) throw new Error(`MARKET_COUNT must be at least ${INSTRUMENTS.length}, the real instruments, got ${env['MARKET_COUNT']}`);
  if (marketCount > INSTRUMENTS.length && source !== 'simulator') throw new Error('MARKET_COUNT above the real instruments needs MARKET=simulator');
  const demo = flag(env['DEMO'], true);
  const autoApprove = new Set<'recharge' | 'identity'>();
  for (const item of (env['AUTO_APPROVE'] ?? (demo ? 'recharge,identity' : ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item === 'recharge' || item === 'identity') autoApprove.add(item);
    else if (item !== 'none') throw new Error(`AUTO_APPROVE takes recharge, identity or none, got ${item}`);
  }
  const signupGift = env['SIGNUP_GIFT'] ?? (demo ? '10000' : '0');
  if (!/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,6})?$/.test(signupGift)) throw new Error(`SIGNUP_GIFT must be an amount of USDT, got ${signupGift}`);
  if (history !== 'full' && history !== 'short') throw new Error(`MARKET_HISTORY must be full or short, got ${history}`);
  const exchangeFee = env['EXCHANGE_FEE'] || '0.002';
  if (!/^0(\.[0-9]{1,8})?$/.test(exchangeFee)) throw new Error(`EXCHANGE_FEE must be a fraction from 0 up to (not including) 1 with at most 8 decimals, such as 0.002 for 0.2 %, got ${exchangeFee}`);
  const rebateRate = env['REBATE_RATE'] || '0.2';
  if (!/^(0(\.[0-9]{1,8})?|1(\.0{1,8})?)$/.test(rebateRate))
    throw new Error(`REBATE_RATE must be a fraction from 0 to 1 with at most 8 decimals, such as 0.2 for a fifth of each fee, got ${rebateRate}`);
  const databaseUrl = env['DATABASE_URL'] || null;
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) throw new Error(`DATABASE_URL must be a postgres://user:password@host:port/database URL, got ${redactUrl(databaseUrl)}`);
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    databaseUrl,
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
      markets: marketCount,
    },
    replaySpeed: positive('REPLAY_SPEED', env['REPLAY_SPEED'], 1),
    autoApprove,
    signupGift,
    networks: networks(env),
    exchangeFee: new Money(exchangeFee).toFixed(),
    rebateRate: new Money(rebateRate).toFixed(),
    fiatRatesFile: env['FIAT_RATES_FILE'] ? path.resolve(cwd, env['FIAT_RATES_FILE']) : null,
  };
}
