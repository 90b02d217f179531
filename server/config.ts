import net from 'node:net';
import path from 'node:path';
import { isPostgresUrl, redactUrl } from './db/database';
import { Money } from '../contract/money';
import { currencyOf, INSTRUMENTS } from './market/instruments';
import { isLiveExchange, LIVE_EXCHANGES } from './market/live/connector';
import type { MarketConfig } from './market/service';
import { NETWORK_DEFAULTS, type NetworkDef } from './wallet/networks';
import { BUDGETS } from './security/rate-limit';

/** Everything the server reads from its environment, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where uploads, the mail outbox and (without DATABASE_URL) the SQLite database live. */
  dataDir: string;
  /** DATABASE_URL: postgres://user:pass@host:port/db to run on PostgreSQL; null: SQLite in dataDir. */
  databaseUrl: string | null;
  /** REDIS_URL: redis://host:port shared by several processes (the public endpoints' request counts); null: each process alone. */
  redisUrl: string | null;
  /** REDIS_PREFIX: what every key this exchange keeps in Redis starts with (several exchanges, or test runs, may share one Redis) */
  redisPrefix: string;
  /**
   * CLUSTER: this process is one of several on one PostgreSQL database and one Redis
   * (`npm run cluster`): it runs the markets it claims (server/cluster/claims.ts), not all.
   */
  cluster: boolean;
  /** The built app served at /h5/. */
  appDir: string;
  /** ADMIN_DIR: the built operator console served at /admin/ (dist/admin). */
  adminDir: string;
  /** smtp://user:pass@host:port; when unset, mail goes to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Paper-trading demo: seeds a demo account; later issues hang demo behaviour on it. */
  demo: boolean;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (IP
   * addresses or CIDR ranges); false believes none, the client is the socket's peer.
   */
  trustProxy: false | string[];
  logLevel: string;
  market: MarketConfig;
  /** what is approved at once instead of waiting for an operator (demo: recharge, identity) */
  autoApprove: ReadonlySet<'recharge' | 'identity' | 'trader' | 'nft'>;
  /** NFT_FEE: the exchange's fee on every NFT sale, a fraction of the price paid by the seller ("0.025" is 2.5 %) */
  nftFee: string;
  /** BORROW_APR: the yearly interest on loans, a fraction ("0.12" is 12 %) */
  borrowApr: string;
  /** NFT_ROYALTY: the creator's royalty on every resale, a fraction of the price ("0.05" is 5 %) */
  nftRoyalty: string;
  /** COPY_PROFIT_SHARE: the share of a profitable copy's net profit paid to its trader, "0.1" is a tenth */
  copyProfitShare: string;
  /** COPY_BOTS: seed the strategy-bot traders and run them (demo: on) */
  copyBots: boolean;
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
  /**
   * PUBLIC_RATE_LIMIT: requests per minute one IP may make to each public market endpoint
   * (quotes, candles, depth, trades, hot search, views); more answer HTTP 429. Per process.
   */
  publicRateLimit: number;
  /**
   * CODES_PER_IP: verification codes one IP may ask for in an hour (20). Raise it where
   * many users share an address (a carrier's NAT, an office, a test run from one machine).
   */
  codesPerIp: number;
  /**
   * WEBAUTHN_ORIGIN and WEBAUTHN_RP_ID: the origin passkeys are made and used on
   * (https://exchange.example) and their relying party id (exchange.example, by default the
   * origin's host name). Unset: each request's own (its Host, or behind a TRUST_PROXY its
   * X-Forwarded-Host and -Proto), server/account-security/passkeys.ts.
   */
  webauthn: { origin: string; rpId: string } | null;
  /**
   * VAPID_SUBJECT: how a browser's push service may reach the exchange's operator, sent
   * with every Web Push (mailto: or https:); by default mailto: the MAIL_FROM address.
   */
  vapidSubject: string;
  /** PUSH_CA_FILE: a PEM certificate authority Web Push requests trust besides the system's (a private push service) */
  pushCaFile: string | null;
  /**
   * PUSH_SERVICES: the hosts (and their subdomains) a device's push subscription may name,
   * comma-separated; by default the browsers' own push services. The server posts to a
   * subscription's URL, so any other is refused: no user makes it call an address of their choosing.
   */
  pushServices: readonly string[];
}

/** The push services of Chrome and Edge's Android builds (FCM), Firefox, Edge on Windows and Safari. */
const PUSH_SERVICES = 'fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com';

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

/** proxy-addr's named ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or false, no proxy; else the addresses (or CIDR ranges) of the
 * reverse proxies in front, comma-separated. Only a request arriving from one of them has
 * its X-Forwarded-For read, and only as far back as the entries those proxies added: the
 * first address from the right that is not a trusted proxy is the client, so entries a
 * client writes itself are never believed. `true` (believe any X-Forwarded-For) and a hop
 * count (which cannot tell the proxy from a client connecting directly) are refused.
 */
