import {
  HEADER_LANGS,
  type AdminNewsList,
  type Banner,
  type AdminNewsListQuery,
  type AdminNewsPost,
  type AdminNewsSave,
  type HeaderLang,
  type NewsCalendar,
  type NewsDetail,
  type NewsItem,
  type NewsKind,
  type NewsListQuery,
  type NewsPage,
  type NewsState,
  type NewsTranslation,
  type NewsTranslations,
} from '@app/contract';
import { and, count, desc, eq, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { newestFirstCapped } from '../../db/paging';
import { contentPosts } from '../../db/schema-notices';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';

type PostRow = typeof contentPosts.$inferSelect;

/** Banner ids of posts: this plus the post's row id (the shipped banners are 1, 2, 3, …). */
export const BANNER_ID_BASE = 1_000_000;
/** Where a banner of a post without a link leads: the post's page (apps/web PATHS.newsDetail). */
const NEWS_DETAIL_PAGE = '/pages/news/detail';

/** A stored translation set, read leniently (jsonb written by this service only). */
const translationsOf = (row: PostRow): NewsTranslations => (row.translations ?? {}) as NewsTranslations;

/** The text of a post in `lang`, or English marked `fallback` when it has none in it. */
export function pickTranslation(
  translations: NewsTranslations,
  lang: HeaderLang,
): { lang: HeaderLang; fallback: boolean; text: NewsTranslation } {
  const own = translations[lang];
  if (own && own.title.trim()) return { lang, fallback: false, text: own };
  return { lang: 'en', fallback: lang !== 'en', text: translations.en ?? { title: '', summary: '', body: '' } };
}

/** Trims every field; refuses a language with an empty title or body, or a set without English. */
function cleanTranslations(input: NewsTranslations): NewsTranslations {
  const out: NewsTranslations = {};
  for (const [lang, t] of Object.entries(input)) {
    if (!(HEADER_LANGS as readonly string[]).includes(lang) || !t) throw new AppError('NEWS_TRANSLATION_INVALID');
    const title = t.title.trim();
    const summary = t.summary.trim();
    // Plain text: line breaks normalised, trailing spaces of lines and blank runs dropped.
    const body = t.body
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (!title && !summary && !body && lang !== 'en') continue; // an empty tab of the editor: no translation
    if (!title || !body) throw new AppError(lang === 'en' ? 'NEWS_ENGLISH_REQUIRED' : 'NEWS_TRANSLATION_INVALID');
    out[lang as HeaderLang] = { title, summary, body };
  }
  if (!out.en) throw new AppError('NEWS_ENGLISH_REQUIRED');
  return out;
}

/** Visible to users at `now`: published and not withdrawn. */
const visible = (now: Date): SQL => and(lte(contentPosts.publishAt, now), isNull(contentPosts.withdrawnAt))!;

function stateOf(row: PostRow, now: Date): NewsState {
  if (row.withdrawnAt) return 'withdrawn';
  return row.publishAt <= now ? 'published' : 'scheduled';
}

/**
 * News and announcements (docs/product.md §7 `news/list`, `news/detail`; docs/content.md "News and
 * announcements"): operators write, schedule, change and withdraw posts in the back office
 * (audited); users read the published ones in their language with English as the marked fallback.
 * An announcement's place in the notice stream (`seq`) is stamped by the notifications module.
 */
export class NewsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { audit: AuditLog },
  ) {}

  private item(row: PostRow, lang: HeaderLang): NewsItem {
    const { lang: shown, fallback, text } = pickTranslation(translationsOf(row), lang);
    return {
      id: row.publicId,
      kind: row.kind as NewsKind,
      lang: shown,
      fallback,
      title: text.title,
      summary: text.summary,
      image: row.image,
      link: row.link,
      publishAt: row.publishAt.getTime(),
    };
  }

  /** `news/list`: published posts (of one kind when given), newest first. */
  async list(lang: HeaderLang, q: NewsListQuery): Promise<NewsPage> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const where = and(visible(this.ctx.clock.now()), q.kind ? eq(contentPosts.kind, q.kind) : undefined);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(contentPosts)
        .where(where)
        .orderBy(desc(contentPosts.publishAt), desc(contentPosts.id))
        .limit(size)
        .offset((page - 1) * size),
      this.ctx.db.select({ n: count() }).from(contentPosts).where(where),
    ]);
    return { items: rows.map((r) => this.item(r, lang)), page, size, total: total?.n ?? 0 };
  }

  /** `news/detail`: one published post with its body; anything else is NEWS_NOT_FOUND. */
  async detail(lang: HeaderLang, publicId: string): Promise<NewsDetail> {
    const [row] = await this.ctx.db
      .select()
      .from(contentPosts)
      .where(and(eq(contentPosts.publicId, publicId), visible(this.ctx.clock.now())))
      .limit(1);
    if (!row) throw new AppError('NEWS_NOT_FOUND');
    const { text } = pickTranslation(translationsOf(row), lang);
    return { ...this.item(row, lang), body: text.body };
  }

  /**
   * The home banners' share of the posts (GET banner/list, after the shipped banners): published
   * posts with an image, newest first, at most `limit`; a post without a link leads to its page.
   * Banner ids of posts start at BANNER_ID_BASE (the shipped ones are small numbers).
   */
  async homeBanners(lang: HeaderLang, position: 'home' | 'quote' = 'home', limit = 5): Promise<Banner[]> {
    if (position !== 'home') return [];
    const rows = await this.ctx.db
      .select()
      .from(contentPosts)
      .where(and(visible(this.ctx.clock.now()), isNotNull(contentPosts.image)))
      .orderBy(desc(contentPosts.publishAt), desc(contentPosts.id))
      .limit(limit);
    return rows.map((r) => {
      const item = this.item(r, lang);
      return {
        id: BANNER_ID_BASE + r.id,
        title: item.title,
        image: r.image ?? '',
        link: r.link ?? `${NEWS_DETAIL_PAGE}?id=${r.publicId}`,
      };
    });
  }

  /** The economic calendar widget's address (ECONOMIC_CALENDAR_URL), null when not configured. */
  calendar(): NewsCalendar {
    return { url: this.ctx.config.economicCalendarUrl ?? null };
  }

  // ----- the back office ------------------------------------------------------------------------

  private adminView(row: PostRow, now: Date): AdminNewsPost {
    return {
      id: row.publicId,
      kind: row.kind as NewsKind,
      translations: translationsOf(row),
      image: row.image,
      link: row.link,
      publishAt: row.publishAt.getTime(),
      withdrawnAt: row.withdrawnAt ? row.withdrawnAt.getTime() : null,
      state: stateOf(row, now),
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
    };
  }

  async adminList(q: AdminNewsListQuery): Promise<AdminNewsList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const { rows, total, totalCapped } = await newestFirstCapped(
      this.ctx.db,
      contentPosts,
      q.kind ? eq(contentPosts.kind, q.kind) : undefined,
      page,
      size,
    );
    const now = this.ctx.clock.now();
    return { items: rows.map((r) => this.adminView(r, now)), page, size, total, totalCapped };
  }

  private async lock(tx: DbOrTx, publicId: string): Promise<PostRow> {
    const [row] = await tx
      .select()
      .from(contentPosts)
      .where(eq(contentPosts.publicId, publicId))
      .for('update')
      .limit(1);
    if (!row) throw new AppError('NEWS_NOT_FOUND');
    if (row.withdrawnAt) throw new AppError('NEWS_ALREADY_WITHDRAWN');
    return row;
  }

  /** Create (no id) or change a post; a future `publishAt` schedules it. Audited. */
  async save(actor: AuditActor, body: AdminNewsSave): Promise<AdminNewsPost> {
    const translations = cleanTranslations(body.translations);
    const now = this.ctx.clock.now();
    const fields = {
      kind: body.kind,
      translations,
      image: body.image ?? null,
      link: body.link ?? null,
      publishAt: new Date(body.publishAt),
      updatedAt: now,
      updatedBy: actor.operatorId,
    };
    const row = await this.ctx.db.transaction(async (tx) => {
      const before = body.id === undefined ? undefined : await this.lock(tx, body.id);
      const [saved] = before
        ? await tx.update(contentPosts).set(fields).where(eq(contentPosts.id, before.id)).returning()
        : await tx
            .insert(contentPosts)
            .values({ ...fields, createdAt: now, createdBy: actor.operatorId })
            .returning();
      await this.deps.audit.write(tx, actor, {
        action: before ? 'content.news.update' : 'content.news.create',
        targetType: 'content_post',
        targetId: saved!.publicId,
        ...(before ? { before: this.adminView(before, now) } : {}),
        after: this.adminView(saved!, now),
      });
      return saved!;
    });
    return this.adminView(row, now);
  }

  /** Take a post down: users no longer see it (list, detail, banners). Audited. */
  async withdraw(actor: AuditActor, publicId: string): Promise<AdminNewsPost> {
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction(async (tx) => {
      const before = await this.lock(tx, publicId);
      const [saved] = await tx
        .update(contentPosts)
        .set({ withdrawnAt: now, updatedAt: now, updatedBy: actor.operatorId })
        .where(eq(contentPosts.id, before.id))
        .returning();
      await this.deps.audit.write(tx, actor, {
        action: 'content.news.withdraw',
        targetType: 'content_post',
        targetId: publicId,
        before: this.adminView(before, now),
        after: this.adminView(saved!, now),
      });
      return saved!;
    });
    return this.adminView(row, now);
  }
}
