import type { Kysely } from 'kysely';

/**
 * Content (spec 7): news and banners with their text per language, questions and answers
 * with theirs, and the fixed pages per key and language. Rich text is stored as the
 * sanitised HTML served (server/content/sanitize.ts). Deleted articles and questions are
 * kept with deleted_at (the seed never brings them back); `seed_key` names what the seed
 * wrote, so later starts only add the languages still missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('cover', 'text')
    .addColumn('pop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'integer')
    .execute();
  await db.schema.createIndex('news_category').on('news').columns(['category', 'deleted_at', 'created_at']).execute();

  await db.schema
    .createTable('news_texts')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_texts_pk', ['news_id', 'lang'])
    .execute();

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'integer')
    .execute();

  await db.schema
    .createTable('faq_texts')
    .addColumn('faq_id', 'integer', (c) => c.notNull().references('faqs.id'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_texts_pk', ['faq_id', 'lang'])
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pages_pk', ['key', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pages', 'faq_texts', 'faqs', 'news_texts', 'news']) await db.schema.dropTable(table).execute();
}
