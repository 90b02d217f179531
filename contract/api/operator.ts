import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AccountKindField, AmountField, CurrentPasswordField, IdField, ImagePathField, LimitField, PageField, PlainText, PriceField, ReasonField, TotpCodeField } from './fields';
import { ChatMessage, ChatRoom } from './chat';
import { DualProduct } from './dual';
import { IeoProject } from './ieo';
import { NftRarity, NftSaleMode } from './nft';
import { CloseOrder, OptionOrder, Position, SpotOrder } from './trade';
import { AccountSummary, paged } from './wallet';

/**
 * The operator API: approvals the product needs, balance adjustments, fiat rates.
 * Called with an operator's token (header X-Operator-Token), never a user's; the
 * command line `npm run operator` uses it.
 */
const Done = Type.String();
const Signed = Type.String({ maxLength: 40, pattern: '^-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,30})?$', errorKey: 'amount_invalid' });

export const Pending = Type.Object({
  recharges: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      code: Type.String(),
      network: Type.String(),
      amount: Type.String(),
      sender: Type.String(),
      voucher: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  withdrawals: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      code: Type.String(),
      network: Type.String(),
      amount: Type.String(),
      fee: Type.String(),
      address: Type.String(),
      /** the account is frozen: approving is refused (server:errors.withdrawal_account_frozen) */
      frozen: Type.Boolean(),
      created_at: Type.Integer(),
    }),
  ),
  identities: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      level: Type.Integer(),
      id_type: Type.String(),
      name: Type.String(),
      card_id: Type.String(),
      front_pic: Type.String(),
      reverse_pic: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  /** applications to become a copy-trading trader; id is the user's id */
  traders: Type.Array(Type.Object({ id: Type.Integer(), uid: Type.Integer(), nickname: Type.String(), applied_at: Type.Integer() })),
  /** chat messages reported and not handled yet (id: the report's) */
  chat_reports: Type.Array(
    Type.Object({
      id: Type.Integer(),
      message_id: Type.Integer(),
      room: Type.String(),
      author_uid: Type.Integer(),
      body: Type.String(),
      reporter_uid: Type.Integer(),
      reason: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  /** OTC orders under appeal (id: the order's) */
  otc_appeals: Type.Array(
    Type.Object({
      id: Type.Integer(),
      buyer_uid: Type.Integer(),
      seller_uid: Type.Integer(),
      code: Type.String(),
      amount: Type.String(),
      fiat: Type.String(),
      fiat_amount: Type.String(),
      appeal_by_uid: Type.Integer(),
      appeal_reason: Type.String(),
      proof: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.Integer(),
    }),
  ),
  /** NFT sales (fixed price or auction) waiting for review (id: the sale's) */
  nft_sales: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      /** the artwork's cover image */
      cover: Type.String(),
      mode: Type.String(),
      price: Type.String(),
      currency: Type.String(),
      start_at: Type.Integer(),
      end_at: Type.Integer(),
      created_at: Type.Integer(),
    }),
  ),
});

export const pending = endpoint({
  method: 'GET',
  path: '/operator/pending',
  access: 'operator',
  tag: 'operator',
  summary: 'What waits for review: recharges, withdrawals, identity submissions, trader applications, reported chat messages, OTC appeals, NFT sales',
  input: Type.Object({}),
  output: Pending,
});

const Id = Type.Object({ id: IdField });
const IdReason = Type.Object({ id: IdField, reason: ReasonField });

