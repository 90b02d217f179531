import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types for Kysely. Times are milliseconds since 1970. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  uploads: UploadsTable;
  settings: SettingsTable;
  currencies: CurrenciesTable;
  markets: MarketsTable;
  networks: NetworksTable;
  jobs: JobsTable;
  klines: KlinesTable;
  favourites: FavouritesTable;
  market_views: MarketViewsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  deposit_addresses: DepositAddressesTable;
  recharges: RechargesTable;
  withdrawals: WithdrawalsTable;
  account_transfers: AccountTransfersTable;
  exchanges: ExchangesTable;
  user_wallets: UserWalletsTable;
  coupons: CouponsTable;
  fiat_rates: FiatRatesTable;
  operators: OperatorsTable;
  operator_actions: OperatorActionsTable;
  operator_sessions: OperatorSessionsTable;
  operator_totp_setups: OperatorTotpSetupsTable;
  identity_submissions: IdentitySubmissionsTable;
  spot_orders: SpotOrdersTable;
  spot_fills: SpotFillsTable;
  request_ids: RequestIdsTable;
  attempts: AttemptsTable;
  security_changes: SecurityChangesTable;
  lever_positions: LeverPositionsTable;
  lever_close_orders: LeverCloseOrdersTable;
  micro_orders: MicroOrdersTable;
  bank_cards: BankCardsTable;
  invite_rebates: InviteRebatesTable;
  lockup_orders: LockupOrdersTable;
  lockup_products: LockupProductsTable;
  traders: TradersTable;
  trader_stats: TraderStatsTable;
  follows: FollowsTable;
  copy_skips: CopySkipsTable;
  dual_products: DualProductsTable;
  dual_orders: DualOrdersTable;
  ieo_projects: IeoProjectsTable;
  ieo_orders: IeoOrdersTable;
  market_listings: MarketListingsTable;
  nft_media: NftMediaTable;
  nft_artists: NftArtistsTable;
  nft_collections: NftCollectionsTable;
  nft_items: NftItemsTable;
  nft_sales: NftSalesTable;
  nft_bids: NftBidsTable;
  nft_deposits: NftDepositsTable;
  nft_boxes: NftBoxesTable;
  nft_box_units: NftBoxUnitsTable;
  nft_orders: NftOrdersTable;
  nft_messages: NftMessagesTable;
  nft_favourites: NftFavouritesTable;
  loans: LoansTable;
  game_wallets: GameWalletsTable;
  game_rounds: GameRoundsTable;
  otc_ads: OtcAdsTable;
  otc_orders: OtcOrdersTable;
  chat_messages: ChatMessagesTable;
  chat_reports: ChatReportsTable;
  chat_mutes: ChatMutesTable;
  news: NewsTable;
  news_texts: NewsTextsTable;
  faqs: FaqsTable;
  faq_texts: FaqTextsTable;
  pages: PagesTable;
  market_claims: MarketClaimsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  login_events: LoginEventsTable;
  user_devices: UserDevicesTable;
  withdraw_whitelists: WithdrawWhitelistsTable;
  price_alerts: PriceAlertsTable;
  alert_firings: AlertFiringsTable;
  push_subscriptions: PushSubscriptionsTable;
  chart_preferences: ChartPreferencesTable;
}

/** Amounts are decimal strings at their currency's precision. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** "user:<id>" or "house:<name>" */
  owner: string;
  user_id: number | null;
  currency_id: number;
  /** legal | change | lever | micro, or house */
  kind: string;
  /** available | frozen | locked, or house */
  part: string;
  balance: string;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  reason: string;
  ref_kind: string;
  ref_id: string;
  user_id: number | null;
  memo: string;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  /** signed: positive adds to the account */
  amount: string;
  balance_after: string;
}

export interface DepositAddressesTable {
  user_id: number;
  network: string;
  address: string;
  created_at: number;
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network: string;
  amount: string;
  address: string;
  sender: string;
  voucher: string;
  status: ReviewStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network: string;
  address: string;
  amount: string;
  fee: string;
  net: string;
  btc_value: string;
  status: 'pending' | 'completed' | 'rejected';
  reason: string;
  txid: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface AccountTransfersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  amount: string;
  from_kind: string;
  to_kind: string;
  created_at: number;
}

