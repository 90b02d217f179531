import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../contract/languages';
import { readSetting } from '../common/settings';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Translate } from '../i18n';
import { excerpt, plainText, sanitizeRichText } from './sanitize';

/**
 * Content (spec 7): news (category 4) and banners (5), one of which may be the pop-up
 * notice; questions and answers; the fixed pages. Every text exists per language; a
 * reader gets the language asked for, else English, else whichever language there is.
 * Rich text is sanitised here before it is stored, so the readers serve it as it is.
 */
export const NEWS = 4;
export const BANNERS = 5;

export const PAGE_KEYS = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The customer service link (https or mailto), a setting; empty when there is none. */
export const SERVICE_LINK = 'service_link';

type Db = Kysely<Database>;

/** The languages to try, best first: the one asked for, English, then the rest. */
export function preference(language: Language): Language[] {
  return [...new Set<Language>([language, 'en', ...LANGUAGES])];
}

function pick<T extends { lang: string }>(rows: readonly T[], language: Language): T | undefined {
  for (const lang of preference(language)) {
    const row = rows.find((candidate) => candidate.lang === lang);
    if (row) return row;
  }
  return rows[0];
}

/** One line of plain text: control characters become spaces, runs of spaces one. */
function line(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function hasContent(html: string): boolean {
  return plainText(html) !== '' || html.includes('<img');
}

// ---------------------------------------------------------------- readers

export interface NewsItemView {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  cover: string | null;
  created_at: number;
}
export interface NewsDetailView extends NewsItemView {
  content: string;
  updated_at: number;
}

type NewsRow = { id: number; category: number; cover: string | null; created_at: number; updated_at: number };

async function textsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('news_texts').select(['news_id', 'lang', 'title', 'summary', 'content']).where('news_id', 'in', ids).execute();
}

function detailOf(row: NewsRow, texts: Awaited<ReturnType<typeof textsOf>>, language: Language): NewsDetailView | null {
  const text = pick(
    texts.filter((candidate) => candidate.news_id === row.id),
    language,
  );
  if (!text) return null;
  return { id: row.id, c_id: row.category, title: text.title, summary: text.summary, cover: row.cover, created_at: row.created_at, content: text.content, updated_at: row.updated_at };
}

/** News newest first; banners in their order (ascending `sort`, then oldest first). */
export async function listNews(db: Db, category: number, page: number, limit: number, language: Language) {
  let query = db.selectFrom('news').select(['id', 'category', 'cover', 'created_at', 'updated_at']).where('category', '=', category).where('deleted_at', 'is', null);
  query = category === BANNERS ? query.orderBy('sort').orderBy('id') : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await query
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const shown = rows.slice(0, limit);
  const texts = await textsOf(
    db,
    shown.map((row) => row.id),
  );
  const data = shown.flatMap((row) => {
    const detail = detailOf(row, texts, language);
    if (!detail) return [];
    const { content: _content, updated_at: _updated, ...item } = detail;
    return [item];
  });
  return { data, page, limit, more: rows.length > limit };
}