export const approveRecharge = endpoint({
  method: 'POST',
  path: '/operator/recharge/approve',
  access: 'operator',
  tag: 'operator',
  summary: "Credit a pending recharge to the user's coin account",
  input: Id,
  output: Done,
});
export const rejectRecharge = endpoint({ method: 'POST', path: '/operator/recharge/reject', access: 'operator', tag: 'operator', summary: 'Refuse a pending recharge', input: IdReason, output: Done });
export const approveWithdrawal = endpoint({
  method: 'POST',
  path: '/operator/withdrawal/approve',
  access: 'operator',
  tag: 'operator',
  summary: 'Mark a withdrawal sent: the frozen amount leaves the account',
  input: Type.Object({ id: IdField, txid: Type.Optional(PlainText({ maxLength: 120 })) }),
  output: Done,
});
export const rejectWithdrawal = endpoint({
  method: 'POST',
  path: '/operator/withdrawal/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse a withdrawal: the frozen amount returns to available',
  input: IdReason,
  output: Done,
});
export const approveIdentity = endpoint({
  method: 'POST',
  path: '/operator/identity/approve',
  access: 'operator',
  tag: 'operator',
  summary: 'Pass an identity submission (the user needs e-mail and mobile bound)',
  input: Id,
  output: Done,
});
export const approveTrader = endpoint({
  method: 'POST',
  path: '/operator/trader/approve',
  access: 'operator',
  tag: 'operator',
  summary: "Approve a trader application (id: the applicant's user id): the trader is listed and can be followed",
  input: Id,
  output: Done,
});
export const rejectTrader = endpoint({
  method: 'POST',
  path: '/operator/trader/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse a trader application with a reason the user sees',
  input: IdReason,
  output: Done,
});
export const createDual = endpoint({
  method: 'POST',
  path: '/operator/dual/create',
  access: 'operator',
  tag: 'operator',
  summary: 'Offer a dual product: market, kind, unit price, APR, linked price, days, when purchases close (ms), shares; answers its id',
  input: Type.Object({
    market_id: IdField,
    type: Type.Union([Type.Literal('call'), Type.Literal('put')], { errorKey: 'dual_type_invalid' }),
    unit_price: AmountField,
    apr: AmountField,
    linked_price: AmountField,
    days: Type.Integer({ minimum: 1, maximum: 365, errorKey: 'dual_days_invalid' }),
    subscribe_until: Type.Integer({ minimum: 0, errorKey: 'dual_time_invalid' }),
    total_shares: Type.Integer({ minimum: 1, maximum: 100_000_000, errorKey: 'dual_num_invalid' }),
  }),
  output: Type.Object({ id: Type.Integer() }),
});
export const closeDual = endpoint({
  method: 'POST',
  path: '/operator/dual/close',
  access: 'operator',
  tag: 'operator',
  summary: 'Withdraw a dual product still open for purchase (before its holding period starts): every order is refunded in full and marked failed',
  input: Id,
  output: Done,
});
export const createProject = endpoint({
  method: 'POST',
  path: '/operator/ieo/create',
  access: 'operator',
  tag: 'operator',
  summary:
    'Offer an IEO project: its token (a new coin: code, name, decimals), the subscription currency and issue price, total issuance, the most one user may ask for, lock days, the subscription window, time to market (ms), white paper and website links, an introduction; answers its id',
  input: Type.Object({
    name: PlainText({ minLength: 1, maxLength: 60 }),
    token: Type.String({ maxLength: 10, pattern: '^[A-Z][A-Z0-9]{1,9}$', errorKey: 'ieo_token_invalid' }),
    token_name: PlainText({ minLength: 1, maxLength: 40 }),
    token_precision: Type.Integer({ minimum: 0, maximum: 8, errorKey: 'ieo_precision_invalid' }),
    pay_currency_id: IdField,
    issue_price: AmountField,
    total_issuance: AmountField,
    max_per_user: AmountField,
    lock_days: Type.Integer({ minimum: 0, maximum: 365, errorKey: 'ieo_lock_invalid' }),
    start_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    end_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    list_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    white_paper: Type.String({ maxLength: 300, pattern: '^https://[^\\s<>"]+$', errorKey: 'ieo_link_invalid' }),
    website: Type.String({ maxLength: 300, pattern: '^https://[^\\s<>"]+$', errorKey: 'ieo_link_invalid' }),
    intro: PlainText({ minLength: 1, maxLength: 2000 }),
  }),
  output: Type.Object({ id: Type.Integer() }),
});
/** A dual product as the console lists it: the app's view and what its records add (shares sold, orders, buyers, the amount subscribed). */
export const OperatorDualProduct = Type.Composite([
  DualProduct,
  Type.Object({
    sold_shares: Type.Integer(),
    /** orders bought, refunded ones (a withdrawn product's) included */
    orders: Type.Integer(),
    buyers: Type.Integer({ description: 'users with an order' }),
    /** unit price x shares sold, in the invested currency */
    subscribed: Type.String({ description: 'decimal text' }),
    created_at: Type.Integer(),
    settled_at: Type.Union([Type.Integer(), Type.Null()], { description: 'settled (the trade settle_tick names) or withdrawn' }),
  }),
]);
/** A market dual products may be offered on: the catalogue's, with the decimals its fields take and the feed's last price. */
export const DualMarket = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  base_precision: Type.Integer(),
  quote_precision: Type.Integer(),
  price_precision: Type.Integer(),
  last: Type.String({ description: 'the last trade of the market, decimal text' }),
});
export const operatorDualProducts = endpoint({
  method: 'GET',
  path: '/operator/dual',
  access: 'operator',
  tag: 'operator',
  summary:
    'Every dual product, newest first, of one state when given (open for purchase, holding, settling, settled, closed): shares sold of total, orders, buyers, the amount subscribed, and for a settled one the trade (sequence, price, time) it settled at; and the markets a product may be offered on',
  input: Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('holding'), Type.Literal('settling'), Type.Literal('settled'), Type.Literal('closed')], { errorKey: 'sort_invalid' })),
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
  }),
  output: Type.Intersect([paged(OperatorDualProduct), Type.Object({ markets: Type.Array(DualMarket) })]),
});
/** An IEO project as the console lists it: the app's view, its stage in the lifecycle, subscribers and the amount raised. */
export const IeoStage = Type.Union([Type.Literal('upcoming'), Type.Literal('subscribing'), Type.Literal('allocating'), Type.Literal('allocated'), Type.Literal('listed')]);
export const OperatorIeoProject = Type.Composite([
  IeoProject,
  Type.Object({
    /** contract/ieo.ts ieoStage */
    stage: IeoStage,
    /** the token's name as its coin is called */
    token_name: Type.String(),
    subscribers: Type.Integer({ description: 'users with a subscription' }),
    /** in the subscription currency: the payments frozen until the allocation, then what the allocated tokens cost */
    raised: Type.String({ description: 'decimal text' }),
    created_at: Type.Integer(),
  }),
]);
export const operatorIeoProjects = endpoint({
  method: 'GET',
  path: '/operator/ieo',
  access: 'operator',
  tag: 'operator',
  summary:
    'Every IEO project, newest first, of one stage when given (upcoming, subscribing, allocating, allocated, listed): subscriptions, subscribers, tokens asked for and allocated, the amount raised and the dates; and the currencies a project may be paid in',
  input: Type.Object({ stage: Type.Optional(Type.Union(IeoStage.anyOf, { errorKey: 'sort_invalid' })), page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: Type.Intersect([paged(OperatorIeoProject), Type.Object({ pay_currencies: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), precision: Type.Integer() })) })]),
});
export const nftUpload = endpoint({
  method: 'POST',
  path: '/operator/nft/upload',
  access: 'operator',
  tag: 'operator',
  upload: true,
  summary:
    'An artwork\'s media in the multipart part "file": an image (PNG, JPEG, WebP), a GIF, audio (MP3, WAV, OGG, M4A) or video (MP4, WebM), checked by its content and size, audio and video by their duration; answers the media\'s id, address, type and figures',
  input: Type.Object({}),
  output: Type.Object({ media_id: Type.Integer(), path: Type.String(), type: Type.String(), mime: Type.String(), duration_ms: Type.Union([Type.Integer(), Type.Null()]) }),
});
export const createArtist = endpoint({
  method: 'POST',
  path: '/operator/nft/artist',
  access: 'operator',
  tag: 'operator',
  summary: "Makes a user (by uid) an artist: the name, bio and avatar shown on the artist's page (the user is paid for sales and royalties)",
  input: Type.Object({ uid: IdField, name: PlainText({ minLength: 1, maxLength: 40 }), bio: PlainText({ maxLength: 500 }), avatar: ImagePathField }),
  output: Type.Object({ uid: Type.Integer() }),
});
export const createCollection = endpoint({
  method: 'POST',
  path: '/operator/nft/collection',
  access: 'operator',
  tag: 'operator',
  summary: "Starts a collection of an artist's works",
  input: Type.Object({ artist_uid: IdField, name: PlainText({ minLength: 1, maxLength: 60 }), description: PlainText({ maxLength: 1000 }), cover: ImagePathField }),
  output: Type.Object({ id: Type.Integer() }),
});
export const createItem = endpoint({
  method: 'POST',
  path: '/operator/nft/item',
  access: 'operator',
  tag: 'operator',
  summary: 'Mints an artwork owned by its artist from an uploaded media (its cover: the image itself, or an uploaded image for audio and video); answers its id and code',
  input: Type.Object({
    artist_uid: IdField,
    collection_id: Type.Optional(IdField),
    name: PlainText({ minLength: 1, maxLength: 60 }),
    description: PlainText({ maxLength: 1000 }),
    rarity: NftRarity,
    media_id: IdField,
    cover: Type.Optional(ImagePathField),
  }),
  output: Type.Object({ id: Type.Integer(), code: Type.String() }),
});
export const createNftSale = endpoint({
  method: 'POST',
  path: '/operator/nft/sale',
  access: 'operator',
  tag: 'operator',
  summary: "Offers an artwork on its owner's behalf at a fixed price or by auction (reviewed by being made here); answers its id",
  input: Type.Object({
    code: PlainText({ minLength: 1, maxLength: 32 }),
    mode: NftSaleMode,
    price: PriceField,
    increment: Type.Optional(PriceField),
    deposit: Type.Optional(AmountField),
    start_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
    end_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
  }),
  output: Type.Object({ id: Type.Integer() }),
});
export const createBox = endpoint({
  method: 'POST',
  path: '/operator/nft/box',
  access: 'operator',
  tag: 'operator',
  summary: "A blind box of one owner's artworks (codes, comma-separated): each box bought opens into one of them, drawn from a seed whose commitment is published now; answers its id and commitment",
  input: Type.Object({
    name: PlainText({ minLength: 1, maxLength: 60 }),
    description: PlainText({ maxLength: 1000 }),
    cover: ImagePathField,
    price: PriceField,
    start_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
    end_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
    codes: Type.String({ minLength: 1, maxLength: 4000, pattern: '^[A-Z0-9-]+(,[A-Z0-9-]+)*$', errorKey: 'nft_codes_invalid' }),
  }),
  output: Type.Object({ id: Type.Integer(), commitment: Type.String() }),
});
export const otcDecide = endpoint({
  method: 'POST',
  path: '/operator/otc/decide',
  access: 'operator',
  tag: 'operator',
  summary: 'Decides an appealed OTC order: release the escrowed coins to the buyer, or return them to the seller, with a reason both sides see',
  input: Type.Object({ id: IdField, decision: Type.Union([Type.Literal('release'), Type.Literal('return')], { errorKey: 'otc_decision_invalid' }), reason: ReasonField }),
  output: Done,
});
export const chatRemove = endpoint({
  method: 'POST',
  path: '/operator/chat/remove',
  access: 'operator',
  tag: 'operator',
  summary: 'Removes a chat message: it stays in its room, empty and marked removed; its reports are handled',
  input: Id,
  output: Done,
});
export const chatDismiss = endpoint({
  method: 'POST',
  path: '/operator/chat/dismiss',
  access: 'operator',
  tag: 'operator',
  summary: "Dismisses a chat message's open reports (id: the message's): the message stays as it was",
  input: Id,
  output: Done,
});
export const operatorChatRoom = endpoint({
  method: 'GET',
  path: '/operator/chat/room',
  access: 'operator',
  tag: 'operator',
  summary: "Any room's messages, removed ones with what they said, newest last, before a message id when given: an OTC order's chat for its appeal",
  input: Type.Object({ room: ChatRoom, before: Type.Optional(IdField), limit: Type.Optional(LimitField) }),
  output: Type.Object({ data: Type.Array(ChatMessage), more: Type.Boolean() }),
});
export const chatMute = endpoint({
  method: 'POST',
  path: '/operator/chat/mute',
  access: 'operator',
  tag: 'operator',
  summary: 'Mutes a user (by uid) in every chat room for a number of minutes (0 lifts a mute)',
  input: Type.Object({ uid: IdField, minutes: Type.Integer({ minimum: 0, maximum: 525_600, errorKey: 'chat_minutes_invalid' }), reason: ReasonField }),
  output: Done,
});
export const reviewNft = endpoint({
  method: 'POST',
  path: '/operator/nft/review',
  access: 'operator',
  tag: 'operator',
  summary: 'Passes a resale waiting for review (kind sale), or refuses it with a reason the seller sees; a refused item is free to list again',
  input: Type.Object({ id: IdField, approve: Type.Union([Type.Literal(0), Type.Literal(1)], { errorKey: 'record_unknown' }), reason: Type.Optional(ReasonField) }),
  output: Done,
});
export const rejectIdentity = endpoint({
  method: 'POST',
  path: '/operator/identity/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse an identity submission with a reason the user sees',
  input: IdReason,
  output: Done,
});

