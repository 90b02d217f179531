import type { TSchema } from '@sinclair/typebox';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { allEndpoints, endpoints, type Endpoint, type InputOf } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Answer, type Harness } from '../testing/harness';
import { runNft } from '../nft/desk';
import { fund, tradeAt, uidOf } from '../testing/market';
import { setPayPassword, uploadImage, userIdOf, verifyIdentity } from '../testing/wallet';
import { base58checkEncode } from '../wallet/addresses';
import { grantWelcomeCoupons } from '../wallet/coupons';

/**
 * Insecure direct object references: two users, ann (the owner) and bob (the attacker).
 * Ann has one of every user-scoped thing (orders, positions, an option, a favourite, an
 * address book entry, a bank card, coupons, a lock-up, a withdrawal, a recharge, an
 * identity submission, uploaded files, request ids). Bob sends ann's ids, files and
 * request ids to every endpoint that takes one: each is refused or acts on bob's own
 * data only, and ann's things are exactly as they were after every attack. Every view
 * bob can read shows nothing of ann's.
 *
 * The matrix is read from the contract: every endpoint a user calls whose input has a
 * field naming a record (id, *_id, ids, uid, a currency or market id), a file (an upload
 * address) or a request id must have its case here, or be listed as public with the
 * reason; a new endpoint without one fails the first test.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const ANN = 'ann@example.com';
const BOB = 'bob@example.com';
/** Valid TRON addresses of ann's and bob's own (none is anybody's deposit address). */
const tron = (fill: number) => base58checkEncode(Buffer.concat([Buffer.from([0x41]), Buffer.alloc(20, fill)]));
const ANN_WITHDRAW_TO = tron(0xa1);
const ANN_BOOK_ADDRESS = tron(0xa2);
const BOB_ADDRESS = tron(0xb1);
const ANN_CARD = {
  real_name: 'Ann Tester',
  bank_name: 'Bank of Kestrel',
  bank_account: '6222 0200 9911 4477',
  phone: '+86 138 0000 8000',
  bank_network: 'Harbour Road branch',
  bank_dizhi: 'Hong Kong',
};

/** Everything of ann's that bob aims at. */
interface Ann {
  token: string;
  userId: number;
  uid: number;
  spotOrder: number;
  position: number;
  pending: number;
  /** a waiting reduce-only close order on her position */
  closeOrder: number;
  option: number;
  address: number;
  bonusCoupon: number;
  feeCoupon: number;
  lockup: number;
  withdrawal: number;
  recharge: number;
  move: number;
  conversion: { received: string; fee: string };
  files: { avatar: string; voucher: string; qrcode: string; front: string; back: string; unused: string };
  requestIds: {
    withdraw: string;
    move: string;
    convert: string;
    spot: string;
    contract: string;
    option: string;
    ieo: string;
    nft: string;
    loan: string;
    game: string;
    otc: string;
    alert: string;
    close: string;
  };
  ieoProject: number;
  nft: { item: number; order: number; unit: number; message: number; spareSale: number };
  loan: number;
  otc: { ad: number; order: number; message: number };
  /** a price alert that fired (its firing in her inbox), and her device's push subscription */
  alert: { id: number; firing: number; device: string };
  depositAddresses: string[];
  /** her sign-up's session, and a passkey of hers */
  session: number;
  passkey: number;
}
interface Bob {
  token: string;
  userId: number;
  file: string;
  depositAddress: string;
}

let h: Harness;
let ann: Ann;
let bob: Bob;
/** Ann's views and files as they were before bob started. */
let before: unknown;

