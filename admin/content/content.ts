import type { ApiInput, ApiOutput } from '../../contract/api';
import { LANGUAGES, type Language } from '../../contract/languages';

/**
 * The Content screen's model, pure: what it edits (news, banners, questions, the fixed
 * pages, the customer service link), which languages an item has and misses, the text
 * of one language as the operator edits it (a draft), what a save sends, and whether the
 * server changed the text it stored (it sanitises again on save).
 */
export const KINDS = ['news', 'banners', 'faq', 'pages', 'service'] as const;
export type ContentKind = (typeof KINDS)[number];

export const PAGE_KEYS = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The contract's NewsCategory: 4 news, 5 banners. */
export const CATEGORY = { news: 4, banners: 5 } as const;

export const isKind = (value: unknown): value is ContentKind => typeof value === 'string' && (KINDS as readonly string[]).includes(value);
export const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && (PAGE_KEYS as readonly string[]).includes(value);

/**
 * The screen's place in the URL (#/content?kind=news&item=12): a kind, and the item open
 * in the editor: an id (a number, as the router writes numbers plainly), 'new' for one
 * being written, or a page's key.
 */
export type ItemParam = number | 'new' | PageKey;
export interface ContentSearch {
  kind: ContentKind;
  item?: ItemParam;
}

export function contentSearch(search: Record<string, unknown>): ContentSearch {
  const kind = isKind(search['kind']) ? search['kind'] : 'news';
  const item = itemParam(kind, search['item']);
  return item === null ? { kind } : { kind, item };
}

/** An item of a kind as the URL names it, or null when it names none: a page by its key; an article or question by a positive id, or 'new'. */
export function itemParam(kind: ContentKind, raw: unknown): ItemParam | null {
  if (kind === 'service') return null;
  if (kind === 'pages') return isPageKey(raw) ? raw : null;
  if (raw === 'new') return raw;
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}

/** The languages an item has, and those it misses, each in the order of LANGUAGES. */
export function coverage(langs: readonly string[]): { have: Language[]; missing: Language[] } {
  return { have: LANGUAGES.filter((code) => langs.includes(code)), missing: LANGUAGES.filter((code) => !langs.includes(code)) };
}

/** One language's text as edited: an article's title, summary and content; a question's question and answer (title and content); a page's title and content. */
export interface Draft {
  title: string;
  summary: string;
  content: string;
}

export const EMPTY_DRAFT: Draft = { title: '', summary: '', content: '' };

type NewsItem = ApiOutput<'GET /operator/news/item'>;
type FaqItem = ApiOutput<'GET /operator/faq/item'>;
type PageItem = ApiOutput<'GET /operator/page/item'>;

/** An item open in the editor, whichever kind: its stored text per language and the fields all its languages share. */
export interface Editable {
  kind: Exclude<ContentKind, 'service'>;
  /** the article's or question's id (null until it is first saved), or the page's key */
  id: number | null;
  key: PageKey | null;
  stored: Partial<Record<Language, Draft & { updated_at: number }>>;
  cover: string | null;
  pop: boolean;
  sort: number;
  created_at: number | null;
}

export function fromNews(item: NewsItem): Editable {
  const stored: Editable['stored'] = {};
  for (const text of item.texts) stored[text.lang] = { title: text.title, summary: text.summary, content: text.content, updated_at: text.updated_at };
  return { kind: item.c_id === CATEGORY.banners ? 'banners' : 'news', id: item.id, key: null, stored, cover: item.cover, pop: item.pop, sort: item.sort, created_at: item.created_at };
}

export function fromFaq(item: FaqItem): Editable {
  const stored: Editable['stored'] = {};
  for (const text of item.texts) stored[text.lang] = { title: text.question, summary: '', content: text.answer, updated_at: text.updated_at };
  return { kind: 'faq', id: item.id, key: null, stored, cover: null, pop: false, sort: item.sort, created_at: null };
}

export function fromPage(item: PageItem): Editable {
  const stored: Editable['stored'] = {};
  for (const text of item.texts) stored[text.lang] = { title: text.title, summary: '', content: text.content, updated_at: text.updated_at };
  return { kind: 'pages', id: null, key: item.key, stored, cover: null, pop: false, sort: 0, created_at: null };
}

/** A new article, banner or question: nothing stored yet. */
export function blank(kind: 'news' | 'banners' | 'faq'): Editable {
  return { kind, id: null, key: null, stored: {}, cover: null, pop: false, sort: 0, created_at: null };
}

/** The text a language starts from in the editor: what is stored, else nothing. */
export function draftOf(item: Editable, lang: Language): Draft {
  const text = item.stored[lang];
  return text ? { title: text.title, summary: text.summary, content: text.content } : EMPTY_DRAFT;
}

/** Whether the operator changed a language's text from what is stored. */
export function edited(item: Editable, lang: Language, draft: Draft): boolean {
  const from = draftOf(item, lang);
  return from.title !== draft.title || from.content !== draft.content || (item.kind !== 'faq' && item.kind !== 'pages' && from.summary !== draft.summary);
}

/** The fields an item's languages share, as the editor holds them. */
export interface Shared {
  cover: string | null;
  pop: boolean;
  sort: number;
}

export type SaveRequest =
  | { route: 'POST /operator/news/save'; input: ApiInput<'POST /operator/news/save'> }
  | { route: 'POST /operator/faq/save'; input: ApiInput<'POST /operator/faq/save'> }
  | { route: 'POST /operator/page/save'; input: ApiInput<'POST /operator/page/save'> };

/** What saving one language sends: the endpoints take one language at a time, with the shared fields. */
export function saveRequest(item: Editable, lang: Language, draft: Draft, shared: Shared): SaveRequest {
  const id = item.id === null ? {} : { id: item.id };
  switch (item.kind) {
    case 'news':
    case 'banners':
      return {
        route: 'POST /operator/news/save',
        input: {
          ...id,
          c_id: CATEGORY[item.kind],
          lang,
          title: draft.title,
          summary: draft.summary,
          content: draft.content,
          ...(shared.cover === null ? {} : { cover: shared.cover }),
          pop: shared.pop,
          sort: shared.sort,
        },
      };
    case 'faq':
      return { route: 'POST /operator/faq/save', input: { ...id, lang, question: draft.title, answer: draft.content, sort: shared.sort } };
    case 'pages':
      if (item.key === null) throw new Error('a page is saved by its key');
      return { route: 'POST /operator/page/save', input: { key: item.key, lang, title: draft.title, content: draft.content } };
  }
}

/** Whether what the server stored differs from what was sent (besides the space around it): the server's sanitiser took something out. */
export function changedByServer(sent: string, stored: string): boolean {
  return sent.trim() !== stored.trim();
}

/** The audit's target of an item (server/content/routes.ts names them so), for a link to its saves. */
export function auditTarget(item: Editable): string | null {
  if (item.kind === 'pages') return item.key === null ? null : `page:${item.key}`;
  if (item.id === null) return null;
  return item.kind === 'faq' ? `faq:${item.id}` : `news:${item.id}`;
}
