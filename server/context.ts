import type { SessionEnds } from './auth/sessions';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { Catalogue } from './exchange/catalogue';
import type { Exchange } from './exchange/exchange';
import type { JobRegistry } from './exchange/jobs';
import type { FeePath } from './ledger/fees';
import type { ServerI18n } from './i18n';
import type { Messenger } from './mail/outbox';
import type { MarketService } from './market/service';
import type { Trading } from './trading/service';
import type { CopyDesk } from './copy/desk';
import type { DualDesk } from './finance/dual';
import type { IeoDesk } from './finance/ieo';
import type { NftDesk } from './nft/desk';
import type { LoanDesk } from './borrow/desk';
import type { GameDesk } from './game/desk';
import type { OtcDesk } from './otc/desk';
import type { AlertDesk } from './alerts/desk';
import type { AlertDelivery } from './alerts/delivery';
import type { PushSender } from './alerts/push';
import type { Broadcast } from './realtime/broadcast';
import type { MarketClaims } from './cluster/claims';
import type { MarketCommands } from './cluster/commands';

/** What every domain's routes and services are built from. One per server process. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  i18n: ServerI18n;
  messenger: Messenger;
  /** Milliseconds since 1970; tests move it forward. */
  now: () => number;
  /** Secret for verification-code hashes, created by the seed. */
  codeSecret: string;
  /** currencies, networks and markets, loaded once */
  catalogue: Catalogue;
  /** the single writer: every change to books, positions and balances is one of its steps */
  exchange: Exchange;
  /** scheduled work (lock-up payouts, fiat rates...), started by main.ts */
  jobs: JobRegistry;
  /** the one fee path (coupons, the fee movement, the inviter's rebate) */
  fees: FeePath;
  /** the books, the source and the market feed */
  market: MarketService;
  /** CLUSTER: the markets this process claims (started by main.ts); null: it runs them all */
  claims: MarketClaims | null;
  /** CLUSTER: requests carried to the process that runs their market (started by buildApp) */
  commands: MarketCommands | null;
  trading: Trading;
  /** copy trading: follows, mirrored positions, profit shares (server/copy/desk.ts) */
  copy: CopyDesk;
  /** dual investment (server/finance/dual.ts) */
  dual: DualDesk;
  /** IEO subscriptions (server/finance/ieo.ts) */
  ieo: IeoDesk;
  /** the NFT marketplace (server/nft/desk.ts) */
  nft: NftDesk;
  /** crypto-backed loans (server/borrow/desk.ts) */
  loans: LoanDesk;
  /** the mini game (server/game/desk.ts) */
  game: GameDesk;
  /** OTC (P2P) trading (server/otc/desk.ts) */
  otc: OtcDesk;
  /** price alerts, watched on the trades (server/alerts/desk.ts) */
  alerts: AlertDesk;
  /** their e-mails and Web Push notifications, after the commit (server/alerts/delivery.ts) */
  alertDelivery: AlertDelivery;
  /** Web Push with the exchange's VAPID keys (server/alerts/push.ts) */
  push: PushSender;
  /** pushes outside the exchange's steps (chat), plugged in by the socket server */
  broadcast: Broadcast;
  /** sessions ended (logout, password change or reset): the socket server closes their sockets */
  sessions: SessionEnds;
}