const as = (token: string) => ({ token });
const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function setUp(): Promise<void> {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  await tradeAt(h, BTC_MARKET, 96_000); // the market maker quotes around 96,000
  const annToken = await h.registerUser(ANN);
  const bobToken = await h.registerUser(BOB);
  // Pay passwords and identity level 1 for both (an operator approves every pending
  // submission, so ann's level 2 is submitted after).
  for (const [token, email] of [
    [annToken, ANN],
    [bobToken, BOB],
  ] as const) {
    await setPayPassword(h, token, email);
    await verifyIdentity(h, token, 1);
    const uid = await uidOf(h, token);
    await fund(h, uid, 'USDT', '10000');
    await fund(h, uid, 'USDT', '5000', 'lever');
    await fund(h, uid, 'USDT', '1000', 'micro');
    const userId = await userIdOf(h, email);
    await h.ctx.exchange.run((step) => grantWelcomeCoupons(step, userId));
    await ok(h.call(endpoints.favouriteAdd, { currency_id: BTC }, as(token)));
  }

  const files = {
    avatar: await uploadImage(h, annToken),
    voucher: await uploadImage(h, annToken),
    qrcode: await uploadImage(h, annToken),
    front: await uploadImage(h, annToken),
    back: await uploadImage(h, annToken),
    unused: await uploadImage(h, annToken),
  };
  await ok(h.call(endpoints.editNickname, { nickname: 'AnnSecret7' }, as(annToken)));
  await ok(h.call(endpoints.uploadHeadPortrait, { head_portrait: files.avatar }, as(annToken)));
  await ok(h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '222.22', voucher: files.voucher }, as(annToken)));
  await ok(h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: 'Ann secret wallet', address: ANN_BOOK_ADDRESS, qrcode: files.qrcode }, as(annToken)));
  // Carol, the other side of ann's OTC order, verified before ann's level 2 is submitted.
  const carol = await h.registerUser('carol@example.com');
  await verifyIdentity(h, carol, 1);
  await ok(h.call(endpoints.realSubmit, { real_type: 2, front_pic: files.front, reverse_pic: files.back }, as(annToken)));
  await ok(h.call(endpoints.cashSave, ANN_CARD, as(annToken)));

  const requestIds = {
    withdraw: 'ann-withdraw-0001',
    move: 'ann-move-000001',
    convert: 'ann-convert-0001',
    spot: 'ann-spot-000001',
    contract: 'ann-lever-00001',
    option: 'ann-option-0001',
    ieo: 'ann-ieo-0000001',
    nft: 'ann-nft-0000001',
    loan: 'ann-loan-000001',
    game: 'ann-game-000001',
    otc: 'ann-otc-0000001',
    alert: 'ann-alert-00001',
    close: 'ann-close-00001',
  };
  const now = h.ctx.now();
  // NFTs: ann buys an artwork (her order and her item), wins an auction (an order to pay, a message) and buys a blind box.
  const artistToken = await h.registerUser('artist@example.com');
  const artistUid = await uidOf(h, artistToken);
  await ok(h.call(endpoints.createArtist, { uid: artistUid, name: 'Artist', bio: '', avatar: '/uploads/a.png' }, { operator: true }));
  const mint = async (name: string) => {
    const media = await h.ctx.db
      .insertInto('nft_media')
      .values({ path: `/uploads/nft/${name}.png`, type: 'image', mime: 'image/png', bytes: 1, width: 1, height: 1, duration_ms: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok(h.call(endpoints.createItem, { artist_uid: artistUid, name, description: '', rarity: 'common', media_id: media.id }, { operator: true }));
  };
  const fixed = async (code: string, price: string) =>
    (await ok(h.call(endpoints.createNftSale, { code, mode: 'normal', price, start_at: now, end_at: h.ctx.now() + 3_600_000 }, { operator: true }))).id;
  const bought = await mint('bought');
  const nftOrder = await ok(h.call(endpoints.nftBuy, { id: await fixed(bought.code, '444.44'), request_id: requestIds.nft }, as(annToken)));
  const spareSale = await fixed((await mint('spare')).code, '12');
  const auctioned = await mint('auctioned');
  const auction = (
    await ok(h.call(endpoints.createNftSale, { code: auctioned.code, mode: 'auction', price: '20', increment: '1', deposit: '2', start_at: now, end_at: now + 360_000 }, { operator: true }))
  ).id;
  await ok(h.call(endpoints.nftDeposit, { id: auction }, as(annToken)));
  await ok(h.call(endpoints.nftBid, { code: auctioned.code, price: '20' }, as(annToken)));
  // The bid came before the last five minutes: the auction ends when it said.
  h.advance(360_000);
  await runNft(h.ctx);
  const boxed = await mint('boxed');
  const box = await ok(
    h.call(endpoints.createBox, { name: 'Box', description: '', cover: '/uploads/b.png', price: '3', start_at: now, end_at: h.ctx.now() + 3_600_000, codes: boxed.code }, { operator: true }),
  );
  await ok(h.call(endpoints.nftBuy, { id: box.id, mode: 'box' }, as(annToken)));
  const nftMine = await ok(h.call(endpoints.nftMine, {}, as(annToken)));
  const toPay = (await ok(h.call(endpoints.nftOrders, {}, as(annToken)))).data[0]?.id ?? 0;
  const nftMessage = (await ok(h.call(endpoints.nftMessages, {}, as(annToken)))).data[0]?.id ?? 0;
  expect(nftOrder.item?.id).toBe(bought.id);
  await ok(h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: ANN_WITHDRAW_TO, amount: '111.11', pay_password: '246810', request_id: requestIds.withdraw }, as(annToken)));
  await ok(h.call(endpoints.moveFunds, { currency_id: USDT, number: '54.32', from_field: 'change', to_field: 'lever', request_id: requestIds.move }, as(annToken)));
  const conversion = await ok(h.call(endpoints.exchange, { number: '76.54', from_currency_id: USDT, to_currency_id: BTC, request_id: requestIds.convert }, as(annToken)));
  const spotOrder = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.00123', target_price: '61234.5', request_id: requestIds.spot }, as(annToken)));
  expect(spotOrder.status).toBe('open');
  const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10, request_id: requestIds.contract }, as(annToken)));
  expect(position.status).toBe('open');
  const pending = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', type: 'limit', price: '90000', share: 2, multiple: 10 }, as(annToken)));
  expect(pending.status).toBe('pending');
  // A reduce-only limit above the market (her long sells there): it waits.
  const closeOrder = await ok(h.call(endpoints.leverReduce, { id: position.id, direction: 'sell', type: 'limit', price: '120000', share: 1, request_id: requestIds.close }, as(annToken)));
  expect(closeOrder.status).toBe('pending');
  const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 60, number: '17.77', request_id: requestIds.option }, as(annToken)));
  expect(option.status).toBe('open');
  const lockup = await ok(h.call(endpoints.lockupBuy, { config_id: 1, amount: '123.45' }, as(annToken)));
  await fund(h, await uidOf(h, annToken), 'BTC', '0.01');
  const loan = await ok(h.call(endpoints.borrowApply, { collateral_currency_id: BTC, collateral: '0.01', amount: '55.55', request_id: requestIds.loan }, as(annToken)));
  // OTC: ann advertises to buy USDT; carol sells her some (an order between ann and carol, paid, with ann's proof... carol's: ann is the buyer).
  const otcAd = await ok(
    h.call(
      endpoints.otcAdCreate,
      { side: 'buy', currency_id: USDT, fiat: 'CNY', price_type: 'fixed', price: '6.66', min_fiat: '10', max_fiat: '1000', amount: '100', payments: 'domestic' },
      as(annToken),
    ),
  );
  await ok(h.call(endpoints.cashSave, { ...ANN_CARD, real_name: 'Ann Tester' }, as(carol)));
  await fund(h, await uidOf(h, carol), 'USDT', '100');
  const otcOrder = await ok(h.call(endpoints.otcOrderCreate, { ad_id: otcAd.id, fiat_amount: '66.60', request_id: requestIds.otc }, as(carol)));
  await ok(h.call(endpoints.otcPaid, { id: otcOrder.id }, as(annToken)));
  const otcMessage = await ok(h.call(endpoints.chatSend, { room: `otc:${otcOrder.id}`, body: 'AnnSecretChat paid', image: files.unused }, as(annToken)));
  await ok(h.call(endpoints.gameClaim, {}, as(annToken)));
  await ok(h.call(endpoints.gamePlay, { market_id: BTC_MARKET, guess: 'higher', stake: 10, request_id: requestIds.game }, as(annToken)));
  const ieoStart = h.ctx.now();
  const { id: ieoProject } = await ok(
    h.call(
      endpoints.createProject,
      {
        name: 'Token',
        token: 'TOK',
        token_name: 'Token',
        token_precision: 4,
        pay_currency_id: USDT,
        issue_price: '0.05',
        total_issuance: '100000',
        max_per_user: '1000',
        lock_days: 1,
        start_at: ieoStart,
        end_at: ieoStart + 86_400_000,
        list_at: ieoStart + 86_400_000,
        white_paper: 'https://example.com/w',
        website: 'https://example.com',
        intro: 'A token.',
      },
      { operator: true },
    ),
  );
  await ok(h.call(endpoints.ieoSubscribe, { project_id: ieoProject, amount: '333.33', pay_currency: USDT, price: '0.05', request_id: requestIds.ieo }, as(annToken)));

  // A price alert just above the price, crossed by the next trade: her alert, fired, in her inbox; her phone's push subscription.
  const last = h.ctx.market.engine.lastPrice(BTC_MARKET);
  const alert = await ok(h.call(endpoints.alertCreate, { kind: 'price', market_id: BTC_MARKET, level: (last + 1).toFixed(2), request_id: requestIds.alert }, as(annToken)));
  await tradeAt(h, BTC_MARKET, 96_010);
  const [firing] = (await ok(h.call(endpoints.alertInbox, {}, as(annToken)))).data;
  expect(firing?.alert_id).toBe(alert.id);
  const device = 'https://fcm.googleapis.com/fcm/send/ann-phone-0001';
  await ok(h.call(endpoints.pushSubscribe, { endpoint: device, p256dh: 'BAnnPublicKeyOfHerPhone0000000000', auth: 'AnnAuthSecret000' }, as(annToken)));

  const annId = await userIdOf(h, ANN);
  // The conversion used the fee coupon (a coupon applies itself); the bonus is still there.
  const coupons = await h.ctx.db.selectFrom('coupons').select(['id', 'kind', 'status']).where('user_id', '=', annId).execute();
  const row = async (table: 'withdrawals' | 'recharges' | 'account_transfers' | 'user_wallets') =>
    (await h.ctx.db.selectFrom(table).select('id').where('user_id', '=', annId).executeTakeFirstOrThrow()).id;
  const coins = await ok(h.call(endpoints.coinList, {}, as(annToken)));
  ann = {
    token: annToken,
    userId: annId,
    uid: await uidOf(h, annToken),
    spotOrder: spotOrder.id,
    position: position.id,
    pending: pending.id,
    closeOrder: closeOrder.id,
    option: option.id,
    address: await row('user_wallets'),
    bonusCoupon: coupons.find((coupon) => coupon.kind === 'bonus' && coupon.status === 'available')?.id ?? 0,
    feeCoupon: coupons.find((coupon) => coupon.kind === 'fee_discount')?.id ?? 0,
    lockup: lockup.id,
    withdrawal: await row('withdrawals'),
    recharge: await row('recharges'),
    move: await row('account_transfers'),
    conversion: { received: conversion.received, fee: conversion.fee },
    files,
    requestIds,
    ieoProject,
    loan: loan.id,
    otc: { ad: otcAd.id, order: otcOrder.id, message: otcMessage.id },
    alert: { id: alert.id, firing: firing?.id ?? 0, device },
    nft: { item: bought.id, order: toPay, unit: nftMine.boxes[0]?.id ?? 0, message: nftMessage, spareSale },
    depositAddresses: coins.map((coin) => coin.address),
    session: (await h.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', annId).orderBy('id').executeTakeFirstOrThrow()).id,
    // A passkey row as a registration stores it (registering one is server/account-security/passkeys.test.ts's).
    passkey: (
      await h.ctx.db
        .insertInto('passkeys')
        .values({
          user_id: annId,
          credential_id: 'ann-passkey',
          public_key: 'AQ',
          counter: 0,
          transports: '[]',
          rp_id: 'localhost',
          name: 'AnnSecretKey',
          backed_up: 0,
          created_at: h.ctx.now(),
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
  const bobFile = await uploadImage(h, bobToken);
  const bobDeposit = await ok(h.call(endpoints.depositAddress, { currency: USDT, network: 'TRC20' }, as(bobToken)));
  bob = { token: bobToken, userId: await userIdOf(h, BOB), file: bobFile, depositAddress: bobDeposit.address };
}

/** Ann's things, as she sees them, and whether each of her files is served publicly. */
async function annView() {
  const token = ann.token;
  const read = <E extends Endpoint>(endpoint: E, input: Partial<Record<keyof InputOf<E>, unknown>> = {}) => ok(h.call(endpoint, input, as(token)));
  const files: Record<string, number> = {};
  for (const [name, address] of Object.entries(ann.files)) files[name] = (await h.app.inject({ method: 'GET', url: address })).statusCode;
  return {
    user: await read(endpoints.userInfo),
    wallets: await read(endpoints.walletList),
    bills: await read(endpoints.bills, { limit: 50 }),
    spot: [await read(endpoints.spotList, { status: 'open' }), await read(endpoints.spotList, { status: 'history' }), await read(endpoints.spotDetail, { id: ann.spotOrder })],
    positions: [await read(endpoints.leverPositions), await read(endpoints.leverHistory, { status: 'open' }), await read(endpoints.leverHistory, { status: 'closed' })],
    closeOrders: [await read(endpoints.leverCloseOrders, { status: 'pending' }), await read(endpoints.leverCloseOrders, { status: 'history' })],
    options: [await read(endpoints.optionList, { status: 'open' }), await read(endpoints.optionResult, { id: ann.option })],
    favourites: await read(endpoints.favouriteList),
    addresses: await read(endpoints.addressList),
    coupons: [await read(endpoints.couponList, { status: 'available' }), await read(endpoints.couponList, { status: 'used' })],
    lockups: await read(endpoints.lockupOrders),
    withdrawals: await read(endpoints.withdrawLog),
    recharges: await read(endpoints.rechargeLog),
    moves: await read(endpoints.moveHistory),
    identity: await read(endpoints.realState),
    card: await read(endpoints.cashInfo),
    passkeys: await read(endpoints.passkeys),
    whitelist: await read(endpoints.whitelist),
    alerts: [await read(endpoints.alertList), await read(endpoints.alertInbox), await read(endpoints.alertUnread)],
    devices: await h.ctx.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', '=', ann.userId).execute(),
    files,
  };
}

/** The ids of the records in an answer: every `id` of an object inside a list, at any depth. */
function recordIds(value: unknown, inList = false, into = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const item of value) recordIds(item, true, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (inList && typeof record['id'] === 'number') into.add(record['id']);
    for (const item of Object.values(record)) recordIds(item, false, into);
  }
  return into;
}

/** What only ann's data contains: none of it may reach bob. */
function annMarkers(): string[] {
  return [
    ANN,
    'AnnSecret7',
    'Ann secret wallet',
    ANN_BOOK_ADDRESS,
    ANN_WITHDRAW_TO,
    ANN_CARD.bank_account,
    '61234.5',
    '17.77',
    '123.45',
    '111.11',
    '222.22',
    '333.33',
    '444.44',
    '55.55',
    '6.66',
    ...Object.values(ann.files),
    ...ann.depositAddresses,
  ];
}

function showsNothingOfAnn(label: string, answer: unknown): void {
  const text = JSON.stringify(answer);
  for (const marker of annMarkers()) expect(text.includes(marker), `${label} shows ${marker}: ${text}`).toBe(false);
}

const count = async (table: 'withdrawals' | 'recharges' | 'account_transfers' | 'exchanges' | 'spot_orders' | 'lever_positions' | 'micro_orders' | 'identity_submissions', userId: number) =>
  (await h.ctx.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;

const NOT_YOURS = { type: 'error', message: 'Please use an image you uploaded yourself.' };
const NO_RECORD = { type: 'error', message: 'This record does not exist.' };
const NOT_OPEN = { type: 'error', message: 'This position is no longer open.' };

/**
 * One endpoint's case. `public`: fields that name a catalogue thing everyone may name (a
 * currency, a market, a product) or a value the caller types (a document number), each
 * with why. `attacked`: the fields `attack` sends with ann's values; it asserts that bob
 * is refused or acts on his own data only (ann's things are compared after every case).
 */
interface Case {
  public?: Record<string, string>;
  attacked?: readonly string[];
  attack?: () => Promise<void>;
}
type Name = keyof typeof endpoints;

const CURRENCY = 'a currency of the catalogue (GET /currency/list), the same for everyone';
const PAIR = { currency_id: CURRENCY, legal_id: 'the quote currency of a catalogue market' };

const cases: Partial<Record<Name, Case>> = {
  favouriteAdd: { public: { currency_id: CURRENCY } },
  favouriteDel: {
    attacked: ['id'],
    attack: async () => {
      // The id is a currency: bob removes ann's favourite market from his own list only.
      expect((await h.call(endpoints.favouriteDel, { id: BTC }, as(bob.token))).type).toBe('ok');
      expect(await ok(h.call(endpoints.favouriteList, {}, as(bob.token)))).toEqual([]);
      expect((await ok(h.call(endpoints.favouriteList, {}, as(ann.token)))).map((f) => f.currency_id)).toEqual([BTC]);
    },
  },
  walletDetail: { public: { currency: CURRENCY } },
  bills: { public: { currency: CURRENCY } },
  coinInfo: { public: { currency: CURRENCY } },
  depositAddress: {
    public: { currency: CURRENCY },
    attacked: ['user_id'],
    attack: async () => {
      expect(ann.depositAddresses).not.toContain(bob.depositAddress);
      for (const user_id of [ann.userId, ann.uid]) {
        const answer = await h.call(endpoints.depositAddress, { currency: USDT, network: 'TRC20', user_id }, as(bob.token));
        // Ignored: always the caller's own address (a refusal would do too).
        if (answer.type === 'ok') expect(answer.message.address).toBe(bob.depositAddress);
      }
    },
  },
  rechargeRequest: {
    public: { currency: CURRENCY },
    attacked: ['voucher'],
    attack: async () => {
      for (const voucher of [ann.files.voucher, ann.files.unused, ann.files.qrcode]) {
        expect(await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '10', voucher }, as(bob.token))).toEqual(NOT_YOURS);
      }
      expect(await count('recharges', bob.userId)).toBe(0);
    },
  },
  withdraw: {
    public: { currency: CURRENCY },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own withdrawal, nothing of ann's answered.
      const answer = await h.call(
        endpoints.withdraw,
        { currency: USDT, network: 'TRC20', address: BOB_ADDRESS, amount: '10', pay_password: '246810', request_id: ann.requestIds.withdraw },
        as(bob.token),
      );
      expect(answer.type).toBe('ok');
      const log = await ok(h.call(endpoints.withdrawLog, {}, as(bob.token)));
      expect(log.data).toMatchObject([{ address: BOB_ADDRESS, amount: '10.000000' }]);
    },
  },
  moveFunds: {
    public: { currency_id: CURRENCY },
    attacked: ['request_id'],
    attack: async () => {
      expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '10', from_field: 'change', to_field: 'micro', request_id: ann.requestIds.move }, as(bob.token))).type).toBe('ok');
      expect((await ok(h.call(endpoints.moveHistory, {}, as(bob.token)))).data).toMatchObject([{ amount: '10.000000', from_kind: 'change', to_kind: 'micro' }]);
    },
  },
  exchangeQuote: { public: { from_currency_id: CURRENCY, to_currency_id: CURRENCY } },
  exchange: {
    public: { from_currency_id: CURRENCY, to_currency_id: CURRENCY },
    attacked: ['request_id'],
    attack: async () => {
      const answer = await ok(h.call(endpoints.exchange, { number: '20', from_currency_id: USDT, to_currency_id: BTC, request_id: ann.requestIds.convert }, as(bob.token)));
      expect(answer.received).not.toBe(ann.conversion.received);
      expect(await count('exchanges', bob.userId)).toBe(1);
    },
  },
  addressSave: {
    public: { currency: CURRENCY },
    attacked: ['qrcode'],
    attack: async () => {
      for (const qrcode of [ann.files.qrcode, ann.files.unused, ann.files.voucher]) {
        expect(await h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: 'Mine', address: BOB_ADDRESS, qrcode }, as(bob.token))).toEqual(NOT_YOURS);
      }
      expect((await ok(h.call(endpoints.addressList, {}, as(bob.token)))).data).toEqual([]);
    },
  },
  revokeSession: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.revokeSession, { id: ann.session }, as(bob.token))).toEqual({ type: 'error', message: 'This session has already ended.' });
      expect((await h.call(endpoints.userInfo, {}, as(ann.token))).type).toBe('ok');
    },
  },
  passkeyRemove: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.passkeyRemove, { id: ann.passkey, current_password: 'secret-pass' }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  addressDelete: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.addressDelete, { id: ann.address }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  couponUse: {
    attacked: ['id'],
    attack: async () => {
      for (const id of [ann.bonusCoupon, ann.feeCoupon]) expect(await h.call(endpoints.couponUse, { id }, as(bob.token))).toEqual({ type: 'error', message: 'This coupon cannot be used.' });
    },
  },
  spotInfo: { public: PAIR },
  spotTrade: {
    public: PAIR,
    attacked: ['request_id'],
    attack: async () => {
      const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.002', target_price: '60000', request_id: ann.requestIds.spot }, as(bob.token)));
      expect(order.id).not.toBe(ann.spotOrder);
      expect(order).toMatchObject({ amount: '0.00200', price: '60000.00', status: 'open' });
      expect(await count('spot_orders', bob.userId)).toBe(1);
    },
  },
  spotCancel: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.spotCancel, { id: ann.spotOrder }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  spotList: { public: PAIR },
  spotDetail: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.spotDetail, { id: ann.spotOrder }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  leverInfo: { public: PAIR },
  leverSubmit: {
    public: PAIR,
    attacked: ['request_id'],
    attack: async () => {
      const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', share: 3, multiple: 5, request_id: ann.requestIds.contract }, as(bob.token)));
      expect(position.id).not.toBe(ann.position);
      expect(position).toMatchObject({ direction: 'sell', multiple: 5, status: 'open' });
      expect(await count('lever_positions', bob.userId)).toBe(1);
    },
  },
  leverPositions: { public: PAIR },
  leverClose: {
    attacked: ['id'],
    attack: async () => {
      for (const id of [ann.position, ann.pending]) expect(await h.call(endpoints.leverClose, { id }, as(bob.token))).toEqual(NOT_OPEN);
    },
  },
  leverCancel: {
    attacked: ['id'],
    attack: async () => {
      for (const id of [ann.pending, ann.position]) expect(await h.call(endpoints.leverCancel, { id }, as(bob.token))).toEqual(NOT_OPEN);
    },
  },
  leverReduce: {
    attacked: ['id', 'request_id'],
    attack: async () => {
      for (const id of [ann.position, ann.pending]) {
        expect(await h.call(endpoints.leverReduce, { id, direction: 'sell', share: 1 }, as(bob.token))).toEqual({ type: 'error', message: 'There is no open position to reduce.' });
      }
      // Ann's request id is a new request of bob's: a close order on his own position, nothing of ann's answered.
      const own = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', share: 2, multiple: 5 }, as(bob.token)));
      const order = await ok(h.call(endpoints.leverReduce, { id: own.id, direction: 'buy', type: 'limit', price: '80000', share: 1, request_id: ann.requestIds.close }, as(bob.token)));
      expect(order.id).not.toBe(ann.closeOrder);
      expect(order).toMatchObject({ position_id: own.id, share: 1, status: 'pending' });
      await ok(h.call(endpoints.leverClose, { id: own.id }, as(bob.token)));
    },
  },
  leverCloseOrders: { public: PAIR },
  leverCloseCancel: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.leverCloseCancel, { id: ann.closeOrder }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  leverTrailing: {
    attacked: ['id'],
    attack: async () => {
      for (const id of [ann.position, ann.pending]) expect(await h.call(endpoints.leverTrailing, { id, callback_rate: '1' }, as(bob.token))).toEqual(NOT_OPEN);
    },
  },
  ieoSubscribe: {
    public: { project_id: 'a project of the public list (GET /project), the same for everyone; the subscription made is the caller’s own', pay_currency: CURRENCY },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own subscription, nothing of ann's answered.
      const order = await ok(h.call(endpoints.ieoSubscribe, { project_id: ann.ieoProject, amount: '10', pay_currency: USDT, price: '0.05', request_id: ann.requestIds.ieo }, as(bob.token)));
      expect(order).toMatchObject({ amount: '10.0000', paid: '0.500000' });
      expect((await ok(h.call(endpoints.ieoOrders, {}, as(bob.token)))).data.map((row) => row.id)).toEqual([order.id]);
    },
  },
  borrowApply: {
    public: { collateral_currency_id: CURRENCY },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own loan (he has no BTC: refused), nothing of ann's answered.
      expect(await h.call(endpoints.borrowApply, { collateral_currency_id: BTC, collateral: '0.01', amount: '20', request_id: ann.requestIds.loan }, as(bob.token))).toEqual({
        type: 'error',
        message: 'Insufficient balance.',
      });
    },
  },
  gamePlay: {
    public: { market_id: 'a market of the game (GET /game/info), the same for everyone; the round played is the caller’s own' },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own round (he has no points: refused), nothing of ann's answered.
      expect(await h.call(endpoints.gamePlay, { market_id: BTC_MARKET, guess: 'lower', stake: 10, request_id: ann.requestIds.game }, as(bob.token))).toEqual({
        type: 'error',
        message: 'You have 0 points: stake fewer.',
      });
    },
  },
  otcAdCreate: { public: { currency_id: CURRENCY } },
  otcAdStatus: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.otcAdStatus, { id: ann.otc.ad, status: 'offline' }, as(bob.token))).toEqual({ type: 'error', message: 'This advertisement is not available.' });
    },
  },
  otcOrderCreate: {
    public: { ad_id: 'an advertisement of the public list (GET /otc/ads); the order made is the caller’s own' },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own order on her advertisement (refused: he has no card to be paid to), nothing of hers answered.
      expect(await h.call(endpoints.otcOrderCreate, { ad_id: ann.otc.ad, fiat_amount: '13.32', request_id: ann.requestIds.otc }, as(bob.token))).toEqual({
        type: 'error',
        message: 'Add a bank card of the payment kind first.',
      });
    },
  },
  otcOrder: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.otcOrder, { id: ann.otc.order }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order of yours.' });
    },
  },
  otcPaid: {
    attacked: ['id', 'proof'],
    attack: async () => {
      expect(await h.call(endpoints.otcPaid, { id: ann.otc.order }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order of yours.' });
      expect(await h.call(endpoints.otcPaid, { id: ann.otc.order, proof: ann.files.voucher }, as(bob.token))).toEqual({ type: 'error', message: 'Please use an image you uploaded yourself.' });
    },
  },
  otcRelease: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.otcRelease, { id: ann.otc.order, pay_password: '246810' }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order of yours.' });
    },
  },
  otcCancel: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.otcCancel, { id: ann.otc.order }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order of yours.' });
    },
  },
  otcAppeal: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.otcAppeal, { id: ann.otc.order, reason: 'mine' }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order of yours.' });
    },
  },
  chatSend: {
    attacked: ['room', 'image'],
    attack: async () => {
      const room = `otc:${ann.otc.order}`;
      expect(await h.call(endpoints.chatSend, { room, body: 'hi' }, as(bob.token))).toEqual({ type: 'error', message: 'You cannot read or write in this room.' });
      expect(await h.call(endpoints.chatHistory, { room }, as(bob.token))).toEqual({ type: 'error', message: 'You cannot read or write in this room.' });
      expect(await h.call(endpoints.chatSend, { room: 'lang:en', body: 'hi', image: ann.files.unused }, as(bob.token))).toEqual({
        type: 'error',
        message: "Images can be sent only in an order's chat.",
      });
    },
  },
  chatReport: {
    attacked: ['message_id'],
    attack: async () => {
      expect(await h.call(endpoints.chatReport, { message_id: ann.otc.message, reason: 'peek' }, as(bob.token))).toEqual({ type: 'error', message: 'This record does not exist.' });
    },
  },
  borrowRepay: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.borrowRepay, { id: ann.loan, amount: '1' }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such open loan of yours.' });
    },
  },
  borrowAddCollateral: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.borrowAddCollateral, { id: ann.loan, amount: '0.001' }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such open loan of yours.' });
    },
  },
  nftCollect: { public: { item_id: 'an artwork of the public lists; the favourite made is the caller’s own' } },
  nftBuy: {
    public: { id: 'a sale or box of the public list (GET /bind_box/getBoxList); the order made is the caller’s own', mode: 'sale or box' },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own order, nothing of ann's answered.
      const order = await ok(h.call(endpoints.nftBuy, { id: ann.nft.spareSale, request_id: ann.requestIds.nft }, as(bob.token)));
      expect(order).toMatchObject({ price: '12', status: 'paid' });
      expect((await ok(h.call(endpoints.nftMine, {}, as(bob.token)))).items.data.map((item) => item.name)).toEqual(['spare']);
    },
  },
  nftDeposit: { public: { id: 'an auction of the public list; the deposit paid is the caller’s own' } },
  nftBid: { public: { code: 'an artwork of the public lists; the bid made is the caller’s own' } },
  nftOpenBox: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.nftOpenBox, { id: ann.nft.unit }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such blind box of yours.' });
    },
  },
  nftResell: {
    attacked: ['item_id'],
    attack: async () => {
      const now = h.ctx.now();
      expect(await h.call(endpoints.nftResell, { item_id: ann.nft.item, mode: 'normal', price: '1', start_at: now, end_at: now + 60_000, confirm: 1 }, as(bob.token))).toEqual({
        type: 'error',
        message: 'You can only sell artworks you own.',
      });
    },
  },
  nftPay: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.nftPay, { id: ann.nft.order }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such order.' });
    },
  },
  nftRead: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.nftRead, { id: ann.nft.message }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such message.' });
    },
  },
  ieoOrders: { public: { project_id: 'a project of the public list; only the caller’s own subscriptions to it are listed' } },
  dualBuy: { public: { id: 'a product of the public list (GET /dual/index), the same for everyone; the order made is the caller’s own' } },
  follow: { public: { trader_user_id: 'a trader of the public list (GET /follow/index); the follow made is the caller’s own' } },
  editFollow: { public: { trader_user_id: 'a trader of the public list; only the caller’s own follow of that trader can change' } },
  unfollow: { public: { follow_user_id: 'a trader of the public list; only the caller’s own follow of that trader can end' } },
  copyHistory: { public: { trader_user_id: 'a trader of the public list; only the caller’s own copies are listed' } },
  selfHold: {
    attacked: ['transaction_id'],
    attack: async () => {
      for (const transaction_id of [ann.position, ann.pending]) {
        expect(await h.call(endpoints.selfHold, { transaction_id }, as(bob.token))).toEqual({ type: 'error', message: 'This is not one of your linked copied positions.' });
      }
    },
  },
  leverSetStop: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.leverSetStop, { id: ann.position, stop_loss_price: '95000' }, as(bob.token))).toEqual(NOT_OPEN);
      expect(await h.call(endpoints.leverSetStop, { id: ann.pending, target_profit_price: '99000' }, as(bob.token))).toEqual(NOT_OPEN);
    },
  },
  leverHistory: { public: PAIR },
  optionSubmit: {
    public: { match_id: 'a market of the catalogue', currency_id: 'the currency options are staked in (GET /microtrade/payable_currencies)' },
    attacked: ['request_id'],
    attack: async () => {
      const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'down', seconds: 60, number: '12', request_id: ann.requestIds.option }, as(bob.token)));
      expect(option.id).not.toBe(ann.option);
      expect(option).toMatchObject({ stake: '12.000000', status: 'open' });
      expect(await count('micro_orders', bob.userId)).toBe(1);
    },
  },
  optionList: { public: { match_id: 'a market of the catalogue' } },
  optionResult: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.optionResult, { id: ann.option }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
  realSubmit: {
    public: { card_id: "the number of the caller's own identity document, typed in the form: not a reference to a record" },
    attacked: ['front_pic', 'reverse_pic'],
    attack: async () => {
      for (const [front_pic, reverse_pic] of [
        [ann.files.front, ann.files.back],
        [bob.file, ann.files.back],
        [ann.files.unused, bob.file],
        [ann.files.avatar, ann.files.qrcode],
      ]) {
        expect(await h.call(endpoints.realSubmit, { real_type: 2, front_pic, reverse_pic }, as(bob.token))).toEqual(NOT_YOURS);
      }
      expect(await count('identity_submissions', bob.userId)).toBe(1); // level 1 only
    },
  },
  uploadHeadPortrait: {
    attacked: ['head_portrait'],
    attack: async () => {
      for (const head_portrait of Object.values(ann.files)) expect(await h.call(endpoints.uploadHeadPortrait, { head_portrait }, as(bob.token))).toEqual(NOT_YOURS);
      expect((await ok(h.call(endpoints.userInfo, {}, as(bob.token)))).head_portrait).toBe('');
    },
  },
  lockupBuy: { public: { config_id: 'a lock-up product of the catalogue (GET /lh/deposit/config)' } },
  alertCreate: {
    public: { market_id: 'a market of the catalogue, the same for everyone' },
    attacked: ['request_id'],
    attack: async () => {
      // Ann's request id is a new request of bob's: his own alert, nothing of ann's answered.
      const made = await ok(h.call(endpoints.alertCreate, { kind: 'price', market_id: BTC_MARKET, level: '50000', request_id: ann.requestIds.alert }, as(bob.token)));
      expect(made.id).not.toBe(ann.alert.id);
      expect((await ok(h.call(endpoints.alertList, {}, as(bob.token)))).data.map((alert) => alert.id)).toContain(made.id);
    },
  },
  alertList: { public: { market_id: 'a market of the catalogue, the same for everyone' } },
  ...Object.fromEntries(
    (['alertUpdate', 'alertPause', 'alertResume', 'alertDelete'] as const).map((name) => [
      name,
      {
        attacked: ['id'],
        attack: async () => {
          const endpoint: Endpoint = endpoints[name];
          expect(await h.call(endpoint, { id: ann.alert.id, level: '97000' }, as(bob.token))).toEqual({ type: 'error', message: 'There is no such alert of yours.' });
        },
      },
    ]),
  ),
  alertRead: {
    attacked: ['id'],
    attack: async () => {
      // Bob's count, and ann's firing still unread (her view is compared after the case).
      expect(await ok(h.call(endpoints.alertRead, { id: ann.alert.firing }, as(bob.token)))).toEqual({ unread: 0 });
    },
  },
  pushUnsubscribe: {
    attacked: ['endpoint'],
    attack: async () => {
      // Ann's device stays hers: bob removes only subscriptions of his own.
      expect(await ok(h.call(endpoints.pushUnsubscribe, { endpoint: ann.alert.device }, as(bob.token)))).toEqual({ subscribed: false });
    },
  },
  lockupRedeem: {
    attacked: ['id'],
    attack: async () => {
      expect(await h.call(endpoints.lockupRedeem, { id: ann.lockup }, as(bob.token))).toEqual(NO_RECORD);
    },
  },
};

