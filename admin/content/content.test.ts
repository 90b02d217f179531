import { expect, test } from 'vitest';
import english from '../../locales/en/admin.json';
import { auditTarget, blank, changedByServer, contentSearch, coverage, draftOf, edited, fromFaq, fromNews, fromPage, KINDS, PAGE_KEYS, saveRequest, type Editable } from './content';

const article = fromNews({
  id: 12,
  c_id: 4,
  cover: '/uploads/abc.png',
  pop: true,
  sort: 3,
  created_at: 1_000,
  updated_at: 2_000,
  texts: [
    { lang: 'en', title: 'Maintenance', summary: 'Ten minutes', content: '<p>Pause</p>', updated_at: 2_000 },
    { lang: 'th', title: 'ปิดปรับปรุง', summary: 'สิบนาที', content: '<p>หยุด</p>', updated_at: 1_500 },
  ],
});

test("the URL opens a kind and an item; anything else opens the kind's list, news by default", () => {
  expect(contentSearch({})).toEqual({ kind: 'news' });
  expect(contentSearch({ kind: 'banners', item: 7 })).toEqual({ kind: 'banners', item: 7 });
  expect(contentSearch({ kind: 'faq', item: '12' })).toEqual({ kind: 'faq', item: 12 });
  expect(contentSearch({ kind: 'faq', item: 'new' })).toEqual({ kind: 'faq', item: 'new' });
  expect(contentSearch({ kind: 'pages', item: 'contactus' })).toEqual({ kind: 'pages', item: 'contactus' });
  // A page is opened by its key, never by a number or as a new one; other kinds by a positive id.
  expect(contentSearch({ kind: 'pages', item: 'new' })).toEqual({ kind: 'pages' });
  expect(contentSearch({ kind: 'pages', item: '3' })).toEqual({ kind: 'pages' });
  expect(contentSearch({ kind: 'news', item: 'aboutus' })).toEqual({ kind: 'news' });
  expect(contentSearch({ kind: 'news', item: '0' })).toEqual({ kind: 'news' });
  expect(contentSearch({ kind: 'news', item: '-4' })).toEqual({ kind: 'news' });
  expect(contentSearch({ kind: 'service', item: '4' })).toEqual({ kind: 'service' });
  expect(contentSearch({ kind: 'users' })).toEqual({ kind: 'news' });
});

test('an item shows which languages it has and which it misses, in the order of the languages', () => {
  expect(coverage(['th', 'en'])).toEqual({ have: ['en', 'th'], missing: ['zh', 'hk', 'jp', 'kor', 'fra', 'spa'] });
  expect(coverage([]).have).toEqual([]);
  expect(coverage(['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'xx']).missing).toEqual([]);
});

test("a language starts from what is stored, a missing one from nothing; a change is the language's own", () => {
  expect(draftOf(article, 'th')).toEqual({ title: 'ปิดปรับปรุง', summary: 'สิบนาที', content: '<p>หยุด</p>' });
  expect(draftOf(article, 'jp')).toEqual({ title: '', summary: '', content: '' });
  expect(edited(article, 'en', draftOf(article, 'en'))).toBe(false);
  expect(edited(article, 'en', { ...draftOf(article, 'en'), summary: 'Five minutes' })).toBe(true);
  expect(edited(article, 'jp', { title: 'メンテナンス', summary: '', content: '' })).toBe(true);
  // A question has no summary: nothing there counts as a change.
  const question = fromFaq({ id: 3, sort: 1, texts: [{ lang: 'en', question: 'Fees?', answer: '<p>0.1%</p>', updated_at: 5 }] });
  expect(edited(question, 'en', { title: 'Fees?', summary: 'x', content: '<p>0.1%</p>' })).toBe(false);
});

test('saving sends one language with the fields all languages share, to the endpoint of its kind', () => {
  const shared = { cover: '/uploads/new.png', pop: false, sort: 2 };
  expect(saveRequest(article, 'th', { title: 'T', summary: '', content: '<p>c</p>' }, shared)).toEqual({
    route: 'POST /operator/news/save',
    input: { id: 12, c_id: 4, lang: 'th', title: 'T', summary: '', content: '<p>c</p>', cover: '/uploads/new.png', pop: false, sort: 2 },
  });
  // A new banner has no id yet and no cover unless one was uploaded.
  expect(saveRequest(blank('banners'), 'en', { title: 'B', summary: 's', content: '<p>b</p>' }, { cover: null, pop: true, sort: 0 })).toEqual({
    route: 'POST /operator/news/save',
    input: { c_id: 5, lang: 'en', title: 'B', summary: 's', content: '<p>b</p>', pop: true, sort: 0 },
  });
  expect(saveRequest(blank('faq'), 'kor', { title: '수수료?', summary: '', content: '<p>0.1%</p>' }, { cover: null, pop: false, sort: 4 })).toEqual({
    route: 'POST /operator/faq/save',
    input: { lang: 'kor', question: '수수료?', answer: '<p>0.1%</p>', sort: 4 },
  });
  const page = fromPage({ key: 'contactus', texts: [] });
  expect(saveRequest(page, 'fra', { title: 'Contact', summary: '', content: '<p>x</p>' }, { cover: null, pop: false, sort: 0 })).toEqual({
    route: 'POST /operator/page/save',
    input: { key: 'contactus', lang: 'fra', title: 'Contact', content: '<p>x</p>' },
  });
});

test('the console says the server changed the text only when what it stored differs from what was sent', () => {
  expect(changedByServer('<p>Hi</p>\n', '<p>Hi</p>')).toBe(false);
  expect(changedByServer('<p onclick="x()">Hi</p>', '<p>Hi</p>')).toBe(true);
  expect(changedByServer('<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>')).toBe(true);
});

test("an item's saves are found in the audit by the target the server gives them", () => {
  expect(auditTarget(article)).toBe('news:12');
  expect(auditTarget(fromFaq({ id: 3, sort: 0, texts: [] }))).toBe('faq:3');
  expect(auditTarget(fromPage({ key: 'aboutus', texts: [] }))).toBe('page:aboutus');
  const unsaved: Editable = blank('news');
  expect(auditTarget(unsaved)).toBeNull();
});

test('every key made from a kind, a page or a language state is in English', () => {
  type Tree = { [key: string]: string | Tree };
  const content = (english as unknown as { content: Tree }).content;
  const at = (path: string) => path.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), content);
  const keys = [
    ...KINDS.map((kind) => `kinds.${kind}`),
    ...PAGE_KEYS.map((key) => `pages.${key}`),
    ...(['news', 'banners', 'faq'] as const).map((kind) => `new.${kind}`),
    ...['stored', 'missing', 'edited'].map((state) => `language_state.${state}`),
  ];
  expect(keys.filter((key) => typeof at(key) !== 'string')).toEqual([]);
});