export function trustedProxies(value: string | undefined): false | string[] {
  if (value === undefined || ['', '0', 'false', 'no', 'off', 'none'].includes(value.trim().toLowerCase())) return false;
  const hint = 'set TRUST_PROXY to the addresses of the reverse proxies in front of the server, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,::1';
  if (['true', 'yes', 'on'].includes(value.trim().toLowerCase()))
    throw new Error(`TRUST_PROXY=${value} would believe any X-Forwarded-For a client sends, so every per-IP limit could be dodged: ${hint}`);
  if (/^\s*[0-9]+\s*$/.test(value)) throw new Error(`TRUST_PROXY=${value} looks like a hop count, which cannot tell a proxy from a client that connects directly: ${hint}`);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const validPrefix = prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (PROXY_RANGES.includes(entry)) continue;
    if (family === 0 || !validPrefix || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of ${PROXY_RANGES.join(', ')}; ${hint}`);
  }
  return entries;
}

/** WEBAUTHN_ORIGIN (and WEBAUTHN_RP_ID, the origin's host or a domain it is under), or null to read them from each request. */
export function webauthnSettings(origin: string | undefined, rpId: string | undefined): { origin: string; rpId: string } | null {
  if (!origin) {
    if (rpId) throw new Error('WEBAUTHN_RP_ID needs WEBAUTHN_ORIGIN, the origin the app is served from (https://exchange.example)');
    return null;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`WEBAUTHN_ORIGIN must be the origin the app is served from, such as https://exchange.example, got ${origin}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin.replace(/\/$/, ''))
    throw new Error(`WEBAUTHN_ORIGIN must be an origin alone (scheme, host and port, no path), such as https://exchange.example, got ${origin}`);
  const id = (rpId || url.hostname).toLowerCase();
  if (url.hostname !== id && !url.hostname.endsWith(`.${id}`)) throw new Error(`WEBAUTHN_RP_ID must be the host of WEBAUTHN_ORIGIN or a domain it is under, got ${id} for ${url.origin}`);
  return { origin: url.origin, rpId: id };
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

/**
 * MARKET=live: the exchange followed (LIVE_EXCHANGE), for a local stand-in its addresses
 * (LIVE_REST_URL, LIVE_WS_URL), and the first wait before connecting again after a loss
 * (LIVE_BACKOFF_MS; it doubles up to 30 s).
 */
function liveConfig(env: NodeJS.ProcessEnv): NonNullable<MarketConfig['live']> {
  const exchange = env['LIVE_EXCHANGE'] ?? 'binance';
  if (!isLiveExchange(exchange)) throw new Error(`LIVE_EXCHANGE must be one of ${LIVE_EXCHANGES.join(', ')}, got ${exchange}`);
  const rest = env['LIVE_REST_URL'] || null;
  const ws = env['LIVE_WS_URL'] || null;
  if ((rest === null) !== (ws === null)) throw new Error('LIVE_REST_URL and LIVE_WS_URL go together (a stand-in for the exchange serves both)');
  if (rest !== null && !/^https?:\/\/\S+$/.test(rest)) throw new Error(`LIVE_REST_URL must be an http(s):// address, got ${rest}`);
  if (ws !== null && !/^wss?:\/\/\S+$/.test(ws)) throw new Error(`LIVE_WS_URL must be a ws(s):// address, got ${ws}`);
  const backoffFirstMs = Math.floor(positive('LIVE_BACKOFF_MS', env['LIVE_BACKOFF_MS'], 500));
  return { exchange, urls: rest !== null && ws !== null ? { rest, ws } : null, backoffFirstMs };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env['PORT']}`);
  const source = env['MARKET'] ?? 'simulator';
  if (source !== 'simulator' && source !== 'replay' && source !== 'live') throw new Error(`MARKET must be simulator, replay or live, got ${source}`);
  const live = source === 'live' ? liveConfig(env) : null;
  const replayFile = env['REPLAY_FILE'] ? path.resolve(cwd, env['REPLAY_FILE']) : null;
  if (source === 'replay' && !replayFile) throw new Error('MARKET=replay needs REPLAY_FILE, a recorded feed');
  const history = env['MARKET_HISTORY'] ?? 'full';
  // Load tests only: markets past the real instruments are simulated coins (a fresh DATA_DIR, the simulator).
  const marketCount = Math.floor(positive('MARKET_COUNT', env['MARKET_COUNT'], INSTRUMENTS.length));
  if (marketCount < INSTRUMENTS.length) throw new Error(`MARKET_COUNT must be at least ${INSTRUMENTS.length}, the real instruments, got ${env['MARKET_COUNT']}`);
  if (marketCount > INSTRUMENTS.length && source !== 'simulator') throw new Error('MARKET_COUNT above the real instruments needs MARKET=simulator');
  const demo = flag(env['DEMO'], true);
  const autoApprove = new Set<'recharge' | 'identity' | 'trader' | 'nft'>();
  for (const item of (env['AUTO_APPROVE'] ?? (demo ? 'recharge,identity,trader,nft' : ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item === 'recharge' || item === 'identity' || item === 'trader' || item === 'nft') autoApprove.add(item);
    else if (item !== 'none') throw new Error(`AUTO_APPROVE takes recharge, identity, trader, nft or none, got ${item}`);
  }
  const copyProfitShare = env['COPY_PROFIT_SHARE'] || '0.1';
  if (!/^(0(\.[0-9]{1,8})?|1(\.0{1,8})?)$/.test(copyProfitShare))
    throw new Error(`COPY_PROFIT_SHARE must be a fraction from 0 to 1 with at most 8 decimals, such as 0.1 for a tenth of a copy's net profit, got ${copyProfitShare}`);
  const fraction = (name: string, fallback: string, example: string) => {
    const value = env[name] || fallback;
    if (!/^0(\.[0-9]{1,8})?$/.test(value)) throw new Error(`${name} must be a fraction from 0 up to (not including) 1 with at most 8 decimals, such as ${example}, got ${value}`);
    return new Money(value).toFixed();
  };
  const nftFee = fraction('NFT_FEE', '0.025', '0.025 for 2.5 %');
  const nftRoyalty = fraction('NFT_ROYALTY', '0.05', '0.05 for 5 %');
  const borrowApr = fraction('BORROW_APR', '0.12', '0.12 for 12 % a year');
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
  const redisUrl = env['REDIS_URL'] || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must be a redis://host:port URL, got ${redactUrl(redisUrl)}`);
  const redisPrefix = env['REDIS_PREFIX'] || 'kestrel';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(redisPrefix)) throw new Error(`REDIS_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores, got ${redisPrefix}`);
  const cluster = flag(env['CLUSTER'], false);
  if (cluster && (databaseUrl === null || redisUrl === null))
    throw new Error('CLUSTER=true runs the exchange as several processes on one PostgreSQL database and one Redis: set DATABASE_URL and REDIS_URL');
  if (cluster && source === 'replay') throw new Error('a replayed market runs in one process: MARKET=replay cannot be used with CLUSTER=true');
  if (cluster && source === 'live') throw new Error('a live market runs in one process for now: MARKET=live cannot be used with CLUSTER=true');
  const mailFrom = env['MAIL_FROM'] ?? 'Kestrel <no-reply@kestrel.local>';
  const vapidSubject = env['VAPID_SUBJECT'] || `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(vapidSubject)) throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, got ${vapidSubject}`);
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    databaseUrl,
    redisUrl,
    redisPrefix,
    cluster,
    dataDir: path.resolve(cwd, env['DATA_DIR'] ?? 'data'),
    appDir: path.resolve(cwd, env['APP_DIR'] ?? 'dist/h5'),
    adminDir: path.resolve(cwd, env['ADMIN_DIR'] ?? 'dist/admin'),
    smtpUrl: env['SMTP_URL'] || null,
    mailFrom,
    demo,
    trustProxy: trustedProxies(env['TRUST_PROXY']),
    logLevel: env['LOG_LEVEL'] ?? 'info',
    market: {
      source,
      replayFile,
      live,
      seed: Math.floor(positive('MARKET_SEED', env['MARKET_SEED'], 20261122)),
      tradesPerSecond: positive('MARKET_RATE', env['MARKET_RATE'], 200),
      history,
      markets: marketCount,
    },
    replaySpeed: positive('REPLAY_SPEED', env['REPLAY_SPEED'], 1),
    autoApprove,
    copyProfitShare: new Money(copyProfitShare).toFixed(),
    copyBots: flag(env['COPY_BOTS'], demo),
    nftFee,
    nftRoyalty,
    borrowApr,
    signupGift,
    networks: networks(env),
    exchangeFee: new Money(exchangeFee).toFixed(),
    rebateRate: new Money(rebateRate).toFixed(),
    fiatRatesFile: env['FIAT_RATES_FILE'] ? path.resolve(cwd, env['FIAT_RATES_FILE']) : null,
    publicRateLimit: Math.floor(positive('PUBLIC_RATE_LIMIT', env['PUBLIC_RATE_LIMIT'], 600)),
    codesPerIp: Math.floor(positive('CODES_PER_IP', env['CODES_PER_IP'], BUDGETS.codesPerIp.limit)),
    webauthn: webauthnSettings(env['WEBAUTHN_ORIGIN'], env['WEBAUTHN_RP_ID']),
    vapidSubject,
    pushCaFile: env['PUSH_CA_FILE'] ? path.resolve(cwd, env['PUSH_CA_FILE']) : null,
    pushServices: (env['PUSH_SERVICES'] || PUSH_SERVICES)
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