/**
 * Every other endpoint a user calls, with what bob sends to read it (views), or why it
 * has nothing to aim at another user's data with (actions on the caller's own account).
 */
const views: Partial<Record<Name, readonly Record<string, unknown>[]>> = {
  coinList: [{}], // public, with the caller's deposit addresses
  userInfo: [{}],
  favouriteList: [{}],
  walletList: [{}],
  walletDetail: [
    { currency: USDT, type: 'change' },
    { currency: USDT, type: 'lever' },
    { currency: BTC, type: 'change' },
  ],
  bills: [{ limit: 50 }, { currency: USDT, limit: 50 }],
  coinInfo: [{ currency: USDT }],
  depositAddress: [
    { currency: USDT, network: 'TRC20' },
    { currency: USDT, network: 'ERC20' },
    { currency: BTC, network: 'BTC' },
  ],
  rechargeLog: [{}],
  withdrawLog: [{}],
  movableCurrencies: [{}],
  moveHistory: [{}],
  exchangeList: [{}],
  exchangeQuote: [{ from_currency_id: USDT, to_currency_id: BTC }],
  addressList: [{}],
  couponList: [{ status: 'available' }, { status: 'used' }, { status: 'expired' }],
  spotInfo: [{ currency_id: BTC, legal_id: USDT }],
  spotList: [{ status: 'open' }, { status: 'history' }, { status: 'open', currency_id: BTC, legal_id: USDT }],
  leverInfo: [{ currency_id: BTC, legal_id: USDT }],
  leverPositions: [{}, { currency_id: BTC, legal_id: USDT }],
  leverHistory: [{ status: 'open' }, { status: 'closed' }, { status: 'open', currency_id: BTC, legal_id: USDT }],
  leverCloseOrders: [{ status: 'pending' }, { status: 'history' }, { status: 'pending', currency_id: BTC, legal_id: USDT }],
  optionCurrencies: [{}],
  optionList: [{ status: 'open' }, { status: 'settled' }, { status: 'open', match_id: BTC_MARKET }],
  realState: [{}],
  cashInfo: [{}],
  cashInfoInternational: [{}],
  inviteInfo: [{}],
  inviteList: [{}],
  rebateList: [{}],
  lockupOrders: [{}, { status: 'active' }],
  myFollows: [{}],
  dualOrders: [{}, { status: 'active' }, { status: 'closed' }],
  ieoOrders: [{}, { project_id: 1 }],
  nftFavourites: [{}],
  borrowLoans: [{}, { status: 'open' }, { status: 'closed' }],
  gameInfo: [{}],
  otcMyAds: [{}],
  otcOrders: [{}, { status: 'open' }, { status: 'closed' }],
  gameRounds: [{}],
  nftMyBids: [{}],
  nftMine: [{}],
  nftOrders: [{}, { status: 'all' }],
  nftMessages: [{}],
  copyHistory: [{ status: 'current' }, { status: 'history' }],
  alertList: [{}, { market_id: BTC_MARKET }],
  alertInbox: [{}],
  alertUnread: [{}],
  traderApplication: [{}],
  securityOverview: [{}],
  passkeys: [{}],
  sessions: [{}],
  logins: [{}],
  whitelist: [{}],
  chartSettings: [{}],
};
/** Views whose lists hold catalogue entries (currencies, markets), the same ids for everyone. */
const CATALOGUE_VIEWS = new Set<Name>(['coinList', 'walletList', 'movableCurrencies', 'exchangeList', 'optionCurrencies', 'coinInfo', 'favouriteList']);
const actions: Partial<Record<Name, string>> = {
  logout: 'ends the session of the token it is sent with',
  updatePassword: "the caller's own password, with a code sent to the caller",
  sendMobileCode: 'sends a code to the number given, for the caller to bind',
  bindMobile: "the caller's own mobile number",
  bindEmail: "the caller's own e-mail address",
  setPayPassword: "the caller's own pay password",
  editNickname: "the caller's own profile",
  upload: 'stores a new file of the caller',
  leverBatchClose: "closes the caller's own positions (asserted below)",
  cashSave: "the caller's own card",
  cashSaveInternational: "the caller's own card",
  traderApply: "the caller's own trader application",
  gameClaim: "the caller's own daily points",
  totpSetup: "a new secret for the caller's own authenticator app",
  totpEnable: "the caller's own authenticator app, with the caller's password",
  totpDisable: "the caller's own authenticator app, with the caller's password and code",
  recoveryCodes: "the caller's own recovery codes, with the caller's password and code",
  passkeyOptions: "a registration for the caller's own account, with the caller's proof",
  passkeyRegister: "a passkey of the caller's, from options made for the caller's session",
  revokeOtherSessions: "ends the caller's own other sessions",
  whitelistOn: "the caller's own withdrawal whitelist",
  whitelistOff: "the caller's own withdrawal whitelist, with the caller's proof",
  pushSubscribe: "the caller's own device: one subscription per device, which a new login on that device makes the new user's",
  chartSettingsSave: "the caller's own chart settings",
};

