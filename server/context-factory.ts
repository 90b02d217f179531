import { Money } from '../contract/money';
import { SessionEnds } from './auth/sessions';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, type Db as Database } from './db/database';
import { seed, seedDemoAccount } from './db/seed';
import { Catalogue } from './exchange/catalogue';
import { Exchange } from './exchange/exchange';
import { JobRegistry } from './exchange/jobs';
import { FeePath } from './ledger/fees';
import { loadServerI18n } from './i18n';
import { createMessenger, type Messenger } from './mail/outbox';
import { symbolOf } from './market/instruments';
import { openMarket, replayStart } from './market/service';
import type { ReadStart } from './market/store';
import { PRODUCTS } from './products';
import { pruneChallenges } from './account-security/prune';
import { pruneAttempts } from './security/rate-limit';
import { Trading } from './trading/service';
import { CopyDesk } from './copy/desk';
import { seedCopyBots } from './copy/bots';
import { DualDesk } from './finance/dual';
import { IeoDesk, seedDemoProjects } from './finance/ieo';
import { NftDesk } from './nft/desk';
import { seedDemoNft } from './nft/seed';
import { LoanDesk } from './borrow/desk';
import { GameDesk } from './game/desk';
import { OtcDesk } from './otc/desk';
import { AlertDesk } from './alerts/desk';
import { AlertDelivery } from './alerts/delivery';
import { PushSender } from './alerts/push';
import { Broadcast } from './realtime/broadcast';
import { MarketClaims } from './cluster/claims';
import { MarketMirror, StreamPublisher } from './cluster/market-streams';
import { MarketCommands } from './cluster/commands';
import { followListings } from './cluster/listings';
import { Redis } from 'ioredis';
import { PROCESS_NAME } from './cluster/process-name';

/**
 * The server's clock. Replaying a recorded feed, it runs from the recording's start
 * (REPLAY_SPEED times as fast), so the replayed market is the recorded one, to the candle.
 */
export function serverClock(config: ServerConfig): () => number {
  if (config.market.source !== 'replay' || !config.market.replayFile) return Date.now;
  const start = replayStart(config.market.replayFile);
  const boot = Date.now();
  const speed = config.replaySpeed;
  return () => start + Math.floor((Date.now() - boot) * speed);
}

/**
 * Opens the database, runs migrations and the seed, loads the catalogue, and wires the
 * exchange and its desks (which register their settlement handlers).
 */