export const adjust = endpoint({
  method: 'POST',
  path: '/operator/adjust',
  access: 'operator',
  tag: 'operator',
  summary: "Adjust a user's available balance (positive credits, negative debits) with a reason, through the ledger",
  input: Type.Object({
    uid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    currency: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' }),
    amount: Signed,
    account: Type.Optional(AccountKindField),
    reason: ReasonField,
  }),
  output: Done,
});

export const setRate = endpoint({
  method: 'POST',
  path: '/operator/rate',
  access: 'operator',
  tag: 'operator',
  summary: 'Set a fiat rate (units per US dollar)',
  input: Type.Object({
    code: Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$', errorKey: 'currency_unknown' }),
    rate: Type.String({ maxLength: 30, pattern: '^[0-9]+(\\.[0-9]+)?$', errorKey: 'rate_invalid' }),
  }),
  output: Done,
});

/** Operator accounts: the local operator (DATA_DIR/operator.token) adds and removes the others; each has its own token, and every decision is audited under its name. */
const OperatorName = Type.String({ minLength: 2, maxLength: 30, pattern: '^[a-z][a-z0-9_-]{1,29}$', errorKey: 'operator_name_rule' });
export const listOperators = endpoint({
  method: 'GET',
  path: '/operator/operators',
  access: 'operator',
  tag: 'operator',
  summary: 'The operator accounts, oldest first',
  input: Type.Object({}),
  output: Type.Array(Type.Object({ name: Type.String(), created_at: Type.Integer() })),
});
export const operatorMe = endpoint({
  method: 'GET',
  path: '/operator/me',
  access: 'operator',
  tag: 'operator',
  summary: "The operator whose token this is: the console's sign-in checks a token with it and names who is signed in",
  input: Type.Object({}),
  output: Type.Object({ name: Type.String() }),
});
export const addOperator = endpoint({
  method: 'POST',
  path: '/operator/operators/add',
  access: 'operator',
  tag: 'operator',
  summary: 'Add an operator (local operator only); answers its token, shown this once',
  input: Type.Object({ name: OperatorName }),
  output: Type.Object({ name: Type.String(), token: Type.String() }),
});
/** One audited decision: who, what, on what, the detail they gave (a reason, a transaction id), when. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  operator: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.String(),
  at: Type.Integer(),
});
const AuditFilter = PlainText({ minLength: 1, maxLength: 60 });
export const auditLog = endpoint({
  method: 'GET',
  path: '/operator/audit',
  access: 'operator',
  tag: 'operator',
  summary:
    "Every operator decision, newest first: by operator name, action (approve-withdrawal...) and target (withdrawal:12, uid:1000007), each matched exactly when given; a page of `limit` entries before the entry id `before`; and every action the log holds, for the filter's choices",
  input: Type.Object({
    operator: Type.Optional(AuditFilter),
    action: Type.Optional(AuditFilter),
    target: Type.Optional(AuditFilter),
    before: Type.Optional(IdField),
    limit: Type.Optional(LimitField),
  }),
  output: Type.Object({ data: Type.Array(AuditEntry), more: Type.Boolean(), actions: Type.Array(Type.String()) }),
});
export const removeOperator = endpoint({
  method: 'POST',
  path: '/operator/operators/remove',
  access: 'operator',
  tag: 'operator',
  summary: 'Remove an operator (local operator only; not the local operator itself): its token stops working',
  input: Type.Object({ name: OperatorName }),
  output: Done,
});

/**
 * Operator accounts: an operator signed in with its token secures an account (a password
 * and an authenticator app); a secured account signs in to the console with its name,
 * password and a code, each sign-in a session of its own (twelve hours, revocable).
 */
