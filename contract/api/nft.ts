import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AmountField, IdField, LimitField, PageField, PlainText, PriceField, RequestIdField } from './fields';
import { paged } from './wallet';

/**
 * The NFT marketplace (spec 3 "NFT", 4, 5, 6, 7 "/bind_box/*", 9 "Auction"). NFTs live on
 * this exchange, not on a chain: ownership is the exchange's record and money moves
 * through its ledger. Items are sold at a fixed price (normal), by auction (a deposit
 * first, then bids; the winner pays within a day) or inside blind boxes (provably fair:
 * the commitment is published before the sale, the seed after it). Owners resell.
 */
const Amount = Type.String({ description: 'decimal text' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const NftMediaType = Type.Union([Type.Literal('image'), Type.Literal('gif'), Type.Literal('audio'), Type.Literal('video')]);
export const NftRarity = Type.Union([Type.Literal('common'), Type.Literal('rare'), Type.Literal('epic'), Type.Literal('legendary')], { errorKey: 'nft_rarity_invalid' });
/** From the clock (spec 4): before the start, between start and end, after the end. */
export const NftPhase = Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]);
export const NftSaleMode = Type.Union([Type.Literal('normal'), Type.Literal('auction')], { errorKey: 'nft_mode_invalid' });
export const NftListMode = Type.Union([Type.Literal('normal'), Type.Literal('auction'), Type.Literal('box')], { errorKey: 'nft_mode_invalid' });

export const NftPerson = Type.Object({ uid: Type.Integer(), name: Type.String(), avatar: Type.String() });

export const NftMedia = Type.Object({
  type: NftMediaType,
  url: Type.String(),
  mime: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  duration_ms: Nullable(Type.Integer()),
});

export const NftItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  rarity: NftRarity,
  media: NftMedia,
  cover: Type.String(),
  creator: NftPerson,
  /** the owner as others see them: the artist's name, or a user's nickname */
  owner: NftPerson,
  collection: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  favourites: Type.Integer(),
  /** the sale or box holding it now */
  listing: Nullable(Type.Object({ mode: NftListMode, id: Type.Integer() })),
});

export const NftSale = Type.Object({
  id: Type.Integer(),
  mode: NftSaleMode,
  item: NftItem,
  seller: NftPerson,
  resale: Type.Boolean(),
  currency_id: Type.Integer(),
  currency: Type.String(),
  /** the fixed price, or the auction's starting price */
  price: Amount,
  increment: Nullable(Amount),
  deposit: Nullable(Amount),
  start_at: Type.Integer(),
  end_at: Type.Integer(),
  phase: NftPhase,
  /** review, live, rejected, sold, unsold, awarded (the winner has a day to pay) */
  status: Type.Union([Type.Literal('review'), Type.Literal('live'), Type.Literal('rejected'), Type.Literal('sold'), Type.Literal('unsold'), Type.Literal('awarded')]),
  reason: Nullable(Type.String()),
  current_bid: Nullable(Amount),
  /** the lowest bid accepted now: the starting price, or the current bid plus the increment */
  min_bid: Nullable(Amount),
  bids: Type.Integer(),
  /** the caller's deposit on this auction (held, returned or forfeited), when the caller is logged in and paid one */
  my_deposit: Nullable(Type.Object({ amount: Amount, status: Type.Union([Type.Literal('held'), Type.Literal('returned'), Type.Literal('forfeited')]) })),
});

export const NftBox = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  cover: Type.String(),
  seller: NftPerson,
  currency_id: Type.Integer(),
  currency: Type.String(),
  price: Amount,
  start_at: Type.Integer(),
  end_at: Type.Integer(),
  phase: NftPhase,
  status: Type.Union([Type.Literal('review'), Type.Literal('live'), Type.Literal('rejected'), Type.Literal('ended')]),
  total: Type.Integer(),
  sold: Type.Integer(),
  /** the items inside, by code, in the order the commitment covers */
  contents: Type.Array(Type.String()),
  items: Type.Array(NftItem),
  /** sha256 of seed + ":" + the contents joined by "," (hex), published before the sale */
  commitment: Type.String(),
  /** published once the sale has ended or sold out: anyone can check every opening (npm run nft:verify) */
  seed: Nullable(Type.String()),
  /** the boxes opened so far: each box's number and the code it opened into */
  openings: Type.Array(Type.Object({ number: Type.Integer(), code: Type.String() })),
});

