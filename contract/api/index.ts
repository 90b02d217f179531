import type { Endpoint, InputOf, OutputOf } from './define';
import * as alerts from './alerts';
import * as auth from './auth';
import * as borrow from './borrow';
import * as chart from './chart';
import * as chat from './chat';
import * as common from './common';
import * as content from './content';
import * as copy from './copy';
import * as dual from './dual';
import * as finance from './finance';
import * as game from './game';
import * as identity from './identity';
import * as ieo from './ieo';
import * as market from './market';
import * as nft from './nft';
import * as otc from './otc';
import * as operator from './operator';
import * as people from './people';
import * as security from './security';
import * as trade from './trade';
import * as wallet from './wallet';
import * as user from './user';

export type { Endpoint, InputOf, OutputOf } from './define';
export { SiteConfig } from './common';
export { UserInfo } from './user';
export { CandleRow, MarketQuote } from './market';
export { CloseOrder, OptionOrder, Position, SpotOrder } from './trade';
export { LockupOrder, LockupProduct } from './finance';
export { DualOrder, DualProduct } from './dual';
export { IeoOrder, IeoProject } from './ieo';
export { Loan } from './borrow';
export { Alert, AlertFiring } from './alerts';
export { GameRound } from './game';
export { OtcAd, OtcOrder } from './otc';
export { NftBox, NftBoxUnit, NftCard, NftItem, NftMessage, NftOrder, NftSale } from './nft';
export { LoginEvent, Passkey, Session, Whitelist } from './security';
export { AuditEntry, LedgerLine, Pending, UserProfile, UserRow, UserSession } from './operator';
export { CopyPosition, CopyRules, CopySkip, Follow, TraderApplication, TraderCard, TraderStats } from './copy';