const OperatorPassword = Type.String({ minLength: 12, maxLength: 128, errorKey: 'operator_password_rule' });
export const operatorSignIn = endpoint({
  method: 'POST',
  path: '/operator/signin',
  access: 'public',
  tag: 'operator',
  summary:
    "Signs a secured operator account in to the console: its name, password and a code of its authenticator app; answers a session token (sent as X-Operator-Token) and when it ends. Every wrong part answers alike, under the login's attempt budgets",
  input: Type.Object({ name: Type.String({ minLength: 1, maxLength: 30, errorKey: 'operator_name_rule' }), password: CurrentPasswordField, code: TotpCodeField }),
  output: Type.Object({ name: Type.String(), token: Type.String(), expires_at: Type.Integer() }),
});
export const operatorSignOut = endpoint({
  method: 'POST',
  path: '/operator/signout',
  access: 'operator',
  tag: 'operator',
  summary: "Ends the console session the request came with (an operator's own token keeps working: the command line uses it)",
  input: Type.Object({}),
  output: Done,
});
export const operatorAccount = endpoint({
  method: 'GET',
  path: '/operator/account',
  access: 'operator',
  tag: 'operator',
  summary: "The signed-in operator's account: whether it is secured (a password and an authenticator), and its open console sessions, newest first (current: the one asking)",
  input: Type.Object({}),
  output: Type.Object({
    name: Type.String(),
    secured: Type.Boolean(),
    sessions: Type.Array(Type.Object({ id: Type.Integer(), ip: Type.String(), user_agent: Type.String(), created_at: Type.Integer(), expires_at: Type.Integer(), current: Type.Boolean() })),
  }),
});
export const operatorTotpStart = endpoint({
  method: 'POST',
  path: '/operator/account/totp',
  access: 'operator',
  tag: 'operator',
  summary: 'Starts setting up an authenticator app for the account: a new secret (base32) and its otpauth:// URI for the QR code, kept aside until /operator/account/secure confirms it',
  input: Type.Object({}),
  output: Type.Object({ secret: Type.String(), uri: Type.String() }),
});
export const operatorSecure = endpoint({
  method: 'POST',
  path: '/operator/account/secure',
  access: 'operator',
  tag: 'operator',
  summary:
    'Secures the account: a new password (12 to 128 characters) and the authenticator being set up, confirmed by a code of it; an account already secured gives its current password and a code of its current authenticator first. Every console session of the account ends',
  input: Type.Object({ password: OperatorPassword, code: TotpCodeField, current_password: Type.Optional(CurrentPasswordField), current_code: Type.Optional(TotpCodeField) }),
  output: Done,
});
export const operatorSessionRevoke = endpoint({
  method: 'POST',
  path: '/operator/account/sessions/revoke',
  access: 'operator',
  tag: 'operator',
  summary: "Ends one of the account's own console sessions",
  input: Id,
  output: Done,
});