export const NftCard = Type.Object({
  mode: NftListMode,
  /** the sale's id, or the box's */
  id: Type.Integer(),
  name: Type.String(),
  cover: Type.String(),
  media_type: NftMediaType,
  rarity: Nullable(NftRarity),
  artist: NftPerson,
  currency: Type.String(),
  price: Amount,
  current_bid: Nullable(Amount),
  start_at: Type.Integer(),
  end_at: Type.Integer(),
  phase: NftPhase,
  resale: Type.Boolean(),
  /** boxes: how many are left */
  remaining: Nullable(Type.Integer()),
});

export const NftArtist = Type.Object({ uid: Type.Integer(), name: Type.String(), avatar: Type.String(), bio: Type.String(), works: Type.Integer(), collections: Type.Integer() });
export const NftCollection = Type.Object({ id: Type.Integer(), artist: NftPerson, name: Type.String(), description: Type.String(), cover: Type.String(), items: Type.Integer() });

export const NftBid = Type.Object({
  id: Type.Integer(),
  sale_id: Type.Integer(),
  item_code: Type.String(),
  item_name: Type.String(),
  bidder: Type.String(),
  mine: Type.Boolean(),
  price: Amount,
  created_at: Type.Integer(),
  leading: Type.Boolean(),
});

export const NftOrder = Type.Object({
  id: Type.Integer(),
  kind: NftListMode,
  sale_id: Nullable(Type.Integer()),
  box_id: Nullable(Type.Integer()),
  item: Nullable(NftItem),
  currency: Type.String(),
  price: Amount,
  status: Type.Union([Type.Literal('to_pay'), Type.Literal('paid'), Type.Literal('expired')]),
  /** an auction won: pay before this, or the deposit is forfeited */
  pay_by: Nullable(Type.Integer()),
  /** the buyer's deposit on the auction, returned once paid */
  deposit: Nullable(Amount),
  created_at: Type.Integer(),
  paid_at: Nullable(Type.Integer()),
});

export const NftBoxUnit = Type.Object({
  id: Type.Integer(),
  box: Type.Object({ id: Type.Integer(), name: Type.String(), cover: Type.String() }),
  number: Type.Integer(),
  item: Nullable(NftItem),
  opened_at: Nullable(Type.Integer()),
  created_at: Type.Integer(),
});

export const NftMessage = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('outbid'), Type.Literal('won'), Type.Literal('expired'), Type.Literal('sold'), Type.Literal('returned'), Type.Literal('forfeit')]),
  sale_id: Nullable(Type.Integer()),
  order_id: Nullable(Type.Integer()),
  item: Nullable(Type.Object({ code: Type.String(), name: Type.String(), cover: Type.String() })),
  amount: Nullable(Amount),
  currency: Type.String(),
  read: Type.Boolean(),
  created_at: Type.Integer(),
});

const Keyword = PlainText({ maxLength: 40 });
const PageInput = { page: Type.Optional(PageField), limit: Type.Optional(LimitField) };

export const nftList = endpoint({
  method: 'GET',
  path: '/bind_box/getBoxList',
  access: 'public',
  tag: 'nft',
  summary: 'What is on sale, reviewed and not ended: fixed-price items, auctions or blind boxes (mode; all when absent), of an artist or a collection, or matching a keyword; live first',
  input: Type.Object({ ...PageInput, mode: Type.Optional(NftListMode), artist_uid: Type.Optional(IdField), collection_id: Type.Optional(IdField), keyword: Type.Optional(Keyword) }),
  output: paged(NftCard),
});

export const nftDetail = endpoint({
  method: 'GET',
  path: '/bind_box/getBoxDetail',
  access: 'public',
  tag: 'nft',
  summary: 'One sale (mode normal or auction, the default) or blind box (mode box)',
  input: Type.Object({ id: IdField, mode: Type.Optional(NftListMode) }),
  output: Type.Object({ sale: Nullable(NftSale), box: Nullable(NftBox) }),
});