export async function createContext(
  config: ServerConfig,
  overrides: { database?: Database; now?: () => number; messenger?: Messenger; checkNesting?: boolean; processName?: string; readStart?: ReadStart } = {},
): Promise<AppContext> {
  const now = overrides.now ?? serverClock(config);
  const processName = overrides.processName ?? PROCESS_NAME;
  const db = overrides.database ?? (await openDatabase(config.databaseUrl ?? config.dataDir));
  const { codeSecret } = await seed(db, config, now());
  const market = await openMarket(db, config.market, now, { claimed: config.cluster, ...(overrides.readStart ? { readStart: overrides.readStart } : {}) });
  const catalogue = await Catalogue.load(db, new Map(config.networks.map((net) => [net.key, net])));
  // The order books count in the catalogue's ticks and lots: they must agree, or nothing starts.
  for (const def of market.instruments) {
    const listed = catalogue.market(def.id);
    if (listed.symbol !== symbolOf(def) || listed.pricePrecision !== def.pricePrecision || listed.qtyPrecision !== def.qtyPrecision) {
      throw new Error(
        `market ${def.id} is ${listed.symbol} (${listed.pricePrecision}/${listed.qtyPrecision} decimals) in the catalogue but ${symbolOf(def)} (${def.pricePrecision}/${def.qtyPrecision}) in the market's instruments`,
      );
    }
  }
  if (catalogue.markets.length > market.instruments.length) {
    throw new Error(`the catalogue lists ${catalogue.markets.length} markets but the market runs ${market.instruments.length}: this data was made with a larger MARKET_COUNT`);
  }
  const exchange = new Exchange(db, market, catalogue, now, overrides.checkNesting === undefined ? {} : { checkNesting: overrides.checkNesting });
  let commands: MarketCommands | null = null;
  if (config.cluster && config.redisUrl !== null) {
    const report = (what: string) => (error: unknown) => console.error(`${what}:`, error instanceof Error ? error.message : error);
    const url = config.redisUrl;
    /** A connection of its own; a lost Redis is reported once, then again once it is back (ioredis reconnects). */
    const connection = (what: string, blocking: boolean) => {
      const redis = new Redis(url, blocking ? { maxRetriesPerRequest: null } : {});
      let down = false;
      redis.on('error', (error: Error) => {
        if (down) return;
        down = true;
        console.error(`redis (${what}): ${error.message}; reconnecting`);
      });
      redis.on('ready', () => {
        if (down) console.error(`redis (${what}): connected again`);
        down = false;
      });
      return redis;
    };
    // The market feed between the processes: Redis streams (server/cluster/market-streams.ts).
    const mirror = new MarketMirror(
      connection('market streams, reading', true),
      config.redisPrefix,
      market.instruments.map((def) => def.id),
      report('reading the market streams'),
    );
    market.linkStreams(new StreamPublisher(connection('market streams, writing', false), config.redisPrefix, market.engine, report('writing the market streams')), mirror);
    await mirror.start();
    // Requests for a market another process runs, carried to it (server/cluster/commands.ts).
    commands = new MarketCommands(
      connection('market requests', false),
      connection('market requests, answers', true),
      connection('market requests, reading', true),
      config.redisPrefix,
      processName,
      () => market.owned.map((def) => def.id),
      report('market requests'),
    );
    // Coins and markets another process lists reach this one's catalogue, market and sockets.
    market.onStop(followListings(db, catalogue, exchange.bus, report('following the listings')));
  }
  const claims =
    config.cluster && config.databaseUrl !== null
      ? new MarketClaims(db, {
          url: config.databaseUrl,
          owner: processName,
          markets: market.instruments.map((def) => def.id),
          claimed: ({ market: marketId, epoch }) => exchange.claim(marketId, epoch),
          lost: (marketId) => exchange.release(marketId),
          report: (error) => console.error('market claims:', error instanceof Error ? error.message : error),
        })
      : null;
  // A coin created or a market listed while running (an IEO's token) joins the catalogue and the market once its step commits.
  exchange.bus.subscribe('listing', ({ currency, market: listed }) => {
    catalogue.addCurrency(currency);
    if (listed) {
      catalogue.addMarket(listed.market);
      market.list(listed.instrument);
      claims?.add(listed.market.id);
    }
  });
  const fees = new FeePath(new Money(config.rebateRate));
  const trading = new Trading({ db, exchange, catalogue, now, fees });
  await trading.restore();
  // Registered after the trading desks: a trader's position is mirrored once the contracts' own handlers have run.
  const copy = new CopyDesk({ db, exchange, catalogue, contracts: trading.contracts, profitShare: new Money(config.copyProfitShare) });
  const dual = new DualDesk({ db, exchange, catalogue, now });
  await dual.restore();
  const ieo = new IeoDesk({ db, catalogue, now });
  const loans = new LoanDesk({ db, exchange, catalogue, now, apr: config.borrowApr });
  await loans.restore();
  const game = new GameDesk({ db, exchange, catalogue, now });
  await game.restore();
  const alerts = new AlertDesk({ db, exchange, catalogue, contracts: trading.contracts, now, cluster: config.cluster });
  await alerts.restore();
  // Several processes: what the desks keep in memory is loaded again when this process
  // claims a market (another process ran it until then): its resting orders, and the
  // live positions, options, products, loans and rounds the market's trades settle.
  exchange.onClaim(async (marketId) => {
    await trading.spot.restore(marketId);
    await trading.contracts.restore();
    await trading.options.restore();
    await dual.restore();
    await loans.restore();
    await game.restore();
    await alerts.load(marketId);
  });
  const push = new PushSender(db, config.vapidSubject, config.pushCaFile);
  const nft = new NftDesk({ db, catalogue, fees, now, feeRate: new Money(config.nftFee), royaltyRate: new Money(config.nftRoyalty), autoApprove: config.autoApprove.has('nft') });
  await seedDemoAccount(db, exchange, config);
  const i18n = loadServerI18n();
  const messenger = overrides.messenger ?? createMessenger(config);
  // A fired alert's e-mail and notifications go out once its step has committed.
  const alertDelivery = new AlertDelivery({ db, i18n, messenger, catalogue, now }, push);
  alertDelivery.follow(exchange.bus);
  const ctx: AppContext = {
    config,
    db,
    i18n,
    messenger,
    now,
    codeSecret,
    catalogue,
    exchange,
    fees,
    jobs: new JobRegistry(db, now),
    market,
    claims,
    commands,
    trading,
    copy,
    dual,
    ieo,
    nft,
    loans,
    game,
    otc: new OtcDesk({ db, catalogue, market, now }),
    alerts,
    alertDelivery,
    push,
    broadcast: new Broadcast(),
    sessions: new SessionEnds(),
  };
  if (config.copyBots) await seedCopyBots(ctx);
  if (config.demo) await seedDemoProjects(ctx);
  if (config.demo) await seedDemoNft(ctx);
  for (const product of PRODUCTS) for (const job of product.jobs?.(ctx) ?? []) ctx.jobs.register(job);
  // Attempt budgets (server/security/rate-limit.ts): rows no budget looks at any more.
  ctx.jobs.register({ name: 'attempts-prune', everyMs: 10 * 60_000, run: async () => void (await pruneAttempts(db, now())) });
  // Login challenges and passkey ceremonies past their end (server/account-security/).
  ctx.jobs.register({ name: 'security-challenges-prune', everyMs: 10 * 60_000, run: async () => void (await pruneChallenges(db, now())) });
  return ctx;
}