/** The exchange at a glance (the console's dashboard), read from the ledger and the products' records. */
const CodeSum = Type.Object({ code: Type.String(), count: Type.Integer(), amount: Type.String() });
export const LedgerCheckResult = Type.Object({
  at: Type.Integer(),
  operator: Type.String(),
  checked: Type.Object({ accounts: Type.Integer(), transactions: Type.Integer(), entries: Type.Integer(), currencies: Type.Integer() }),
  violations: Type.Integer(),
  /** the first violations, as the check words them */
  first: Type.Array(Type.String()),
});
export const operatorOverview = endpoint({
  method: 'GET',
  path: '/operator/overview',
  access: 'operator',
  tag: 'operator',
  summary:
    "The exchange at a glance: users (all, verified), the last 30 UTC days (sign-ups, deposits credited, withdrawals sent, fees earned in the margin currency), the period's deposits and withdrawals per currency, what the house fees accounts hold, open interest per contract market, and the ledger check's last result",
  input: Type.Object({}),
  output: Type.Object({
    now: Type.Integer(),
    users: Type.Object({ total: Type.Integer(), verified: Type.Integer() }),
    days: Type.Array(Type.Object({ day: Type.String(), signups: Type.Integer(), deposits: Type.Integer(), withdrawals: Type.Integer(), fees: Type.String() })),
    deposits: Type.Array(CodeSum),
    withdrawals: Type.Array(CodeSum),
    fees: Type.Array(Type.Object({ code: Type.String(), amount: Type.String() })),
    fee_currency: Type.String(),
    open_interest: Type.Array(Type.Object({ market: Type.String(), positions: Type.Integer(), long: Type.String(), short: Type.String(), margin: Type.String(), margin_currency: Type.String() })),
    ledger_check: Type.Union([LedgerCheckResult, Type.Null()]),
  }),
});
export const operatorLedgerCheck = endpoint({
  method: 'POST',
  path: '/operator/ledger/check',
  access: 'operator',
  tag: 'operator',
  summary: "Runs the ledger check now (every invariant of npm run ledger:check, in the exchange's single writer so it reads one state), keeps and answers its result",
  input: Type.Object({}),
  output: LedgerCheckResult,
});

// ---- Users: the console's Users screen (search, a user's page, sessions, freezing) ----

/** A user by the number the app shows them (UID). */
const Uid = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Time = Type.Integer({ description: 'Milliseconds since 1970' });
const NullableTime = Type.Union([Time, Type.Null()]);
const Frozen = Type.Union([Type.Object({ at: Time, reason: Type.String(), by: Type.String({ description: "the operator's name" }) }), Type.Null()], {
  description: 'Frozen by an operator: no session works and no login or password reset is accepted; balances, orders and positions stay as they are',
});