export async function newsDetail(db: Db, id: number, language: Language): Promise<NewsDetailView> {
  const row = await db.selectFrom('news').select(['id', 'category', 'cover', 'created_at', 'updated_at']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  const detail = row ? detailOf(row, await textsOf(db, [row.id]), language) : null;
  if (!detail) throw new ApiError('server:errors.news_unknown');
  return detail;
}

export async function popNotice(db: Db, language: Language): Promise<NewsDetailView | null> {
  const row = await db
    .selectFrom('news')
    .select(['id', 'category', 'cover', 'created_at', 'updated_at'])
    .where('pop', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row ? detailOf(row, await textsOf(db, [row.id]), language) : null;
}

export async function listFaq(db: Db, language: Language) {
  const rows = await db.selectFrom('faqs').select('id').where('deleted_at', 'is', null).orderBy('sort').orderBy('id').execute();
  if (rows.length === 0) return [];
  const texts = await db
    .selectFrom('faq_texts')
    .select(['faq_id', 'lang', 'question', 'answer'])
    .where(
      'faq_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.flatMap((row) => {
    const text = pick(
      texts.filter((candidate) => candidate.faq_id === row.id),
      language,
    );
    return text ? [{ id: row.id, question: text.question, answer: text.answer }] : [];
  });
}

export async function readPage(db: Db, key: PageKey, language: Language) {
  const rows = await db.selectFrom('pages').select(['lang', 'title', 'content', 'updated_at']).where('key', '=', key).execute();
  const page = pick(rows, language);
  return page ? { key, title: page.title, content: page.content, updated_at: page.updated_at } : null;
}

/** The help menu: FAQ when there are questions, each page that has text, customer service when a link is set. */
export async function helpMenu(db: Db, language: Language, t: Translate) {
  const entries: { key: string; title: string; url: string | null }[] = [];
  const question = await db.selectFrom('faqs').select('id').where('deleted_at', 'is', null).executeTakeFirst();
  if (question) entries.push({ key: 'faq', title: t('server:content.faq'), url: null });
  for (const key of PAGE_KEYS) {
    const page = await readPage(db, key, language);
    if (page) entries.push({ key, title: page.title, url: null });
  }
  const service = await readSetting(db, SERVICE_LINK);
  if (service) entries.push({ key: 'service', title: t('server:content.service'), url: service });
  return entries;
}

// ---------------------------------------------------------------- writers

/** What a save did, for the audit record. */
export interface Saved {
  id: number;
  /** whether sanitising changed what the operator sent */
  sanitised: boolean;
}

function richText(html: string): { clean: string; sanitised: boolean } {
  const clean = sanitizeRichText(html);
  if (!hasContent(clean)) throw new ApiError('server:errors.content_empty');
  return { clean, sanitised: clean !== html.trim() };
}

function title(value: string): string {
  const text = line(value);
  if (text === '') throw new ApiError('server:errors.title_required');
  return text;
}

export interface NewsInput {
  id?: number | undefined;
  c_id: number;
  lang: Language;
  title: string;
  summary?: string | undefined;
  content: string;
  cover?: string | undefined;
  pop?: boolean | undefined;
  sort?: number | undefined;
}

/**
 * Creates an article (no id) or changes one and its text in one language. Fields left
 * out keep their value (a new article: no cover, not the notice, order 0). Making it the
 * pop-up notice takes that from any other. Run it in a transaction.
 */
export async function saveNews(db: Db, input: NewsInput, now: number, seedKey: string | null = null): Promise<Saved> {
  const heading = title(input.title);
  const { clean, sanitised } = richText(input.content);
  const summary = input.summary !== undefined && line(input.summary) !== '' ? line(input.summary) : excerpt(clean);
  let id = input.id;
  if (id !== undefined) {
    const existing = await db.selectFrom('news').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!existing) throw new ApiError('server:errors.news_unknown');
    await db
      .updateTable('news')
      .set({
        category: input.c_id,
        updated_at: now,
        ...(input.cover !== undefined ? { cover: input.cover } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.pop !== undefined ? { pop: input.pop ? 1 : 0 } : {}),
      })
      .where('id', '=', id)
      .execute();
  } else {
    const created = await db
      .insertInto('news')
      .values({ category: input.c_id, cover: input.cover ?? null, pop: input.pop ? 1 : 0, sort: input.sort ?? 0, seed_key: seedKey, created_at: now, updated_at: now, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = created.id;
  }
  if (input.pop) await db.updateTable('news').set({ pop: 0 }).where('pop', '=', 1).where('id', '!=', id).execute();
  await db
    .insertInto('news_texts')
    .values({ news_id: id, lang: input.lang, title: heading, summary, content: clean, updated_at: now })
    .onConflict((oc) => oc.columns(['news_id', 'lang']).doUpdateSet({ title: heading, summary, content: clean, updated_at: now }))
    .execute();
  return { id, sanitised };
}

/** Removes an article: it is kept, marked deleted, and is no longer the notice. */
export async function deleteNews(db: Db, id: number, now: number): Promise<void> {
  const result = await db.updateTable('news').set({ deleted_at: now, pop: 0, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ApiError('server:errors.news_unknown');
}

export interface FaqInput {
  id?: number | undefined;
  lang: Language;
  question: string;
  answer: string;
  sort?: number | undefined;
}

export async function saveFaq(db: Db, input: FaqInput, now: number, seedKey: string | null = null): Promise<Saved> {
  const question = title(input.question);
  const { clean, sanitised } = richText(input.answer);
  let id = input.id;
  if (id !== undefined) {
    const existing = await db.selectFrom('faqs').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!existing) throw new ApiError('server:errors.faq_unknown');
    await db
      .updateTable('faqs')
      .set({ updated_at: now, ...(input.sort !== undefined ? { sort: input.sort } : {}) })
      .where('id', '=', id)
      .execute();
  } else {
    const created = await db
      .insertInto('faqs')
      .values({ sort: input.sort ?? 0, seed_key: seedKey, created_at: now, updated_at: now, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = created.id;
  }
  await db
    .insertInto('faq_texts')
    .values({ faq_id: id, lang: input.lang, question, answer: clean, updated_at: now })
    .onConflict((oc) => oc.columns(['faq_id', 'lang']).doUpdateSet({ question, answer: clean, updated_at: now }))
    .execute();
  return { id, sanitised };
}

export async function deleteFaq(db: Db, id: number, now: number): Promise<void> {
  const result = await db.updateTable('faqs').set({ deleted_at: now, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ApiError('server:errors.faq_unknown');
}

export async function savePage(db: Db, input: { key: PageKey; lang: Language; title: string; content: string }, now: number): Promise<{ sanitised: boolean }> {
  const heading = title(input.title);
  const { clean, sanitised } = richText(input.content);
  await db
    .insertInto('pages')
    .values({ key: input.key, lang: input.lang, title: heading, content: clean, updated_at: now })
    .onConflict((oc) => oc.columns(['key', 'lang']).doUpdateSet({ title: heading, content: clean, updated_at: now }))
    .execute();
  return { sanitised };
}

/** Sets the customer service link; an empty value removes it from the menu (and keeps the seed from restoring it). */
export async function setServiceLink(db: Db, url: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: SERVICE_LINK, value: url, public: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: url }))
    .execute();
}

// ---------------------------------------------------------------- operators' readers

/** The languages an item has, in the order of LANGUAGES. */
function languagesOf(rows: readonly { lang: string }[]): Language[] {
  return LANGUAGES.filter((code) => rows.some((row) => row.lang === code));
}

/** Only the eight languages' rows (a row in another code, written by hand, is not the operator's to edit). */
function known<T extends { lang: string }>(rows: readonly T[]): (T & { lang: Language })[] {
  return rows.flatMap((row) => {
    const lang = LANGUAGES.find((code) => code === row.lang);
    return lang ? [{ ...row, lang }] : [];
  });
}

/** News or banners in the app's order, each with its English (else first) title and the languages it has. */
export async function operatorNewsList(db: Db, category: number, page: number, limit: number) {
  let query = db.selectFrom('news').select(['id', 'category', 'cover', 'pop', 'sort', 'created_at', 'updated_at']).where('category', '=', category).where('deleted_at', 'is', null);
  query = category === BANNERS ? query.orderBy('sort').orderBy('id') : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await query
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const shown = rows.slice(0, limit);
  const texts = await textsOf(
    db,
    shown.map((row) => row.id),
  );
  const data = shown.map((row) => {
    const own = texts.filter((text) => text.news_id === row.id);
    return {
      id: row.id,
      c_id: row.category,
      title: pick(own, 'en')?.title ?? '',
      cover: row.cover,
      pop: row.pop === 1,
      sort: row.sort,
      langs: languagesOf(own),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
  return { data, page, limit, more: rows.length > limit };
}

export async function operatorNewsItem(db: Db, id: number) {
  const row = await db.selectFrom('news').select(['id', 'category', 'cover', 'pop', 'sort', 'created_at', 'updated_at']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError('server:errors.news_unknown');
  const texts = await db.selectFrom('news_texts').select(['lang', 'title', 'summary', 'content', 'updated_at']).where('news_id', '=', id).execute();
  const ordered = known(texts).sort((a, b) => LANGUAGES.indexOf(a.lang) - LANGUAGES.indexOf(b.lang));
  return { id: row.id, c_id: row.category, cover: row.cover, pop: row.pop === 1, sort: row.sort, created_at: row.created_at, updated_at: row.updated_at, texts: ordered };
}

export async function operatorFaqItem(db: Db, id: number) {
  const row = await db.selectFrom('faqs').select(['id', 'sort']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError('server:errors.faq_unknown');
  const texts = await db.selectFrom('faq_texts').select(['lang', 'question', 'answer', 'updated_at']).where('faq_id', '=', id).execute();
  return { id: row.id, sort: row.sort, texts: known(texts).sort((a, b) => LANGUAGES.indexOf(a.lang) - LANGUAGES.indexOf(b.lang)) };
}

export async function operatorPageItem(db: Db, key: PageKey) {
  const texts = await db.selectFrom('pages').select(['lang', 'title', 'content', 'updated_at']).where('key', '=', key).execute();
  return { key, texts: known(texts).sort((a, b) => LANGUAGES.indexOf(a.lang) - LANGUAGES.indexOf(b.lang)) };
}

/** The notice, the questions, the pages and the service link, for the console's Content screen. */
export async function operatorContent(db: Db) {
  const notice = await db.selectFrom('news').select(['id', 'category']).where('pop', '=', 1).where('deleted_at', 'is', null).orderBy('updated_at', 'desc').executeTakeFirst();
  const noticeTexts = notice ? await textsOf(db, [notice.id]) : [];
  const faqs = await db.selectFrom('faqs').select(['id', 'sort']).where('deleted_at', 'is', null).orderBy('sort').orderBy('id').execute();
  const faqTexts =
    faqs.length === 0
      ? []
      : await db
          .selectFrom('faq_texts')
          .select(['faq_id', 'lang', 'question'])
          .where(
            'faq_id',
            'in',
            faqs.map((row) => row.id),
          )
          .execute();
  const pageTexts = await db.selectFrom('pages').select(['key', 'lang', 'title']).execute();
  return {
    notice: notice ? { id: notice.id, c_id: notice.category, title: pick(noticeTexts, 'en')?.title ?? '' } : null,
    faq: faqs.map((row) => {
      const own = faqTexts.filter((text) => text.faq_id === row.id);
      return { id: row.id, sort: row.sort, question: pick(own, 'en')?.question ?? '', langs: languagesOf(own) };
    }),
    pages: PAGE_KEYS.map((key) => {
      const own = pageTexts.filter((text) => text.key === key);
      return { key, title: pick(own, 'en')?.title ?? '', langs: languagesOf(own) };
    }),
    service_link: (await readSetting(db, SERVICE_LINK)) ?? '',
  };
}