/** Every endpoint the server serves under /api, by name. */
export const endpoints = {
  getSiteConfig: common.getSiteConfig,
  getSetting: common.getSetting,
  sendCode: auth.sendCode,
  checkCode: auth.checkCode,
  register: auth.register,
  login: auth.login,
  logout: auth.logout,
  forgotPassword: auth.forgotPassword,
  updatePassword: auth.updatePassword,
  sendMobileCode: auth.sendMobileCode,
  bindMobile: auth.bindMobile,
  bindEmail: auth.bindEmail,
  setPayPassword: auth.setPayPassword,
  userInfo: user.userInfo,
  uploadHeadPortrait: user.uploadHeadPortrait,
  editNickname: user.editNickname,
  upload: user.upload,
  quotations: market.quotations,
  klines: market.klines,
  depth: market.depth,
  recentTrades: market.recentTrades,
  favouriteAdd: market.favouriteAdd,
  favouriteDel: market.favouriteDel,
  favouriteList: market.favouriteList,
  recordView: market.recordView,
  hotSearch: market.hotSearch,
  coinList: wallet.coinList,
  walletList: wallet.walletList,
  walletDetail: wallet.walletDetail,
  bills: wallet.bills,
  coinInfo: wallet.coinInfo,
  rates: wallet.rates,
  depositAddress: wallet.depositAddress,
  rechargeRequest: wallet.rechargeRequest,
  rechargeLog: wallet.rechargeLog,
  withdraw: wallet.withdraw,
  withdrawLog: wallet.withdrawLog,
  movableCurrencies: wallet.movableCurrencies,
  moveFunds: wallet.moveFunds,
  moveHistory: wallet.moveHistory,
  exchangeList: wallet.exchangeList,
  exchangeQuote: wallet.exchangeQuote,
  exchange: wallet.exchange,
  addressSave: wallet.addressSave,
  addressList: wallet.addressList,
  addressDelete: wallet.addressDelete,
  couponList: wallet.couponList,
  couponUse: wallet.couponUse,
  spotInfo: trade.spotInfo,
  spotTrade: trade.spotTrade,
  spotCancel: trade.spotCancel,
  spotList: trade.spotList,
  spotDetail: trade.spotDetail,
  leverInfo: trade.leverInfo,
  leverSubmit: trade.leverSubmit,
  leverPositions: trade.leverPositions,
  leverClose: trade.leverClose,
  leverCancel: trade.leverCancel,
  leverSetStop: trade.leverSetStop,
  leverReduce: trade.leverReduce,
  leverCloseOrders: trade.leverCloseOrders,
  leverCloseCancel: trade.leverCloseCancel,
  leverTrailing: trade.leverTrailing,
  leverBatchClose: trade.leverBatchClose,
  leverHistory: trade.leverHistory,
  optionDurations: trade.optionDurations,
  optionCurrencies: trade.optionCurrencies,
  optionSubmit: trade.optionSubmit,
  optionList: trade.optionList,
  optionResult: trade.optionResult,
  realState: identity.realState,
  realSubmit: identity.realSubmit,
  operatorPending: operator.pending,
  approveRecharge: operator.approveRecharge,
  rejectRecharge: operator.rejectRecharge,
  approveWithdrawal: operator.approveWithdrawal,
  rejectWithdrawal: operator.rejectWithdrawal,
  approveIdentity: operator.approveIdentity,
  rejectIdentity: operator.rejectIdentity,
  approveTrader: operator.approveTrader,
  createDual: operator.createDual,
  closeDual: operator.closeDual,
  createProject: operator.createProject,
  nftUpload: operator.nftUpload,
  createArtist: operator.createArtist,
  createCollection: operator.createCollection,
  createItem: operator.createItem,
  createNftSale: operator.createNftSale,
  createBox: operator.createBox,
  reviewNft: operator.reviewNft,
  otcDecide: operator.otcDecide,
  chatRemove: operator.chatRemove,
  chatMute: operator.chatMute,
  operatorChatRoom: operator.operatorChatRoom,
  rejectTrader: operator.rejectTrader,
  adjust: operator.adjust,
  setRate: operator.setRate,
  listOperators: operator.listOperators,
  addOperator: operator.addOperator,
  removeOperator: operator.removeOperator,
  auditLog: operator.auditLog,
  operatorMe: operator.operatorMe,
  searchUsers: operator.searchUsers,
  userProfile: operator.userProfile,
  userBalances: operator.userBalances,
  userLedger: operator.userLedger,
  userOrders: operator.userOrders,
  userSessions: operator.userSessions,
  revokeUserSession: operator.revokeUserSession,
  revokeUserSessions: operator.revokeUserSessions,
  freezeUser: operator.freezeUser,
  unfreezeUser: operator.unfreezeUser,
  newsPop: content.newsPop,
  newsList: content.newsList,
  newsDetail: content.newsDetail,
  menu: content.menu,
  faq: content.faq,
  aboutUs: content.aboutUs,
  contactUs: content.contactUs,
  compliance: content.compliance,
  operatorNewsSave: content.operatorNewsSave,
  operatorNewsDelete: content.operatorNewsDelete,
  operatorFaqSave: content.operatorFaqSave,
  operatorFaqDelete: content.operatorFaqDelete,
  operatorPageSave: content.operatorPageSave,
  operatorServiceLink: content.operatorServiceLink,
  cashSave: people.cashSave,
  cashSaveInternational: people.cashSaveInternational,
  cashInfo: people.cashInfo,
  cashInfoInternational: people.cashInfoInternational,
  inviteInfo: people.inviteInfo,
  inviteList: people.inviteList,
  rebateList: people.rebateList,
  lockupConfig: finance.lockupConfig,
  lockupOrders: finance.lockupOrders,
  lockupBuy: finance.lockupBuy,
  lockupRedeem: finance.lockupRedeem,
  traderList: copy.traderList,
  traderDetail: copy.traderDetail,
  follow: copy.follow,
  editFollow: copy.editFollow,
  copyRules: copy.copyRules,
  unfollow: copy.unfollow,
  selfHold: copy.selfHold,
  copyHistory: copy.copyHistory,
  myFollows: copy.myFollows,
  traderApplication: copy.traderApplication,
  traderApply: copy.traderApply,
  dualIndex: dual.dualIndex,
  dualDetail: dual.dualDetail,
  dualBuy: dual.dualBuy,
  dualOrders: dual.dualOrders,
  ieoProjects: ieo.ieoProjects,
  ieoProject: ieo.ieoProject,
  ieoSubscribe: ieo.ieoSubscribe,
  ieoOrders: ieo.ieoOrders,
  nftList: nft.nftList,
  nftDetail: nft.nftDetail,
  nftItem: nft.nftItem,
  nftArtists: nft.nftArtists,
  nftArtist: nft.nftArtist,
  nftCurrencies: nft.nftCurrencies,
  nftCollections: nft.nftCollections,
  nftCollect: nft.nftCollect,
  nftFavourites: nft.nftFavourites,
  nftBuy: nft.nftBuy,
  nftDeposit: nft.nftDeposit,
  nftBid: nft.nftBid,
  nftBids: nft.nftBids,
  nftMyBids: nft.nftMyBids,
  nftMine: nft.nftMine,
  nftOpenBox: nft.nftOpenBox,
  nftResell: nft.nftResell,
  nftOrders: nft.nftOrders,
  nftPay: nft.nftPay,
  nftMessages: nft.nftMessages,
  nftRead: nft.nftRead,
  borrowConfig: borrow.borrowConfig,
  borrowApply: borrow.borrowApply,
  borrowLoans: borrow.borrowLoans,
  borrowRepay: borrow.borrowRepay,
  borrowAddCollateral: borrow.borrowAddCollateral,
  gameInfo: game.gameInfo,
  gameClaim: game.gameClaim,
  gamePlay: game.gamePlay,
  gameRounds: game.gameRounds,
  gameLeaderboard: game.gameLeaderboard,
  otcAds: otc.otcAds,
  otcQuick: otc.otcQuick,
  otcAdvertiserProfile: otc.otcAdvertiserProfile,
  otcAdCreate: otc.otcAdCreate,
  otcAdStatus: otc.otcAdStatus,
  otcMyAds: otc.otcMyAds,
  otcOrderCreate: otc.otcOrderCreate,
  otcOrder: otc.otcOrder,
  otcOrders: otc.otcOrders,
  otcPaid: otc.otcPaid,
  otcRelease: otc.otcRelease,
  otcCancel: otc.otcCancel,
  otcAppeal: otc.otcAppeal,
  chatHistory: chat.chatHistory,
  chatSend: chat.chatSend,
  chatReport: chat.chatReport,
  securityOverview: security.overview,
  totpSetup: security.totpSetup,
  totpEnable: security.totpEnable,
  totpDisable: security.totpDisable,
  recoveryCodes: security.recoveryCodes,
  loginTotp: security.loginTotp,
  passkeyOptions: security.passkeyOptions,
  passkeyRegister: security.passkeyRegister,
  passkeys: security.passkeys,
  passkeyRemove: security.passkeyRemove,
  passkeyLoginOptions: security.passkeyLoginOptions,
  passkeyLogin: security.passkeyLogin,
  sessions: security.sessions,
  revokeSession: security.revokeSession,
  revokeOtherSessions: security.revokeOtherSessions,
  logins: security.logins,
  whitelist: security.whitelist,
  whitelistOn: security.whitelistOn,
  whitelistOff: security.whitelistOff,
  alertConfig: alerts.alertConfig,
  alertCreate: alerts.alertCreate,
  alertList: alerts.alertList,
  alertUpdate: alerts.alertUpdate,
  alertPause: alerts.alertPause,
  alertResume: alerts.alertResume,
  alertDelete: alerts.alertDelete,
  alertInbox: alerts.alertInbox,
  alertUnread: alerts.alertUnread,
  alertRead: alerts.alertRead,
  pushSubscribe: alerts.pushSubscribe,
  pushUnsubscribe: alerts.pushUnsubscribe,
  chartSettings: chart.chartSettings,
  chartSettingsSave: chart.chartSettingsSave,
} as const;

type AnyEndpoint = (typeof endpoints)[keyof typeof endpoints];

/**
 * The API as the app sees it, keyed "METHOD /path". The app imports this type only,
 * so no schema code reaches the browser bundle.
 */
export type ApiMap = {
  [E in AnyEndpoint as `${E['method']} ${E['path']}`]: { input: InputOf<E>; output: OutputOf<E> };
};
export type ApiRoute = keyof ApiMap;
export type ApiInput<R extends ApiRoute> = ApiMap[R]['input'];
export type ApiOutput<R extends ApiRoute> = ApiMap[R]['output'];

export function allEndpoints(): readonly Endpoint[] {
  return Object.values(endpoints);
}