export const UserRow = Type.Object({
  uid: Type.Integer(),
  nickname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()], { description: 'with its area code: +86 13800000000' }),
  real_level: Type.Integer({ description: 'identity verification level passed: 0, 1 or 2' }),
  created_at: Time,
  frozen_at: NullableTime,
});

export const searchUsers = endpoint({
  method: 'GET',
  path: '/operator/users',
  access: 'operator',
  tag: 'operator',
  summary:
    'Users, newest first, found by what a support desk types: a UID (that user first), digits of a mobile number, part of an e-mail or a nickname (any case); every user without a query; frozen ones only with frozen=1',
  input: Type.Object({
    query: Type.Optional(PlainText({ maxLength: 60 })),
    frozen: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' })),
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
  }),
  output: paged(UserRow),
});

export const UserProfile = Type.Object({
  uid: Type.Integer(),
  nickname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  invite_code: Type.String(),
  inviter: Type.Union([Type.Object({ uid: Type.Integer(), nickname: Type.String() }), Type.Null()]),
  invitees: Type.Integer({ description: 'users who signed up with this user’s invite code' }),
  created_at: Time,
  real_level: Type.Integer(),
  identity: Type.Union(
    [
      Type.Object({
        id: Type.Integer(),
        level: Type.Integer(),
        status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
        reason: Type.String({ description: 'a rejection’s reason' }),
        created_at: Time,
        reviewed_at: NullableTime,
        reviewed_by: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ],
    { description: 'the latest identity submission' },
  ),
  totp: Type.Boolean({ description: 'the authenticator app is on' }),
  passkeys: Type.Integer(),
  pay_password: Type.Boolean(),
  frozen: Frozen,
});

const ByUid = Type.Object({ uid: Uid });

export const userProfile = endpoint({
  method: 'GET',
  path: '/operator/user',
  access: 'operator',
  tag: 'operator',
  summary: "A user's profile: contacts, invite code and inviter, sign-up, verification level with the latest identity submission, the account's protection, and whether it is frozen",
  input: ByUid,
  output: UserProfile,
});

export const userBalances = endpoint({
  method: 'GET',
  path: '/operator/user/balances',
  access: 'operator',
  tag: 'operator',
  summary: "A user's balances per account and currency (available, frozen, locked) as the ledger holds them, and their value in USD",
  input: ByUid,
  output: Type.Object({ total_usd: Type.String(), accounts: Type.Array(AccountSummary) }),
});

export const LedgerLine = Type.Object({
  id: Type.Integer({ description: 'the entry' }),
  reason: Type.String({ description: 'contract/ledger.ts LEDGER_REASONS' }),
  ref: Type.String({ description: 'the record’s reference, kind:id (withdrawal-settle:12)' }),
  currency_id: Type.Integer(),
  code: Type.String(),
  kind: Type.String({ description: 'legal | change | lever | micro' }),
  part: Type.String({ description: 'available | frozen | locked' }),
  amount: Type.String({ description: 'signed: positive came in' }),
  balance_after: Type.String(),
  memo: Type.String(),
  created_at: Time,
});

export const userLedger = endpoint({
  method: 'GET',
  path: '/operator/user/ledger',
  access: 'operator',
  tag: 'operator',
  summary: "A user's ledger entries, newest first, with each record's reason and reference; of one currency or account when given; a page of `limit` entries before the entry id `before`",
  input: Type.Object({
    uid: Uid,
    currency: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, errorKey: 'currency_unknown' })),
    account: Type.Optional(AccountKindField),
    before: Type.Optional(IdField),
    limit: Type.Optional(LimitField),
  }),
  output: Type.Object({ data: Type.Array(LedgerLine), more: Type.Boolean() }),
});

export const userOrders = endpoint({
  method: 'GET',
  path: '/operator/user/orders',
  access: 'operator',
  tag: 'operator',
  summary: "A user's trading, read only: spot orders, futures positions, reduce-only close orders and seconds options, each list its open ones then its 20 newest finished ones, newest first",
  input: ByUid,
  output: Type.Object({ spot: Type.Array(SpotOrder), positions: Type.Array(Position), close_orders: Type.Array(CloseOrder), options: Type.Array(OptionOrder) }),
});

export const UserSession = Type.Object({
  id: Type.Integer(),
  device: Type.String({ description: 'browser and system read from the user agent; empty when it tells neither' }),
  user_agent: Type.String(),
  ip: Type.String(),
  created_at: Time,
  last_seen_at: Time,
  expires_at: Time,
  revoked_at: NullableTime,
  active: Type.Boolean({ description: 'neither ended nor expired' }),
});

export const userSessions = endpoint({
  method: 'GET',
  path: '/operator/user/sessions',
  access: 'operator',
  tag: 'operator',
  summary: "A user's sessions: the active ones, then the 20 newest ended or expired ones",
  input: ByUid,
  output: Type.Array(UserSession),
});

export const revokeUserSession = endpoint({
  method: 'POST',
  path: '/operator/user/session/revoke',
  access: 'operator',
  tag: 'operator',
  summary: "End one of a user's active sessions: its token stops working and its sockets close, on every process",
  input: Type.Object({ uid: Uid, id: IdField }),
  output: Done,
});

