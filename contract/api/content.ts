import { Type } from '@sinclair/typebox';
import { LANGUAGES, type Language } from '../languages';
import { endpoint } from './define';
import { IdField, LimitField, PageField, UploadPathField } from './fields';
import { paged } from './wallet';

/**
 * Content (spec 7, "Content"): news and banners, the pop-up notice, FAQ and the fixed
 * pages, in the request's language with an English fallback. Rich text (`content`,
 * `answer`) is HTML that the server sanitised when it was stored: only formatting tags,
 * links (http, https, mailto) and images from /uploads/ survive.
 */
const Html = Type.String({ description: 'sanitised HTML' });

export const NewsCategory = Type.Union([Type.Literal(4), Type.Literal(5)], { errorKey: 'news_category_invalid', description: '4 news, 5 banners' });

export const NewsItem = Type.Object({
  id: Type.Integer(),
  c_id: Type.Integer({ description: '4 news, 5 banners' }),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.Union([Type.String(), Type.Null()], { description: 'image path under /uploads/, or null' }),
  created_at: Type.Integer(),
});

export const NewsDetail = Type.Composite([NewsItem, Type.Object({ content: Html, updated_at: Type.Integer() })]);

export const newsPop = endpoint({
  method: 'GET',
  path: '/news/index_pop',
  access: 'public',
  tag: 'content',
  summary: 'The notice the home tab pops up (once per notice id on a device), or null',
  input: Type.Object({}),
  output: Type.Union([NewsDetail, Type.Null()]),
});

export const newsList = endpoint({
  method: 'POST',
  path: '/news/list',
  access: 'public',
  tag: 'content',
  summary: 'News (c_id 4) or banners (c_id 5), newest first (banners in their configured order)',
  input: Type.Object({ c_id: NewsCategory, page: PageField, limit: LimitField }),
  output: paged(NewsItem),
});

export const newsDetail = endpoint({
  method: 'POST',
  path: '/news/detail',
  access: 'public',
  tag: 'content',
  summary: 'One article with its sanitised content',
  input: Type.Object({ id: IdField }),
  output: NewsDetail,
});

export const PageKey = Type.Union([Type.Literal('aboutus'), Type.Literal('contactus'), Type.Literal('operational_compliance')], { errorKey: 'page_unknown' });

export const MenuEntry = Type.Object({
  key: Type.String({ description: 'faq | aboutus | contactus | operational_compliance | service' }),
  title: Type.String(),
  url: Type.Union([Type.String(), Type.Null()], { description: 'for service: the external messaging link' }),
});

export const menu = endpoint({
  method: 'GET',
  path: '/menu',
  access: 'public',
  tag: 'content',
  summary: 'The help and information menu: the pages that have content, and customer service when a link is configured',
  input: Type.Object({}),
  output: Type.Array(MenuEntry),
});

export const FaqEntry = Type.Object({ id: Type.Integer(), question: Type.String(), answer: Html });

export const faq = endpoint({
  method: 'GET',
  path: '/faq',
  access: 'public',
  tag: 'content',
  summary: 'Questions and answers, in their configured order',
  input: Type.Object({}),
  output: Type.Array(FaqEntry),
});

export const ContentPage = Type.Object({ key: Type.String(), title: Type.String(), content: Html, updated_at: Type.Integer() });

export const aboutUs = endpoint({ method: 'GET', path: '/aboutus', access: 'public', tag: 'content', summary: 'About the exchange', input: Type.Object({}), output: ContentPage });
export const contactUs = endpoint({ method: 'GET', path: '/contactus', access: 'public', tag: 'content', summary: 'How to reach the exchange', input: Type.Object({}), output: ContentPage });
export const compliance = endpoint({
  method: 'GET',
  path: '/operational_compliance',
  access: 'public',
  tag: 'content',
  summary: 'Operational compliance: licences, risk disclosure, the paper-trading notice',
  input: Type.Object({}),
  output: ContentPage,
});

/** Operators write content per language; what they send is sanitised before it is stored. */
/** The content's language: one of the eight codes (not the API's zh-cn / zh-tw spelling). Typed from LANGUAGES, so handlers get a Language. */
// TypeBox types a union built from an array (not a tuple) as never: Unsafe names its type.
const Lang = Type.Unsafe<Language>(
  Type.Union(
    LANGUAGES.map((code) => Type.Literal(code)),
    { errorKey: 'language_invalid', description: 'en | zh | hk | th | jp | kor | fra | spa' },
  ),
);
const Title = Type.String({ minLength: 1, maxLength: 200 });
const RichText = Type.String({ maxLength: 100_000 });

export const operatorNewsSave = endpoint({
  method: 'POST',
  path: '/operator/news/save',
  access: 'operator',
  tag: 'operator',
  summary: 'Create an article or banner (no id) or change one; the text of one language at a time',
  input: Type.Object({
    id: Type.Optional(IdField),
    c_id: NewsCategory,
    lang: Lang,
    title: Title,
    summary: Type.Optional(Type.String({ maxLength: 500 })),
    content: RichText,
    cover: Type.Optional(UploadPathField),
    pop: Type.Optional(Type.Boolean({ description: 'the pop-up notice (only one at a time)' })),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  }),
  output: Type.Object({ id: Type.Integer() }),
});

export const operatorNewsDelete = endpoint({
  method: 'POST',
  path: '/operator/news/delete',
  access: 'operator',
  tag: 'operator',
  summary: 'Remove an article or banner',
  input: Type.Object({ id: IdField }),
  output: Type.String(),
});

