import {
  HELP_CATEGORIES,
  HELP_SEARCH_LIMIT,
  type AdminHelpArticle,
  type AdminHelpListQuery,
  type HeaderLang,
  type HelpArticle,
  type HelpArticlePublish,
  type HelpArticleSave,
  type HelpArticleSummary,
  type HelpCategory,
  type HelpCategoryCount,
  type HelpText,
  type HelpTranslations,
} from '@app/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { helpArticles } from '../../db/schema-notices';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { HELP_SEED } from './seed/help';

type HelpRow = typeof helpArticles.$inferSelect;

/** A text of a translation set in `lang`, or English marked `fallback` when it has none in it. */
export function pickText<T extends { title: string }>(
  translations: Partial<Record<HeaderLang, T>>,
  lang: HeaderLang,
): { lang: HeaderLang; fallback: boolean; text: T } {
  const own = translations[lang];
  if (own && own.title.trim()) return { lang, fallback: false, text: own };
  return { lang: 'en', fallback: lang !== 'en', text: translations.en! };
}

/** Trims titles and bodies (line breaks normalised, blank runs collapsed); an empty language is dropped. */
export function cleanTexts<T extends Partial<Record<HeaderLang, HelpText | undefined>>>(input: T): T {
  const out: Partial<Record<HeaderLang, HelpText>> = {};
  for (const [lang, t] of Object.entries(input) as [HeaderLang, HelpText | undefined][]) {
    if (!t) continue;
    const title = t.title.trim();
    const body = t.body
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (!title || !body) {
      if (lang === 'en') throw new AppError('FIELD_REQUIRED');
      continue;
    }
    out[lang] = { title, body };
  }
  return out as T;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The helper centre (docs/content.md "Helper centre"): published articles by category, a search,
 * an article; operators list, write, change and (un)publish them, audited. Seeded once, the first
 * time the table is used and is empty, with help for this product in every language.
 */
export class HelpService {
  private seeded: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { audit: AuditLog },
  ) {}

  /** Writes the seed articles if there are none (one writer at a time: a transaction-scoped advisory lock). */
  ensureSeeded(): Promise<void> {
    this.seeded ??= this.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('help_articles_seed'))`);
        const [n] = await tx.select({ n: count() }).from(helpArticles);
        if ((n?.n ?? 0) > 0) return;
        const now = this.ctx.clock.now();
        await tx.insert(helpArticles).values(
          HELP_SEED.map((a) => ({
            category: a.category,
            sort: a.sort,
            translations: a.translations,
            published: true,
            createdAt: now,
            updatedAt: now,
            updatedBy: null,
          })),
        );
      })
      .catch((err: unknown) => {
        this.seeded = null;
        throw err;
      });
    return this.seeded;
  }

  private summary(row: HelpRow, lang: HeaderLang): HelpArticleSummary {
    const pick = pickText(row.translations as HelpTranslations, lang);
    return {
      id: row.publicId,
      category: row.category as HelpCategory,
      title: pick.text.title,
      lang: pick.lang,
      fallback: pick.fallback,
    };
  }

  async categories(): Promise<HelpCategoryCount[]> {
    await this.ensureSeeded();
    const rows = await this.ctx.db
      .select({ category: helpArticles.category, n: count() })
      .from(helpArticles)
      .where(eq(helpArticles.published, true))
      .groupBy(helpArticles.category);
    const counts = new Map(rows.map((r) => [r.category, r.n]));
    return HELP_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
  }

  async list(category: HelpCategory, lang: HeaderLang): Promise<HelpArticleSummary[]> {
    await this.ensureSeeded();
    const rows = await this.ctx.db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.published, true), eq(helpArticles.category, category)))
      .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
    return rows.map((r) => this.summary(r, lang));
  }

  /**
   * Published articles whose title or body, in `lang` (English where the article has none in it),
   * holds every word of `q`, case-insensitive; titles that match first. The words are matched as
   * text (LIKE with the pattern characters escaped), at most 8 of them.
   */
  async search(q: string, lang: HeaderLang): Promise<HelpArticleSummary[]> {
    await this.ensureSeeded();
    const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    if (!words.length) return [];
    // The text the user reads: their language's when the article has a title in it, else English's.
    const own = sql`NULLIF(btrim(${helpArticles.translations} -> ${lang} ->> 'title'), '')`;
    const title = sql`lower(COALESCE(${own}, ${helpArticles.translations} -> 'en' ->> 'title'))`;
    const body = sql`lower(CASE WHEN ${own} IS NULL THEN ${helpArticles.translations} -> 'en' ->> 'body' ELSE ${helpArticles.translations} -> ${lang} ->> 'body' END)`;
    const conditions = words.map((w) => {
      const pattern = `%${likeEscape(w)}%`;
      return sql`(${title} LIKE ${pattern} OR ${body} LIKE ${pattern})`;
    });
    const first = `%${likeEscape(words[0]!)}%`;
    const rows = await this.ctx.db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.published, true), ...conditions))
      .orderBy(
        sql`CASE WHEN ${title} LIKE ${first} THEN 0 ELSE 1 END`,
        asc(helpArticles.category),
        asc(helpArticles.sort),
        asc(helpArticles.id),
      )
      .limit(HELP_SEARCH_LIMIT);
    return rows.map((r) => this.summary(r, lang));
  }

  async detail(publicId: string, lang: HeaderLang): Promise<HelpArticle> {
    await this.ensureSeeded();
    const [row] = await this.ctx.db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.publicId, publicId), eq(helpArticles.published, true)));
    if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
    const pick = pickText(row.translations as HelpTranslations, lang);
    return { ...this.summary(row, lang), body: pick.text.body, updatedAt: row.updatedAt.getTime() };
  }

  // ----- the back office ------------------------------------------------------------------------

  private adminView(row: HelpRow): AdminHelpArticle {
    return {
      id: row.publicId,
      category: row.category as HelpCategory,
      sort: row.sort,
      published: row.published,
      translations: row.translations as HelpTranslations,
      updatedAt: row.updatedAt.getTime(),
    };
  }

  async adminList(query: AdminHelpListQuery): Promise<AdminHelpArticle[]> {
    await this.ensureSeeded();
    const rows = await this.ctx.db
      .select()
      .from(helpArticles)
      .where(query.category ? eq(helpArticles.category, query.category) : undefined)
      .orderBy(asc(helpArticles.category), asc(helpArticles.sort), asc(helpArticles.id));
    return rows.map((r) => this.adminView(r));
  }

  private async byPublicId(db: DbOrTx, publicId: string, lock: boolean): Promise<HelpRow> {
    const q = db.select().from(helpArticles).where(eq(helpArticles.publicId, publicId));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
    return row;
  }

  /** Creates (no id) or changes an article; audited with the before and after. */
  async save(actor: AuditActor, body: HelpArticleSave): Promise<AdminHelpArticle> {
    await this.ensureSeeded();
    const translations = cleanTexts(body.translations);
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction(async (tx) => {
      const fields = {
        category: body.category,
        sort: body.sort,
        published: body.published,
        translations,
        updatedAt: now,
        updatedBy: actor.operatorId,
      };
      const before = body.id ? await this.byPublicId(tx, body.id, true) : null;
      const [saved] = before
        ? await tx.update(helpArticles).set(fields).where(eq(helpArticles.id, before.id)).returning()
        : await tx
            .insert(helpArticles)
            .values({ ...fields, createdAt: now })
            .returning();
      await this.deps.audit.write(tx, actor, {
        action: before ? 'help_article.update' : 'help_article.create',
        targetType: 'help_article',
        targetId: saved!.id,
        ...(before ? { before: this.auditView(before) } : {}),
        after: this.auditView(saved!),
      });
      return saved!;
    });
    return this.adminView(row);
  }

  /** Publishes or unpublishes an article (kept either way); audited. */
  async publish(actor: AuditActor, body: HelpArticlePublish): Promise<AdminHelpArticle> {
    await this.ensureSeeded();
    const row = await this.ctx.db.transaction(async (tx) => {
      const before = await this.byPublicId(tx, body.id, true);
      const [saved] = await tx
        .update(helpArticles)
        .set({ published: body.published, updatedAt: this.ctx.clock.now(), updatedBy: actor.operatorId })
        .where(eq(helpArticles.id, before.id))
        .returning();
      await this.deps.audit.write(tx, actor, {
        action: body.published ? 'help_article.publish' : 'help_article.unpublish',
        targetType: 'help_article',
        targetId: before.id,
        before: { published: before.published },
        after: { published: body.published },
      });
      return saved!;
    });
    return this.adminView(row);
  }

  private auditView(row: HelpRow) {
    return { category: row.category, sort: row.sort, published: row.published, translations: row.translations };
  }
}