/** What a request id already did (wallet/requests.ts). */
/** An attempt budget's key and its attempts still in its window (server/security/rate-limit.ts). */
export interface AttemptsTable {
  /** "<budget>:<subject>", e.g. "pay:12" or "login-source:ann@example.com|10.0.0.1" */
  key: string;
  /** JSON array of {at (ms since 1970), pending (the reservation's id, until its request settles it)}, oldest first */
  entries: string;
  updated_at: number;
}

/** A change to what protects an account (server/auth/protection.ts). */
export interface SecurityChangesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'password' | 'pay_password' | 'email' | 'mobile' | 'totp' | 'recovery_codes' | 'passkey' | 'whitelist';
  /** a replacement: withdrawals wait until then; null when the first one was set */
  held_until: number | null;
  created_at: number;
}

export interface RequestIdsTable {
  user_id: number;
  request_id: string;
  kind: 'withdraw' | 'move' | 'exchange' | 'spot' | 'contract' | 'close' | 'option' | 'ieo' | 'nft' | 'loan' | 'game' | 'otc' | 'alert' | 'coupon';
  ref_id: number;
  created_at: number;
}

export interface ExchangesTable {
  id: Generated<number>;
  user_id: number;
  from_currency_id: number;
  to_currency_id: number;
  amount: string;
  received: string;
  fee: string;
  fee_rate: string;
  coupon_id: number | null;
  /** JSON: the market ticks the price came from */
  ticks: string;
  created_at: number;
}

export interface UserWalletsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network: string;
  name: string;
  address: string;
  qrcode: string;
  created_at: number;
}

export interface CouponsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'fee_discount' | 'bonus';
  /** fee_discount: the share of the fee waived (0.5); bonus: the amount */
  value: string;
  /** fee_discount: the one product whose fee it discounts; bonus: null */
  scope: 'conversion' | 'spot' | null;
  currency_id: number | null;
  /** revoked: taken back by an operator while it was available (migration 031) */
  status: 'available' | 'used' | 'revoked';
  expires_at: number;
  used_at: number | null;
  used_ref: string | null;
  created_at: number;
  /** the operator who granted it; null: a welcome coupon */
  granted_by: string | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

export interface SpotOrdersTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  side: 'buy' | 'sell';
  /** stop_limit: enters the book at `price` once a trade reaches `trigger_price`; oco: rests at `price` (take profit) while its stop waits */
  type: 'limit' | 'market' | 'stop_limit' | 'oco';
  price: string | null;
  /** a stop's trigger (stop_limit, oco) */
  trigger_price: string | null;
  /** an OCO's stop limit: where it enters the book once triggered */
  stop_price: string | null;
  /** a stop's state: waiting for its trigger, triggered, or cancelled (an OCO whose take profit filled first); null for other orders */
  stop_state: 'waiting' | 'triggered' | 'cancelled' | null;
  /** the trade that decided the stop (its trigger, or the OCO fill that cancelled it), as a tick (JSON) */
  trigger_tick: string | null;
  /** why an order ended unfilled without the user: self_trade (a triggered stop would have met the user's own order) */
  cancel_reason: 'self_trade' | null;
  /** base quantity ordered */
  amount: string;
  filled: string;
  quote_filled: string;
  /** in the currency received */
  fee: string;
  fee_rate: string;
  coupon_id: number | null;
  /** what is still frozen for the order (quote for a buy, base for a sell) */
  frozen: string;
  status: 'open' | 'filled' | 'cancelled';
  created_at: number;
  updated_at: number;
}

export interface SpotFillsTable {
  id: Generated<number>;
  market_id: number;
  /** the trade (print) of the market */
  seq: number;
  time: number;
  price: string;
  amount: string;
  quote_amount: string;
  taker_side: 'buy' | 'sell';
  /** null: the market's own flow (a simulated taker, the market maker) */
  taker_order_id: number | null;
  maker_order_id: number | null;
  taker_fee: string;
  maker_fee: string;
  /**
   * a live market's fill: `<exchange>:trade:<id>` (the real trade that went through a resting
   * order) or `<exchange>:book:<update id>` (the book a taker walked); null when simulated
   */
  exchange_ref: string | null;
  /** that trade's or book update's time on the exchange */
  exchange_time: number | null;
  /** that trade's price (a resting order fills at its own, which the trade went through) */
  exchange_price: string | null;
}