export const revokeUserSessions = endpoint({
  method: 'POST',
  path: '/operator/user/sessions/revoke',
  access: 'operator',
  tag: 'operator',
  summary: 'End every active session of a user (the user can log in again)',
  input: ByUid,
  output: Done,
});

export const freezeUser = endpoint({
  method: 'POST',
  path: '/operator/user/freeze',
  access: 'operator',
  tag: 'operator',
  summary:
    'Freeze an account with a reason: every session ends at once, and logins, password resets and tokens made before are refused until it is unfrozen. Nothing of its markets changes: its orders and positions stay and follow the market',
  input: Type.Object({ uid: Uid, reason: ReasonField }),
  output: Done,
});

export const unfreezeUser = endpoint({
  method: 'POST',
  path: '/operator/user/unfreeze',
  access: 'operator',
  tag: 'operator',
  summary: 'Unfreeze an account with a reason: the user can log in again',
  input: Type.Object({ uid: Uid, reason: ReasonField }),
  output: Done,
});

// ---- Products: coupons, fiat rates, fees and limits (the console's Products screen) ----

const CouponKind = Type.Union([Type.Literal('fee_discount'), Type.Literal('bonus')], { errorKey: 'coupon_kind_invalid' });
const CouponScope = Type.Union([Type.Literal('conversion'), Type.Literal('spot')], { errorKey: 'coupon_scope_invalid' });
const CouponStatus = Type.Union([Type.Literal('available'), Type.Literal('used'), Type.Literal('expired'), Type.Literal('revoked')], { errorKey: 'coupon_status_invalid' });

export const OperatorCoupon = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  kind: CouponKind,
  value: Type.String({ description: 'fee_discount: the share of the fee waived (0.5); bonus: the amount' }),
  scope: Type.Union([CouponScope, Type.Null()], { description: 'fee_discount: the one product whose fee it discounts; bonus: null' }),
  code: Type.String({ description: "a bonus's currency; empty for a fee discount" }),
  status: CouponStatus,
  created_at: Time,
  expires_at: Time,
  used_at: NullableTime,
  used_ref: Type.Union([Type.String(), Type.Null()], { description: 'what spent it: coupon:<id> (a bonus redeemed), exchange:<id>, spot:<order id>' }),
  granted_by: Type.Union([Type.String(), Type.Null()], { description: "the operator's name; null: a welcome coupon" }),
  revoked_at: NullableTime,
  revoked_by: Type.Union([Type.String(), Type.Null()]),
});

export const operatorCoupons = endpoint({
  method: 'GET',
  path: '/operator/coupons',
  access: 'operator',
  tag: 'operator',
  summary: "Coupons, newest first: every user's, or one user's (uid); in one state when given (expired: available ones past their expiry)",
  input: Type.Object({ uid: Type.Optional(Uid), status: Type.Optional(CouponStatus), page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(OperatorCoupon),
});

export const grantCoupon = endpoint({
  method: 'POST',
  path: '/operator/coupon/grant',
  access: 'operator',
  tag: 'operator',
  summary:
    'Grant a user (by uid) a coupon for `days` days: a fee discount (scope: the product whose fee it discounts; value: the share waived, above 0 up to 1) or a bonus (currency code; value: the amount, within its decimals, credited from the house gifts account when the user redeems it). The same request_id sent again answers the coupon the first made',
  input: Type.Object({
    uid: Uid,
    kind: CouponKind,
    scope: Type.Optional(CouponScope),
    value: AmountField,
    currency: Type.Optional(Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$', errorKey: 'currency_unknown' })),
    days: Type.Integer({ minimum: 1, maximum: 365, errorKey: 'coupon_days_invalid' }),
    request_id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$', errorKey: 'request_id_invalid' }),
  }),
  output: OperatorCoupon,
});

export const revokeCoupon = endpoint({
  method: 'POST',
  path: '/operator/coupon/revoke',
  access: 'operator',
  tag: 'operator',
  summary: 'Take back a coupon that is still available, with a reason the audit keeps; a coupon used (or being used at the same moment), expired or revoked stays as it is',
  input: IdReason,
  output: Done,
});

export const operatorRates = endpoint({
  method: 'GET',
  path: '/operator/rates',
  access: 'operator',
  tag: 'operator',
  summary:
    'The fiat rates (units per US dollar), each with when and by what it was last set (the reference rates of the first start, FIAT_RATES_FILE, or an operator); and the rates file, when one is set, with when it was last loaded and when it is next read',
  input: Type.Object({}),
  output: Type.Object({
    rates: Type.Array(
      Type.Object({
        code: Type.String(),
        rate: Type.String(),
        updated_at: Time,
        set_by: Type.Union([Type.Literal('reference'), Type.Literal('file'), Type.Literal('operator')]),
        by: Type.String({ description: "the operator's name, or the file's; empty for the reference rates" }),
      }),
    ),
    file: Type.Union([Type.Object({ name: Type.String(), loaded_at: NullableTime, due_at: Time }), Type.Null()], {
      description: 'FIAT_RATES_FILE: when it was last loaded, and when it is due again (the hourly fiat-rates job reads it then; its rates replace those set here)',
    }),
  }),
});

/** A figure in force and what changes it: a server setting (an environment variable), or null for a rule of the exchange written in its code. */
const Figure = Type.Object({ value: Type.String(), setting: Type.Union([Type.String(), Type.Null()]) });
export const operatorFees = endpoint({
  method: 'GET',
  path: '/operator/fees',
  access: 'operator',
  tag: 'operator',
  summary:
    'Every fee and limit in force, read from where each is defined (server/trading/config.ts, the server settings), each with the setting that changes it or null for a rule of the exchange; fixed while the server runs',
  input: Type.Object({}),
  output: Type.Object({
    spot: Type.Object({ fee: Figure, min_notional: Figure, price_band: Figure }),
    conversion: Type.Object({ fee: Figure }),
    contracts: Type.Object({
      margin_currency: Type.String(),
      fee: Figure,
      overnight: Figure,
      liquidation_risk: Figure,
      price_band: Figure,
      trail_min: Figure,
      trail_max: Figure,
      shares_min: Figure,
      shares_max: Figure,
      leverage: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('crypto'), Type.Literal('stock')]), min: Type.Integer(), max: Type.Integer(), presets: Type.Array(Type.Integer()) })),
    }),
    options: Type.Object({
      currencies: Type.Array(Type.String()),
      max_open: Figure,
      durations: Type.Array(Type.Object({ seconds: Type.Integer(), ratio: Type.String(), fee_rate: Type.String(), min: Type.String(), max: Type.String() })),
    }),
    nft: Type.Object({ fee: Figure, royalty: Figure }),
    invites: Type.Object({ rebate_rate: Figure }),
    loans: Type.Object({ apr: Figure }),
    copy: Type.Object({ profit_share: Figure }),
    withdrawals: Type.Array(Type.Object({ code: Type.String(), network: Type.String(), name: Type.String(), min: Figure, fee: Figure })),
    limits: Type.Object({ public_per_minute: Figure, codes_per_ip_hour: Figure }),
  }),
});