export const operatorFaqSave = endpoint({
  method: 'POST',
  path: '/operator/faq/save',
  access: 'operator',
  tag: 'operator',
  summary: 'Create a question (no id) or change one, one language at a time',
  input: Type.Object({ id: Type.Optional(IdField), lang: Lang, question: Title, answer: RichText, sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })) }),
  output: Type.Object({ id: Type.Integer() }),
});

export const operatorFaqDelete = endpoint({
  method: 'POST',
  path: '/operator/faq/delete',
  access: 'operator',
  tag: 'operator',
  summary: 'Remove a question',
  input: Type.Object({ id: IdField }),
  output: Type.String(),
});

export const operatorPageSave = endpoint({
  method: 'POST',
  path: '/operator/page/save',
  access: 'operator',
  tag: 'operator',
  summary: 'Write one language of a fixed page',
  input: Type.Object({ key: PageKey, lang: Lang, title: Title, content: RichText }),
  output: Type.String(),
});

export const operatorServiceLink = endpoint({
  method: 'POST',
  path: '/operator/service_link',
  access: 'operator',
  tag: 'operator',
  summary: 'Set the customer service link (https or mailto), or clear it with an empty value',
  input: Type.Object({ url: Type.String({ maxLength: 300, pattern: '^$|^(https://|mailto:)[^\\s<>"]+$', errorKey: 'service_link_invalid' }) }),
  output: Type.String(),
});

/**
 * What operators read to edit content: every language an item has, as stored (the
 * public readers answer one language, with a fallback). The console's Content screen
 * lists these and edits one language at a time through the save endpoints above.
 */
const LangList = Type.Array(Lang, { description: 'the languages the item has text in' });

export const OperatorNewsRow = Type.Object({
  id: Type.Integer(),
  c_id: Type.Integer({ description: '4 news, 5 banners' }),
  title: Type.String({ description: 'in English, else the first language it has' }),
  cover: Type.Union([Type.String(), Type.Null()]),
  pop: Type.Boolean({ description: 'the pop-up notice' }),
  sort: Type.Integer(),
  langs: LangList,
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

export const OperatorNewsText = Type.Object({ lang: Lang, title: Type.String(), summary: Type.String(), content: Html, updated_at: Type.Integer() });
export const OperatorNews = Type.Composite([Type.Omit(OperatorNewsRow, ['title', 'langs']), Type.Object({ texts: Type.Array(OperatorNewsText) })]);

export const operatorNewsList = endpoint({
  method: 'GET',
  path: '/operator/news',
  access: 'operator',
  tag: 'operator',
  summary: 'News (c_id 4) or banners (c_id 5) as the app orders them, each with the languages it has',
  input: Type.Object({ c_id: NewsCategory, page: PageField, limit: LimitField }),
  output: paged(OperatorNewsRow),
});

export const operatorNewsItem = endpoint({
  method: 'GET',
  path: '/operator/news/item',
  access: 'operator',
  tag: 'operator',
  summary: 'An article or banner with its text in every language it has',
  input: Type.Object({ id: IdField }),
  output: OperatorNews,
});

export const OperatorFaqText = Type.Object({ lang: Lang, question: Type.String(), answer: Html, updated_at: Type.Integer() });
export const OperatorFaq = Type.Object({ id: Type.Integer(), sort: Type.Integer(), texts: Type.Array(OperatorFaqText) });

export const operatorFaqItem = endpoint({
  method: 'GET',
  path: '/operator/faq/item',
  access: 'operator',
  tag: 'operator',
  summary: 'A question with its question and answer in every language it has',
  input: Type.Object({ id: IdField }),
  output: OperatorFaq,
});

export const OperatorPageText = Type.Object({ lang: Lang, title: Type.String(), content: Html, updated_at: Type.Integer() });

export const operatorPageItem = endpoint({
  method: 'GET',
  path: '/operator/page/item',
  access: 'operator',
  tag: 'operator',
  summary: 'A fixed page with its text in every language it has',
  input: Type.Object({ key: PageKey }),
  output: Type.Object({ key: PageKey, texts: Type.Array(OperatorPageText) }),
});

export const OperatorContent = Type.Object({
  notice: Type.Union([Type.Object({ id: Type.Integer(), c_id: Type.Integer(), title: Type.String() }), Type.Null()], { description: 'the pop-up notice, or null' }),
  faq: Type.Array(Type.Object({ id: Type.Integer(), sort: Type.Integer(), question: Type.String(), langs: LangList })),
  pages: Type.Array(Type.Object({ key: PageKey, title: Type.String({ description: 'empty when the page has no text' }), langs: LangList })),
  service_link: Type.String({ description: 'the customer service link, empty when there is none' }),
});

export const operatorContent = endpoint({
  method: 'GET',
  path: '/operator/content',
  access: 'operator',
  tag: 'operator',
  summary: 'The pop-up notice, the questions in their order, the fixed pages and the customer service link, each question and page with the languages it has',
  input: Type.Object({}),
  output: OperatorContent,
});

export const operatorContentUpload = endpoint({
  method: 'POST',
  path: '/operator/content/upload',
  access: 'operator',
  tag: 'operator',
  upload: true,
  summary: 'An image for content (a cover, a picture in an article) in the multipart part "file", checked and cleaned as POST /upload does; answers its address under /uploads/',
  input: Type.Object({}),
  output: Type.String({ description: 'File address under /uploads/' }),
});