export const nftItem = endpoint({
  method: 'GET',
  path: '/bind_box/getItem',
  access: 'public',
  tag: 'nft',
  summary: 'One artwork by its code, with its sales so far',
  input: Type.Object({ code: PlainText({ minLength: 1, maxLength: 32 }) }),
  output: Type.Object({ item: NftItem, history: Type.Array(Type.Object({ sale_id: Type.Integer(), mode: NftSaleMode, price: Amount, currency: Type.String(), at: Type.Integer() })) }),
});

export const nftArtists = endpoint({
  method: 'GET',
  path: '/bind_box/getArtist',
  access: 'public',
  tag: 'nft',
  summary: 'Artists, or those whose name matches a keyword',
  input: Type.Object({ ...PageInput, keyword: Type.Optional(Keyword) }),
  output: paged(NftArtist),
});

export const nftArtist = endpoint({
  method: 'GET',
  path: '/bind_box/getArtistDetail',
  access: 'public',
  tag: 'nft',
  summary: "An artist's page: the profile, collections and works",
  input: Type.Object({ uid: IdField }),
  output: Type.Object({ artist: NftArtist, collections: Type.Array(NftCollection), works: Type.Array(NftItem) }),
});

export const nftCurrencies = endpoint({
  method: 'GET',
  path: '/bind_box/getNftCurrency',
  access: 'public',
  tag: 'nft',
  summary: 'The currencies NFT prices are in, with the fee and royalty rates a sale pays',
  input: Type.Object({}),
  output: Type.Array(
    Type.Object({
      currency_id: Type.Integer(),
      code: Type.String(),
      precision: Type.Integer(),
      /** the exchange's fee on a sale, paid by the seller (NFT_FEE), and the creator's royalty on a resale (NFT_ROYALTY): fractions */
      fee_rate: Amount,
      royalty_rate: Amount,
    }),
  ),
});

export const nftCollections = endpoint({
  method: 'GET',
  path: '/bind_box/getCollection',
  access: 'public',
  tag: 'nft',
  summary: 'Collections (of one artist with artist_uid; one with id, and its works), or those matching a keyword',
  input: Type.Object({ ...PageInput, artist_uid: Type.Optional(IdField), id: Type.Optional(IdField), keyword: Type.Optional(Keyword) }),
  output: Type.Object({ data: Type.Array(NftCollection), page: Type.Integer(), limit: Type.Integer(), more: Type.Boolean(), works: Type.Array(NftItem) }),
});

export const nftCollect = endpoint({
  method: 'POST',
  path: '/bind_box/collect',
  access: 'user',
  tag: 'nft',
  summary: 'Adds an artwork to the caller’s favourites, or takes it out',
  input: Type.Object({ item_id: IdField }),
  output: Type.Object({ collected: Type.Boolean(), favourites: Type.Integer() }),
});

export const nftFavourites = endpoint({
  method: 'GET',
  path: '/bind_box/getCollected',
  access: 'user',
  tag: 'nft',
  summary: 'The artworks the caller has favourited',
  input: Type.Object(PageInput),
  output: paged(NftItem),
});

export const nftBuy = endpoint({
  method: 'POST',
  path: '/bind_box/buyNFT',
  access: 'user',
  tag: 'nft',
  summary: 'Buys a fixed-price item (mode normal, the default: id is the sale) or one blind box (mode box: id is the box), paid at once from the coin account',
  input: Type.Object({ id: IdField, mode: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('box')], { errorKey: 'nft_mode_invalid' })), request_id: RequestIdField }),
  output: NftOrder,
});

export const nftDeposit = endpoint({
  method: 'POST',
  path: '/bind_box/marginNFT',
  access: 'user',
  tag: 'nft',
  summary: "Pays an auction's deposit (frozen in the coin account until the auction ends), needed before a first bid",
  input: Type.Object({ id: IdField }),
  output: Type.Object({ sale_id: Type.Integer(), amount: Amount, currency: Type.String() }),
});