/** The fields of an input that name a record, a file or a request. */
function referenceFields(endpoint: Endpoint): string[] {
  const properties = endpoint.input.properties as Record<string, TSchema & { errorKey?: string; pattern?: string }>;
  return Object.entries(properties)
    .filter(
      ([name, schema]) =>
        /^(id|ids|uid)$|_ids?$|path|url|file|pic|portrait|voucher|qrcode/.test(name) ||
        ['record_unknown', 'currency_unknown', 'market_unknown'].includes(schema.errorKey ?? '') ||
        (typeof schema.pattern === 'string' && schema.pattern.startsWith('^/uploads/')),
    )
    .map(([name]) => name);
}

const nameOf = (endpoint: Endpoint): Name => {
  const found = (Object.keys(endpoints) as Name[]).find((name) => endpoints[name] === endpoint);
  if (!found) throw new Error(`${endpoint.path} is not in the endpoint list`);
  return found;
};
const userEndpoints = allEndpoints().filter((endpoint) => endpoint.access === 'user');

describe('the matrix covers the contract', () => {
  test('every field of a user endpoint that names a record, a file or a request has its case', () => {
    const missing: string[] = [];
    for (const endpoint of userEndpoints) {
      const entry = cases[nameOf(endpoint)];
      for (const field of referenceFields(endpoint)) {
        if (entry?.public?.[field] === undefined && !entry?.attacked?.includes(field)) missing.push(`${endpoint.method} ${endpoint.path}: ${field}`);
      }
    }
    expect(missing).toEqual([]);
    // POST /wallet/get_in_address's user_id is one of them.
    expect(referenceFields(endpoints.depositAddress)).toContain('user_id');
    expect(referenceFields(endpoints.rechargeRequest)).toContain('voucher');
  });

  test('the cases name real fields of user endpoints; every attacked field has its attack', () => {
    for (const [name, entry] of Object.entries(cases) as [Name, Case][]) {
      const endpoint: Endpoint = endpoints[name];
      expect(endpoint.access, name).toBe('user');
      const fields = Object.keys(endpoint.input.properties);
      for (const field of [...Object.keys(entry.public ?? {}), ...(entry.attacked ?? [])]) expect(fields, `${name}.${field}`).toContain(field);
      expect(entry.attacked === undefined || entry.attacked.length === 0 || entry.attack !== undefined, name).toBe(true);
    }
  });

  test('every user endpoint is a case, a view bob reads, or an action on the caller alone', () => {
    const unplaced = userEndpoints.map(nameOf).filter((name) => !cases[name] && !views[name] && !actions[name]);
    expect(unplaced).toEqual([]);
  });
});