export interface LeverPositionsTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  /** 1 long, -1 short */
  direction: 1 | -1;
  type: 'market' | 'limit';
  status: 'pending' | 'open' | 'closed' | 'cancelled';
  share: number;
  quantity: string;
  multiple: number;
  price: string | null;
  limit_price: string | null;
  margin: string;
  fee: string;
  overnight_rate: string;
  overnight: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  /** 'copy': a copy closed with its trader's position */
  close_reason: 'user' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation' | 'copy' | 'trailing_stop' | 'limit_close' | null;
  profit: string | null;
  shortfall: string;
  open_tick: string | null;
  close_tick: string | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  /** copy trading: the follow that opened this copy, and the trader's position and trader it copies */
  copy_follow_id: number | null;
  copy_source_id: number | null;
  copy_trader_id: number | null;
  /** 1 while the copy follows its trader's changes and closes; 0 once self-held (or not a copy) */
  copy_linked: Generated<number>;
  /** the profit share this copy paid its trader */
  copy_share: Generated<string>;
  /** a part closed of another position: that position's id */
  parent_id: number | null;
  /** a trailing stop: its callback as a share of the best price, or as a distance in price (one of them), and the best trade price since it was set */
  trail_rate: string | null;
  trail_distance: string | null;
  trail_best: string | null;
  trail_set_at: number | null;
}

/** A reduce-only order closing (part of) one position: at once (market) or when a trade reaches its limit. */
export interface LeverCloseOrdersTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  position_id: number;
  type: 'market' | 'limit';
  /** lots asked to close */
  share: number;
  price: string | null;
  status: 'pending' | 'filled' | 'cancelled';
  /** user: cancelled by its owner; position_closed: the position closed before a trade reached the limit */
  cancel_reason: 'user' | 'position_closed' | null;
  /** lots it closed (at most what the position held then) */
  closed_share: Generated<number>;
  /** the closed position the lots became (the position itself when all of it closed) */
  closed_position_id: number | null;
  close_price: string | null;
  profit: string | null;
  /** the trade it closed at (JSON tick) */
  tick: string | null;
  created_at: number;
  updated_at: number;
}

export interface MicroOrdersTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  currency_id: number;
  /** 1 up, -1 down */
  direction: 1 | -1;
  seconds: number;
  profit_ratio: string;
  stake: string;
  fee: string;
  open_price: string;
  open_tick: string;
  expires_at: number;
  status: 'open' | 'settled';
  result: 'win' | 'tie' | 'loss' | null;
  close_price: string | null;
  close_tick: string | null;
  payout: string;
  created_at: number;
  settled_at: number | null;
}

/** A user's bank card: one of each kind; saving again replaces it. */
export interface BankCardsTable {
  user_id: number;
  kind: 'domestic' | 'international';
  /** the card holder: the user's verified name */
  holder_name: string;
  bank_name: string;
  account_number: string;
  phone: string;
  /** domestic: the branch */
  branch: string;
  /** domestic: the bank's region; international: the bank's address */
  bank_address: string;
  /** international: the ABA routing number */
  aba_number: string;
  /** international */
  swift_code: string;
  /** international: the card holder's address */
  holder_address: string;
  created_at: number;
  updated_at: number;
}

/**
 * A lock-up mining product, run by operators (server/finance/products.ts). Its terms apply
 * to purchases made while they hold: an order copies what it needs at purchase.
 */
export interface LockupProductsTable {
  id: Generated<number>;
  /** the coin's code (USDT, BTC...) */
  currency: string;
  days: number;
  min_amount: string;
  /** the daily rate at min_amount, rising to rate_max at full_rate_amount (fractions) */
  rate_min: string;
  rate_max: string;
  full_rate_amount: string;
  /** early redemption: this fraction of the amount per day left */
  penalty_rate: string;
  /** paused: out of the app's list, and purchases are refused */
  status: 'open' | 'paused';
  /** the list's order, smallest first (then by id) */
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A lock-up mining order (server/finance/lockup.ts). */
export interface LockupOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  currency_id: number;
  amount: string;
  /** the daily yield fixed at purchase, a fraction (0.0035 is 0.35 %) */
  daily_rate: string;
  days: number;
  /** early redemption: this fraction of the amount per day left */
  penalty_rate: string;
  days_paid: number;
  earned: string;
  /** active, then completed at the end of the term or redeemed early */
  status: 'active' | 'completed' | 'redeemed';
  penalty: string;
  started_at: number;
  ends_at: number;
  closed_at: number | null;
}

