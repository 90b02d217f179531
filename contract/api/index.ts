import type { Endpoint, InputOf, OutputOf } from './define';
import * as auth from './auth';
import * as common from './common';
import * as market from './market';
import * as user from './user';

export type { Endpoint, InputOf, OutputOf } from './define';
export { SiteConfig } from './common';
export { UserInfo } from './user';
export { CandleRow, MarketQuote } from './market';

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