// ---- Products: lock-up mining (the console's Products screen, its Lock-up tab) ----

/** A daily rate or a penalty rate: a fraction, 0.003 is 0.3 % a day, at most 6 decimals. */
const LockupRate = Type.String({ minLength: 1, maxLength: 12, pattern: '^0(\\.[0-9]{1,6})?$', errorKey: 'lockup_rate_invalid' });
const LockupTermsFields = {
  days: Type.Integer({ minimum: 1, maximum: 365, errorKey: 'lockup_days_invalid' }),
  min_amount: AmountField,
  rate_min: LockupRate,
  rate_max: LockupRate,
  full_rate_amount: AmountField,
  penalty_rate: LockupRate,
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000, errorKey: 'lockup_sort_invalid', description: "the list's order, smallest first" }),
};

export const LockupProductAdmin = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  precision: Type.Integer(),
  days: Type.Integer(),
  min_amount: Type.String(),
  rate_min: Type.String({ description: 'a fraction: 0.003 is 0.3 % a day' }),
  rate_max: Type.String(),
  full_rate_amount: Type.String(),
  penalty_rate: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('paused')], { description: 'paused: out of the app’s list, purchases refused; orders held run on' }),
  sort: Type.Integer(),
  created_at: Time,
  updated_at: Time,
  orders: Type.Integer({ description: 'every order ever bought' }),
  active_orders: Type.Integer(),
  locked: Type.String({ description: 'what the active orders hold' }),
  yield_paid: Type.String({ description: 'the daily yield paid so far on all its orders' }),
});

export const lockupProducts = endpoint({
  method: 'GET',
  path: '/operator/lockup/products',
  access: 'operator',
  tag: 'operator',
  summary:
    "Every lock-up product, open and paused, in the app's order: its terms, and what it holds read from its orders (active orders, the amount they lock, the yield paid so far); and the coins a new product may take, with their decimals",
  input: Type.Object({}),
  output: Type.Object({ products: Type.Array(LockupProductAdmin), coins: Type.Array(Type.Object({ code: Type.String(), precision: Type.Integer() })) }),
});

export const lockupCreate = endpoint({
  method: 'POST',
  path: '/operator/lockup/create',
  access: 'operator',
  tag: 'operator',
  summary:
    "Offer a lock-up product: a coin of the coin account (its code), the term in days (1 to 365), the minimum, the daily rate from rate_min at the minimum to rate_max at full_rate_amount and above, the early-redemption penalty a day left, the list's order; it opens at once. Answers its id",
  input: Type.Object({ currency: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$', errorKey: 'currency_unknown' }), ...LockupTermsFields }),
  output: Type.Object({ id: Type.Integer() }),
});

export const lockupUpdate = endpoint({
  method: 'POST',
  path: '/operator/lockup/update',
  access: 'operator',
  tag: 'operator',
  summary: 'Change a lock-up product’s terms (its coin stays): they apply to purchases from now on; orders already bought keep the rate, term and penalty they were bought with',
  input: Type.Object({ id: IdField, ...LockupTermsFields }),
  output: Done,
});

export const lockupPause = endpoint({
  method: 'POST',
  path: '/operator/lockup/pause',
  access: 'operator',
  tag: 'operator',
  summary: "Pause a lock-up product: it leaves the app's list and purchases are refused from the moment the pause commits; orders held run to their end",
  input: Id,
  output: Done,
});

export const lockupOpen = endpoint({
  method: 'POST',
  path: '/operator/lockup/open',
  access: 'operator',
  tag: 'operator',
  summary: "Reopen a paused lock-up product: back in the app's list, purchases taken again",
  input: Id,
  output: Done,
});