/** A share of an invitee's trading fee paid to the inviter (user_id), once per fee. */
export interface InviteRebatesTable {
  id: Generated<number>;
  /** the inviter, who receives it */
  user_id: number;
  /** the invitee who paid the fee */
  from_user_id: number;
  source: 'spot' | 'contract' | 'option';
  currency_id: number;
  fee: string;
  amount: string;
  /** the ledger reference that paid it: "rebate:<the fee's reference>" */
  ledger_ref: string;
  created_at: number;
}

/** An article (category 4) or a banner (5); its text per language is in news_texts. */
export interface NewsTable {
  id: Generated<number>;
  category: number;
  /** an image under /uploads/, or null */
  cover: string | null;
  /** 1 for the pop-up notice (at most one article at a time) */
  pop: number;
  /** banners: ascending order */
  sort: number;
  /** what the seed wrote (the seed never writes it again), else null */
  seed_key: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface NewsTextsTable {
  news_id: number;
  /** one of the eight language codes */
  lang: string;
  title: string;
  summary: string;
  /** sanitised HTML */
  content: string;
  updated_at: number;
}

export interface FaqsTable {
  id: Generated<number>;
  sort: number;
  seed_key: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface FaqTextsTable {
  faq_id: number;
  lang: string;
  question: string;
  /** sanitised HTML */
  answer: string;
  updated_at: number;
}

/** The fixed pages (aboutus, contactus, operational_compliance) per language. */
export interface PagesTable {
  key: string;
  lang: string;
  title: string;
  /** sanitised HTML */
  content: string;
  updated_at: number;
}

export interface FiatRatesTable {
  code: string;
  /** units of this currency per US dollar */
  rate: string;
  updated_at: number;
  source: string;
}

export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  created_at: number;
  /** the account's password (argon2id), once secured */
  password_hash: string | null;
  /** the authenticator in use (base32), once a setup was confirmed */
  totp_secret: string | null;
  totp_enabled_at: number | null;
  /** the newest 30-second step a code was accepted for */
  totp_last_step: Generated<number>;
}

/** An authenticator being set up for an operator account, until its first code confirms it. */
export interface OperatorTotpSetupsTable {
  operator_id: number;
  secret: string;
  created_at: number;
}

/** A sign-in to the console with an operator account: its own token, expiring, revocable. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OperatorActionsTable {
  id: Generated<number>;
  operator: string;
  action: string;
  target: string;
  detail: string;
  at: number;
}

export interface IdentitySubmissionsTable {
  id: Generated<number>;
  user_id: number;
  level: number;
  id_type: string;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  status: ReviewStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface CurrenciesTable {
  id: number;
  code: string;
  name: string;
  kind: 'crypto' | 'fiat' | 'stock';
  precision: number;
}

export interface MarketsTable {
  id: number;
  base_currency_id: number;
  quote_currency_id: number;
  symbol: string;
  kind: 'crypto' | 'stock';
  price_precision: number;
  qty_precision: number;
  /** 1 when tradable as a leveraged contract */
  contract: number;
  sort: number;
  /** base units per contract lot (0.01 BTC, one share); null without contracts */
  contract_lot: string | null;
}

/** Deposit and withdrawal networks of a coin; the withdrawal figures in force are settings (config.ts). */
export interface NetworksTable {
  /** names its settings: WITHDRAW_MIN_<key>, WITHDRAW_FEE_<key> */
  key: string;
  currency_id: number;
  network: 'BTC' | 'ERC20' | 'TRC20';
  name: string;
  address_format: 'bitcoin-testnet' | 'ethereum' | 'tron';
  min_withdraw: string;
  withdraw_fee: string;
  sort: number;
}

/** Scheduled work (server/exchange/jobs.ts): when each job last ran and how it ended. */
export interface JobsTable {
  name: string;
  runs: Generated<number>;
  last_started_at: number | null;
  last_finished_at: number | null;
  last_error: string | null;
  /** the process whose run holds the job (one run at a time across processes), and until when at most */
  lease_owner: string | null;
  lease_until: number | null;
}

