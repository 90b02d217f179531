/**
 * The Users screens' state in the URL, so a search or a user's tab can be shared and
 * reloaded: #/users?query=ann&frozen=1&page=2 and #/users/1000007?tab=ledger.
 */
export interface UsersSearch {
  /** what the operator typed: a UID, digits of a mobile, part of an e-mail or nickname */
  query?: string;
  /** frozen accounts only */
  frozen?: true;
  /** the page of results, from 1 (left out for the first) */
  page?: number;
}

/** The endpoint's limit on what is typed (GET /operator/users). */
const QUERY_MAX = 60;
/** The endpoint's limit on pages. */
const PAGE_MAX = 100_000;

/** The search of a URL: trimmed text within the endpoint's limit, frozen only when asked, a whole page number past 1; anything else dropped. */
export function usersSearch(search: Record<string, unknown>): UsersSearch {
  const result: UsersSearch = {};
  const raw = search['query'];
  const query = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (query !== '' && query.length <= QUERY_MAX) result.query = query;
  const frozen = search['frozen'];
  if (frozen === true || frozen === 1 || frozen === '1' || frozen === 'true') result.frozen = true;
  const page = Number(search['page']);
  if (Number.isInteger(page) && page > 1 && page <= PAGE_MAX) result.page = page;
  return result;
}

/** The same search at another page (the first written without one). */
export function atPage(search: UsersSearch, page: number): UsersSearch {
  const next: UsersSearch = {};
  if (search.query !== undefined) next.query = search.query;
  if (search.frozen) next.frozen = true;
  if (page > 1) next.page = page;
  return next;
}

/** The parts of a user's page. */
export const USER_TABS = ['overview', 'ledger', 'orders', 'sessions'] as const;
export type UserTab = (typeof USER_TABS)[number];

export function isUserTab(value: unknown): value is UserTab {
  return typeof value === 'string' && (USER_TABS as readonly string[]).includes(value);
}

/** A user page's search: the tab shown (the overview when none or an unknown one is asked). */
export function userSearch(search: Record<string, unknown>): { tab: UserTab } {
  const tab = search['tab'];
  return { tab: isUserTab(tab) ? tab : 'overview' };
}

/** The UID of a user page's address (#/users/1000007), or null when it is not one. */
export function uidOf(param: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(param)) return null;
  const uid = Number(param);
  return uid <= 2_147_483_647 ? uid : null;
}