describe('bob with ann ids', () => {
  beforeAll(async () => {
    await setUp();
    before = await annView();
  }, 60_000);
  afterEach(async () => {
    // Ann's things are exactly as they were (a failure is this case's alone: the next compares with what is now).
    const was = before;
    before = await annView();
    expect(before).toEqual(was);
  });
  afterAll(async () => {
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
    await h.close();
  });

  test('ann has one of everything, and bob sees none of it yet', async () => {
    expect(ann.files.unused).not.toBe('');
    expect([ann.bonusCoupon, ann.feeCoupon].every((id) => id > 0)).toBe(true);
    const view = before as Awaited<ReturnType<typeof annView>>;
    expect(view.identity).toMatchObject({ level: 1 });
    expect(view.files).toEqual({ avatar: 200, voucher: 404, qrcode: 200, front: 404, back: 404, unused: 200 });
    expect(view.withdrawals.data).toHaveLength(1);
    expect(view.recharges.data).toHaveLength(1);
    expect(view.addresses.data).toHaveLength(1);
    expect(view.lockups.data).toHaveLength(1);
    // Each mark of ann's data (the scan of bob's views looks for them) is in her own views;
    // of her files, those she is shown (a voucher or a document photo is not).
    const hers: string[] = [];
    for (const [name, inputs] of Object.entries(views) as [Name, readonly Record<string, unknown>[]][]) {
      for (const input of inputs) hers.push(JSON.stringify(await ok(h.call(endpoints[name] as Endpoint, input, as(ann.token)))));
    }
    const unseen = new Set([ann.files.voucher, ann.files.front, ann.files.back, ann.files.unused]);
    for (const marker of annMarkers().filter((mark) => !unseen.has(mark)))
      expect(
        hers.some((text) => text.includes(marker)),
        marker,
      ).toBe(true);
  });

  const attacks = (Object.entries(cases) as [Name, Case][]).flatMap(([name, entry]) => (entry.attack ? [[name, (entry.attacked ?? []).join(', '), entry.attack] as const] : []));
  test.each(attacks)('%s with ann’s %s', async (_name, _fields, attack) => {
    await attack();
  });

  test('closing all of bob’s positions closes none of ann’s', async () => {
    const closed = await ok(h.call(endpoints.leverBatchClose, { type: 'all' }, as(bob.token)));
    expect(closed.closed).toBeLessThanOrEqual(1);
  });

  test('many attacks at once change nothing of ann’s either', async () => {
    const sends: (() => Promise<Answer<unknown>>)[] = [
      () => h.call(endpoints.spotCancel, { id: ann.spotOrder }, as(bob.token)),
      () => h.call(endpoints.leverClose, { id: ann.position }, as(bob.token)),
      () => h.call(endpoints.leverCancel, { id: ann.pending }, as(bob.token)),
      () => h.call(endpoints.couponUse, { id: ann.bonusCoupon }, as(bob.token)),
      () => h.call(endpoints.lockupRedeem, { id: ann.lockup }, as(bob.token)),
      () => h.call(endpoints.addressDelete, { id: ann.address }, as(bob.token)),
      () => h.call(endpoints.optionResult, { id: ann.option }, as(bob.token)),
      () => h.call(endpoints.spotDetail, { id: ann.spotOrder }, as(bob.token)),
    ];
    const answers = await times(5 * sends.length, (i) => sends[i % sends.length]!());
    expect(answers.filter((answer) => answer.type === 'ok')).toEqual([]);
  });

  test.each(Object.entries(views) as [Name, readonly Record<string, unknown>[]][])('bob reading %s sees nothing of ann’s', async (name, inputs) => {
    const endpoint: Endpoint = endpoints[name];
    for (const input of inputs) {
      const mine = await ok(h.call(endpoint, input, as(bob.token)));
      showsNothingOfAnn(`${name} ${JSON.stringify(input)}`, mine);
      const hers = await ok(h.call(endpoint, input, as(ann.token)));
      // Records (orders, positions, coupons, entries...) by id: none of hers in his list.
      const shared = [...recordIds(mine)].filter((id) => recordIds(hers).has(id) && !CATALOGUE_VIEWS.has(name));
      expect(shared, `${name} ${JSON.stringify(input)}`).toEqual([]);
    }
  });

  test("ann's files: the private ones are served to nobody but operators, and bob's token is no operator's", async () => {
    for (const address of [ann.files.voucher, ann.files.front, ann.files.back]) {
      expect((await h.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
      for (const headers of [{ 'x-operator-token': bob.token }, { authorization: bob.token }]) {
        const answer = await h.app.inject({ method: 'GET', url: `/api/operator/upload?path=${encodeURIComponent(address)}`, headers });
        expect(answer.statusCode).toBe(401);
      }
    }
  });

  test('no operator endpoint answers bob, whatever header carries his token', async () => {
    const operatorEndpoints = allEndpoints().filter((endpoint) => endpoint.access === 'operator');
    expect(operatorEndpoints.length).toBeGreaterThan(5);
    for (const endpoint of operatorEndpoints) {
      const fields = { id: String(ann.withdrawal), uid: String(ann.uid), currency: 'USDT', amount: '1000', account: 'change', reason: 'mine', txid: 'x', name: 'bob', code: 'USD', rate: '1' };
      for (const headers of [{ 'x-operator-token': bob.token }, { authorization: bob.token }]) {
        const response = await h.app.inject(
          endpoint.method === 'GET'
            ? { method: 'GET', url: `/api${endpoint.path}`, query: fields, headers }
            : { method: 'POST', url: `/api${endpoint.path}`, payload: new URLSearchParams(fields).toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
        );
        // An upload answers URL-encoded JSON text (spec 7).
        const answer = endpoint.upload ? (JSON.parse(decodeURIComponent(response.body)) as { type: string }) : response.json<{ type: string }>();
        expect(answer.type, endpoint.path).not.toBe('ok');
      }
    }
  });
});