export interface KlinesTable {
  market_id: number;
  period: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

export interface FavouritesTable {
  user_id: number;
  market_id: number;
  created_at: number;
}

export interface MarketViewsTable {
  id: Generated<number>;
  market_id: number;
  /** "u:<user id>" or "ip:<address>": who looked, for counting people rather than requests */
  viewer: string;
  source: 'detail' | 'search';
  at: number;
}

export interface UsersTable {
  id: Generated<number>;
  uid: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: string;
  signature: string;
  head_portrait: string;
  credit_score: number;
  invite_code: string;
  invited_by: number | null;
  created_at: number;
  updated_at: number;
  /** identity verification level passed: 0 none, 1, 2 */
  real_level: Generated<number>;
  /** frozen by an operator (null: not frozen): no session works and no login or password reset is accepted */
  frozen_at: number | null;
  frozen_reason: string | null;
  frozen_by: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export type CodeChannel = 'email' | 'sms';

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: CodeChannel;
  /** normalised e-mail, or "+<area code> <mobile>" */
  target: string;
  scene: string;
  /** set for scenes bound to a logged-in account */
  user_id: number | null;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  path: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  /** 1 when GET /getSetting may answer it */
  public: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CodeRow = Selectable<VerificationCodesTable>;

export interface TradersTable {
  user_id: number;
  status: 'pending' | 'approved' | 'rejected';
  /** 1: a strategy bot the exchange runs on the simulated market (the demo seed's) */
  bot: Generated<number>;
  /** 'delayed': open positions are shown once they are older than the delay */
  visibility: Generated<'live' | 'delayed'>;
  reason: Generated<string>;
  applied_at: number;
  reviewed_at: number | null;
}

export interface TraderStatsTable {
  user_id: number;
  total_profit: string;
  win_rate: string | null;
  position_value: string;
  followers: number;
  orders: number;
  profitable_orders: number;
  long_orders: number;
  long_wins: number;
  short_orders: number;
  short_wins: number;
  followers_profit: string;
  /** JSON: cumulative profit at the end of each of the last 30 UTC days */
  curve: string;
  computed_at: number;
}

export interface FollowsTable {
  id: Generated<number>;
  follower_id: number;
  trader_id: number;
  mode: 'multiple' | 'lots';
  number: string;
  max_margin: string | null;
  end_time: number | null;
  status: 'active' | 'cancelled' | 'ended';
  active_key: string | null;
  created_at: number;
  closed_at: number | null;
}

export interface CopySkipsTable {
  id: Generated<number>;
  follow_id: number;
  follower_id: number;
  trader_id: number;
  source_position_id: number;
  market_id: number;
  direction: 1 | -1;
  reason: 'margin' | 'cap' | 'ended' | 'too_small' | 'rules' | 'frozen' | 'trader_frozen';
  created_at: number;
}

export interface DualProductsTable {
  id: Generated<number>;
  market_id: number;
  type: 'call' | 'put';
  unit_price: string;
  apr: string;
  linked_price: string;
  days: number;
  subscribe_until: number;
  maturity_at: number;
  total_shares: number;
  sold_shares: Generated<number>;
  status: 'active' | 'settled' | 'closed';
  /** JSON TickRecord of the trade that settled it */
  settle_tick: string | null;
  created_at: number;
  settled_at: number | null;
}

export interface DualOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  num: number;
  currency_id: number;
  amount: string;
  status: 'purchased' | 'completed' | 'failed';
  payout_currency_id: number | null;
  payout_amount: string | null;
  created_at: number;
  settled_at: number | null;
}

export interface IeoProjectsTable {
  id: Generated<number>;
  name: string;
  token_currency_id: number;
  pay_currency_id: number;
  issue_price: string;
  total_issuance: string;
  subscribed: string;
  max_per_user: string;
  lock_days: number;
  start_at: number;
  end_at: number;
  list_at: number;
  white_paper: string;
  website: string;
  intro: string;
  allocated_at: number | null;
  market_id: number | null;
  listed_at: number | null;
  created_at: number;
}

export interface IeoOrdersTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  amount: string;
  price: string;
  paid: string;
  status: 'pending' | 'allocated' | 'released' | 'refunded';
  allocated: string | null;
  cost: string | null;
  refund: string | null;
  created_at: number;
  allocated_at: number | null;
  release_at: number | null;
  released_at: number | null;
}

/** A market added while the exchange runs (an IEO token), with what the simulator runs it by. */
export interface MarketListingsTable {
  market_id: number;
  open_price: string;
  volatility: number;
  flow_weight: number;
  average_notional: number;
  listed_at: number;
}

export type NftMediaType = 'image' | 'gif' | 'audio' | 'video';

export interface NftMediaTable {
  id: Generated<number>;
  path: string;
  type: NftMediaType;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  created_at: number;
}