export const nftBid = endpoint({
  method: 'POST',
  path: '/bind_box/auctionNFT',
  access: 'user',
  tag: 'nft',
  summary: 'Bids on the live auction of the item with this code: at least the starting price, then the current bid plus the increment; a bid in the last five minutes moves the end five minutes on',
  input: Type.Object({ code: PlainText({ minLength: 1, maxLength: 32 }), price: PriceField }),
  output: NftSale,
});

export const nftBids = endpoint({
  method: 'POST',
  path: '/bind_box/getBindBoxQuotationLog',
  access: 'public',
  tag: 'nft',
  summary: "An auction's bids, newest first (bidders shown in part)",
  input: Type.Object({ id: IdField, ...PageInput }),
  output: paged(NftBid),
});

export const nftMyBids = endpoint({
  method: 'POST',
  path: '/bind_box/getMyBindBoxQuotationLog',
  access: 'user',
  tag: 'nft',
  summary: "The caller's bids, newest first",
  input: Type.Object(PageInput),
  output: paged(NftBid),
});

export const nftMine = endpoint({
  method: 'POST',
  path: '/bind_box/getMyNFTs',
  access: 'user',
  tag: 'nft',
  summary: "The caller's artworks, and blind boxes bought (opened or not)",
  input: Type.Object(PageInput),
  output: Type.Object({ items: paged(NftItem), boxes: Type.Array(NftBoxUnit) }),
});

export const nftOpenBox = endpoint({
  method: 'POST',
  path: '/bind_box/openBlindBox',
  access: 'user',
  tag: 'nft',
  summary: 'Opens one of the caller’s blind boxes: the item its number draws from the box’s seed becomes the caller’s',
  input: Type.Object({ id: IdField }),
  output: NftBoxUnit,
});

export const nftResell = endpoint({
  method: 'POST',
  path: '/bind_box/resellNFT',
  access: 'user',
  tag: 'nft',
  summary:
    'Offers one of the caller’s artworks for sale at a fixed price or by auction (reviewed before it goes live); irreversible once confirmed (confirm: 1): it cannot be withdrawn. A creator royalty and the exchange fee come out of the price paid',
  input: Type.Object({
    item_id: IdField,
    mode: NftSaleMode,
    price: PriceField,
    increment: Type.Optional(PriceField),
    deposit: Type.Optional(AmountField),
    start_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
    end_at: Type.Integer({ minimum: 0, errorKey: 'nft_time_invalid' }),
    confirm: Type.Literal(1, { errorKey: 'nft_confirm_required' }),
  }),
  output: NftSale,
});

export const nftOrders = endpoint({
  method: 'GET',
  path: '/bind_box/getNeedPayNFTOrder',
  access: 'user',
  tag: 'nft',
  summary: 'The caller’s orders: those to pay (status to_pay, the default) or all of them, newest first',
  input: Type.Object({ ...PageInput, status: Type.Optional(Type.Union([Type.Literal('to_pay'), Type.Literal('all')], { errorKey: 'sort_invalid' })) }),
  output: paged(NftOrder),
});

export const nftPay = endpoint({
  method: 'POST',
  path: '/bind_box/payNFTOrder',
  access: 'user',
  tag: 'nft',
  summary: 'Pays an auction won, before its deadline: the price from the coin account, the deposit returned, the item the caller’s',
  input: Type.Object({ id: IdField }),
  output: NftOrder,
});

export const nftMessages = endpoint({
  method: 'GET',
  path: '/bind_box/getNFTMessages',
  access: 'user',
  tag: 'nft',
  summary: 'The caller’s NFT messages (outbid, won, to pay, expired, sold, deposits), newest first, with the number unread',
  input: Type.Object(PageInput),
  output: Type.Object({ data: Type.Array(NftMessage), page: Type.Integer(), limit: Type.Integer(), more: Type.Boolean(), unread: Type.Integer() }),
});

export const nftRead = endpoint({
  method: 'POST',
  path: '/bind_box/readNFTOrderMessage',
  access: 'user',
  tag: 'nft',
  summary: 'Marks one of the caller’s NFT messages read',
  input: Type.Object({ id: IdField }),
  output: Type.Object({ unread: Type.Integer() }),
});
