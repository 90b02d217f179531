import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { audit } from '../operator/auth';
import { uploadsDir } from '../uploads/routes';
import { deleteFaq, deleteNews, helpMenu, listFaq, listNews, newsDetail, popNotice, readPage, saveFaq, saveNews, savePage, setServiceLink, type PageKey } from './service';

/** Operators may send whole articles (up to 100,000 characters, any script) in one form. */
const CONTENT_BODY_LIMIT = 1024 * 1024;
const LARGE_BODIES = new Set([endpoints.operatorNewsSave.path, endpoints.operatorFaqSave.path, endpoints.operatorPageSave.path].map((p) => `/api${p}`));

/** Content (spec 7): public readers in the caller's language, and the operator's writers. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (options) => {
    if (LARGE_BODIES.has(options.url)) options.bodyLimit = CONTENT_BODY_LIMIT;
  });
  const by = (operator: string | null) => operator ?? 'unknown';
  const flags = (sanitised: boolean) => (sanitised ? ' (sanitised)' : '');

  route(app, ctx, endpoints.newsPop, async ({ language }) => popNotice(ctx.db, language));
  route(app, ctx, endpoints.newsList, async ({ input, language }) => listNews(ctx.db, input.c_id, input.page, input.limit, language));
  route(app, ctx, endpoints.newsDetail, async ({ input, language }) => newsDetail(ctx.db, input.id, language));
  route(app, ctx, endpoints.menu, async ({ language, t }) => helpMenu(ctx.db, language, t));
  route(app, ctx, endpoints.faq, async ({ language }) => listFaq(ctx.db, language));

  const page =
    (key: PageKey) =>
    async ({ language }: { language: Parameters<typeof readPage>[2] }) => {
      const found = await readPage(ctx.db, key, language);
      if (!found) throw new ApiError('server:errors.page_empty');
      return found;
    };
  route(app, ctx, endpoints.aboutUs, page('aboutus'));
  route(app, ctx, endpoints.contactUs, page('contactus'));
  route(app, ctx, endpoints.compliance, page('operational_compliance'));

  route(app, ctx, endpoints.operatorNewsSave, async ({ input, operator }) => {
    if (input.cover !== undefined && !fs.existsSync(path.join(uploadsDir(ctx.config.dataDir), path.basename(input.cover)))) {
      throw new ApiError('server:errors.upload_unknown');
    }
    const now = ctx.now();
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const result = await saveNews(trx, input, now);
      const what = `${input.id === undefined ? 'new' : 'changed'} c_id=${input.c_id}${input.pop === undefined ? '' : ` pop=${input.pop}`}`;
      await audit({ trx, time: now }, by(operator), 'news-save', `news:${result.id}`, `${what} ${input.lang}: ${input.title}${flags(result.sanitised)}`);
      return result;
    });
    return { id: saved.id };
  });

  route(app, ctx, endpoints.operatorNewsDelete, async ({ input, operator, t }) => {
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await deleteNews(trx, input.id, now);
      await audit({ trx, time: now }, by(operator), 'news-delete', `news:${input.id}`, '');
    });
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.operatorFaqSave, async ({ input, operator }) => {
    const now = ctx.now();
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const result = await saveFaq(trx, input, now);
      await audit({ trx, time: now }, by(operator), 'faq-save', `faq:${result.id}`, `${input.id === undefined ? 'new' : 'changed'} ${input.lang}: ${input.question}${flags(result.sanitised)}`);
      return result;
    });
    return { id: saved.id };
  });

  route(app, ctx, endpoints.operatorFaqDelete, async ({ input, operator, t }) => {
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await deleteFaq(trx, input.id, now);
      await audit({ trx, time: now }, by(operator), 'faq-delete', `faq:${input.id}`, '');
    });
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.operatorPageSave, async ({ input, operator, t }) => {
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const { sanitised } = await savePage(trx, input, now);
      await audit({ trx, time: now }, by(operator), 'page-save', `page:${input.key}`, `${input.lang}: ${input.title}${flags(sanitised)}`);
    });
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.operatorServiceLink, async ({ input, operator, t }) => {
    const url = input.url.trim();
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await setServiceLink(trx, url);
      await audit({ trx, time: now }, by(operator), 'service-link', 'setting:service_link', url === '' ? '(cleared)' : url);
    });
    return t('server:ok.done');
  });
}