export interface NftArtistsTable {
  user_id: number;
  name: string;
  avatar: string;
  bio: string;
  created_at: number;
}

export interface NftCollectionsTable {
  id: Generated<number>;
  artist_id: number;
  name: string;
  description: string;
  cover: string;
  created_at: number;
}

export interface NftItemsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  creator_id: number;
  owner_id: number;
  collection_id: number | null;
  rarity: 'common' | 'rare' | 'epic' | 'legendary';
  media_id: number;
  cover: string;
  /** "sale:<id>" or "box:<id>" while a sale or a box holds it */
  listed: string | null;
  created_at: number;
}

export interface NftSalesTable {
  id: Generated<number>;
  item_id: number;
  seller_id: number;
  mode: 'normal' | 'auction';
  resale: number;
  currency_id: number;
  price: string;
  increment: string | null;
  deposit: string | null;
  start_at: number;
  end_at: number;
  status: 'review' | 'live' | 'rejected' | 'sold' | 'unsold' | 'awarded';
  reason: string | null;
  current_bid: string | null;
  bidder_id: number | null;
  bids: number;
  created_at: number;
  settled_at: number | null;
}

export interface NftBidsTable {
  id: Generated<number>;
  sale_id: number;
  user_id: number;
  price: string;
  created_at: number;
}

export interface NftDepositsTable {
  id: Generated<number>;
  sale_id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  status: 'held' | 'returned' | 'forfeited';
  created_at: number;
  settled_at: number | null;
}

export interface NftBoxesTable {
  id: Generated<number>;
  seller_id: number;
  name: string;
  description: string;
  cover: string;
  currency_id: number;
  price: string;
  start_at: number;
  end_at: number;
  contents: string;
  commitment: string;
  seed: string;
  sold: number;
  /** ended: the sale is over and the items no box drew are free again */
  status: 'review' | 'live' | 'rejected' | 'ended';
  reason: string | null;
  created_at: number;
}

export interface NftBoxUnitsTable {
  id: Generated<number>;
  box_id: number;
  number: number;
  owner_id: number;
  item_id: number | null;
  created_at: number;
  opened_at: number | null;
}

export interface NftOrdersTable {
  id: Generated<number>;
  kind: 'normal' | 'auction' | 'box';
  sale_id: number | null;
  box_id: number | null;
  item_id: number | null;
  buyer_id: number;
  seller_id: number;
  currency_id: number;
  price: string;
  fee: string | null;
  royalty: string | null;
  status: 'to_pay' | 'paid' | 'expired';
  pay_by: number | null;
  created_at: number;
  paid_at: number | null;
}

export interface NftMessagesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'outbid' | 'won' | 'expired' | 'sold' | 'returned' | 'forfeit';
  sale_id: number | null;
  order_id: number | null;
  item_id: number | null;
  amount: string | null;
  read_at: number | null;
  created_at: number;
}

export interface NftFavouritesTable {
  user_id: number;
  item_id: number;
  created_at: number;
}

export interface LoansTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  collateral_currency_id: number;
  collateral: string;
  debt_currency_id: number;
  borrowed: string;
  principal: string;
  interest: string;
  apr: string;
  status: 'open' | 'repaid' | 'liquidated';
  /** JSON TickRecord: the trade whose price the loan opened at */
  open_tick: string;
  accrued_at: number;
  repayments: number;
  topups: number;
  surplus: string | null;
  margin_called_at: number | null;
  /** JSON TickRecord: the trade that liquidated it */
  close_tick: string | null;
  created_at: number;
  closed_at: number | null;
}

/** Game points: not money, never in the ledger. */
export interface GameWalletsTable {
  user_id: number;
  points: number;
  claimed_on: string | null;
}

export interface GameRoundsTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  guess: 'higher' | 'lower';
  stake: number;
  /** JSON TickRecord: the trade the round started at */
  start_tick: string;
  expires_at: number;
  status: 'open' | 'won' | 'lost' | 'tie';
  /** JSON TickRecord: the first trade at or after expiry */
  settle_tick: string | null;
  payout: number | null;
  created_at: number;
  settled_at: number | null;
}

export interface OtcAdsTable {
  id: Generated<number>;
  user_id: number;
  side: 'sell' | 'buy';
  currency_id: number;
  fiat: string;
  price_type: 'fixed' | 'floating';
  price: string | null;
  margin: string | null;
  min_fiat: string;
  max_fiat: string;
  remaining: string;
  /** JSON array of bank card kinds: "domestic", "international" */
  payments: string;
  window_minutes: number;
  status: 'online' | 'offline';
  created_at: number;
}

export interface OtcOrdersTable {
  id: Generated<number>;
  ad_id: number;
  buyer_id: number;
  seller_id: number;
  advertiser_id: number;
  currency_id: number;
  fiat: string;
  price: string;
  amount: string;
  fiat_amount: string;
  price_tick: string | null;
  status: 'pending' | 'paid' | 'appeal' | 'released' | 'cancelled' | 'expired' | 'returned';
  pay_by: number;
  proof: string | null;
  paid_at: number | null;
  appeal_by: number | null;
  appeal_reason: string | null;
  decided_by: string | null;
  created_at: number;
  closed_at: number | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room: string;
  user_id: number;
  body: string;
  image: string | null;
  created_at: number;
  removed_at: number | null;
  removed_by: string | null;
}

export interface ChatReportsTable {
  id: Generated<number>;
  message_id: number;
  reporter_id: number;
  reason: string;
  created_at: number;
  handled_at: number | null;
}

export interface ChatMutesTable {
  user_id: number;
  until: number;
  reason: string;
  muted_by: string;
  created_at: number;
}

/** Who runs each market's engine (server/cluster/claims.ts): the epoch rises with every claim. */
export interface MarketClaimsTable {
  market_id: number;
  epoch: number;
  owner: string;
  claimed_at: number;
}

/** An authenticator app's secret (server/account-security/totp.ts); enabled once its first code was given. */
export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  enabled_at: number | null;
  /** the newest 30-second step a code was accepted for */
  last_step: Generated<number>;
  created_at: number;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** The second step of a login that needs an authenticator code: never a session itself. */
export interface LoginChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  ip: string;
  user_agent: string;
  device_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  rp_id: string;
  name: string;
  /** 1: a synced (multi-device) passkey that is backed up */
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  purpose: 'register' | 'login';
  user_id: number | null;
  session_id: number | null;
  rp_id: string;
  origin: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type LoginMethod = 'password' | 'passkey';
export type SecondFactor = 'totp' | 'recovery';
export type LoginFailure = 'password' | 'code' | 'code_reused' | 'passkey';

export interface LoginEventsTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  ip: string;
  user_agent: string;
  method: LoginMethod;
  second_factor: SecondFactor | null;
  /** 1 a session was made, 0 refused */
  success: number;
  failure: LoginFailure | null;
}

export interface UserDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_key: string;
  user_agent: string;
  language: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface WithdrawWhitelistsTable {
  user_id: number;
  enabled_at: number;
  off_at: number | null;
}
/** A price alert (server/alerts/): a price level, a 24h change or a risk rate. */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'price' | 'change' | 'risk';
  /** null for a risk rate alert (the futures account spans every market) */
  market_id: number | null;
  /** 1 up, -1 down */
  direction: 1 | -1;
  /** a price, or a percentage (change, risk) */
  level: string;
  /** the price, change or risk rate (percent) when it was made or last edited; null: a risk rate alert made without open positions */
  reference: string | null;
  repeat: number;
  email: number;
  status: 'active' | 'paused' | 'fired' | 'deleted';
  /** 0 while a repeating alert waits for the figure to go back past its level */
  armed: number;
  /** how many times it fired */
  crossings: number;
  lang: string;
  created_at: number;
  updated_at: number;
  fired_at: number | null;
}

/** One firing of an alert: once per alert and crossing, with the trade that made it. */
export interface AlertFiringsTable {
  id: Generated<number>;
  alert_id: number;
  crossing: number;
  user_id: number;
  kind: 'price' | 'change' | 'risk';
  market_id: number | null;
  direction: 1 | -1;
  level: string;
  /** the price, 24h change or risk rate (percent) at the trade */
  value: string;
  /** JSON {market_id, seq, price, time} */
  tick: string;
  fired_at: number;
  read_at: number | null;
  email: number;
  mailed_at: number | null;
  pushed_at: number | null;
}

/** A browser's Web Push subscription (one per device), for alerts to reach a closed app. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** A user's chart settings (contract/chart-settings.ts), as checked JSON text. */
export interface ChartPreferencesTable {
  user_id: number;
  settings: string;
  updated_at: number;
}
