import {
  ACCEPTED_LEGAL_KINDS,
  LEGAL_KINDS,
  type AdminLegalVersion,
  type HeaderLang,
  type LegalAcceptance,
  type LegalAcceptBody,
  type LegalDocument,
  type LegalKind,
  type LegalPublishBody,
  type LegalTranslations,
} from '@app/contract';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { legalAcceptances, legalDocuments } from '../../db/schema-notices';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { operatorEmails } from '../operators';
import { cleanTexts, pickText } from './help-service';
import { LEGAL_SEED } from './seed/legal';

type LegalRow = typeof legalDocuments.$inferSelect;

/**
 * Writes version 1 of every kind that has no version yet (one writer at a time: a
 * transaction-scoped advisory lock). Operators' versions are never touched.
 */
async function seedLegal(db: DbOrTx, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legal_documents_seed'))`);
    const have = new Set(
      (await tx.selectDistinct({ kind: legalDocuments.kind }).from(legalDocuments)).map((r) => r.kind),
    );
    const missing = LEGAL_KINDS.filter((k) => !have.has(k));
    if (missing.length) {
      await tx.insert(legalDocuments).values(
        missing.map((kind) => ({
          kind,
          version: 1,
          translations: LEGAL_SEED[kind],
          publishedAt: now,
          createdBy: null,
        })),
      );
    }
  });
}

/**
 * Records, in the registration's own transaction, that the new user accepted the current user
 * agreement and privacy policy (docs/content.md "Legal texts"). Seeds version 1 first if the
 * texts were never written.
 */
export async function acceptCurrentTerms(tx: Tx, userId: number, at: Date): Promise<void> {
  const insert = () =>
    tx.execute(sql`
    INSERT INTO legal_acceptances (user_id, document_id, accepted_at)
    SELECT ${userId}, d.id, ${at} FROM legal_documents d
    WHERE d.kind IN ('agreement', 'privacy')
      AND d.version = (SELECT max(v.version) FROM legal_documents v WHERE v.kind = d.kind)
    ON CONFLICT DO NOTHING RETURNING document_id`);
  if (rowsOf(await insert()).length >= ACCEPTED_LEGAL_KINDS.length) return;
  await seedLegal(tx, at);
  await insert();
}

/**
 * Legal and company texts (docs/content.md "Legal texts"): about us, the website company, the
 * privacy policy and the user agreement, each in numbered versions that never change once
 * published; which version a user accepted and when; operators publish new versions (audited).
 */
export class LegalService {
  private seeded: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { audit: AuditLog },
  ) {}

  ensureSeeded(): Promise<void> {
    this.seeded ??= seedLegal(this.ctx.db, this.ctx.clock.now()).catch((err: unknown) => {
      this.seeded = null;
      throw err;
    });
    return this.seeded;
  }

  /** The newest version number of each kind. */
  private async currentVersions(db: DbOrTx): Promise<Map<string, number>> {
    const rows = await db
      .select({ kind: legalDocuments.kind, v: max(legalDocuments.version) })
      .from(legalDocuments)
      .groupBy(legalDocuments.kind);
    return new Map(rows.map((r) => [r.kind, r.v ?? 0]));
  }

  /** A version of a kind (the current one without `version`) in `lang`, English marked `fallback` when it has none in it. */
  async document(kind: LegalKind, version: number | undefined, lang: HeaderLang): Promise<LegalDocument> {
    await this.ensureSeeded();
    const current = (await this.currentVersions(this.ctx.db)).get(kind) ?? 0;
    const [row] = await this.ctx.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.version, version ?? current)));
    if (!row) throw new AppError('LEGAL_DOCUMENT_NOT_FOUND');
    const pick = pickText(row.translations as LegalTranslations, lang);
    return {
      kind,
      version: row.version,
      currentVersion: current,
      title: pick.text.title,
      body: pick.text.body,
      lang: pick.lang,
      fallback: pick.fallback,
      publishedAt: row.publishedAt.getTime(),
    };
  }

  /** For each kind: the current version, and the newest version the user accepted and when. */
  async acceptances(userId: number, db: DbOrTx = this.ctx.db): Promise<LegalAcceptance[]> {
    await this.ensureSeeded();
    const current = await this.currentVersions(db);
    const rows = await db
      .select({ kind: legalDocuments.kind, version: legalDocuments.version, at: legalAcceptances.acceptedAt })
      .from(legalAcceptances)
      .innerJoin(legalDocuments, eq(legalDocuments.id, legalAcceptances.documentId))
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(desc(legalDocuments.version));
    return LEGAL_KINDS.map((kind) => {
      const newest = rows.find((r) => r.kind === kind);
      return {
        kind,
        currentVersion: current.get(kind) ?? 0,
        acceptedVersion: newest?.version ?? null,
        acceptedAt: newest ? newest.at.getTime() : null,
      };
    });
  }

  /** The user accepts the current version of the agreement or the privacy policy (again: nothing changes). */
  async accept(userId: number, body: LegalAcceptBody): Promise<LegalAcceptance> {
    await this.ensureSeeded();
    const current = (await this.currentVersions(this.ctx.db)).get(body.kind) ?? 0;
    if (body.version > current) throw new AppError('LEGAL_DOCUMENT_NOT_FOUND');
    if (body.version !== current) throw new AppError('LEGAL_VERSION_NOT_CURRENT');
    const [doc] = await this.ctx.db
      .select({ id: legalDocuments.id })
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, body.kind), eq(legalDocuments.version, current)));
    await this.ctx.db
      .insert(legalAcceptances)
      .values({ userId, documentId: doc!.id, acceptedAt: this.ctx.clock.now() })
      .onConflictDoNothing();
    return (await this.acceptances(userId)).find((a) => a.kind === body.kind)!;
  }

  // ----- the back office ------------------------------------------------------------------------

  private async adminViews(db: DbOrTx, rows: LegalRow[]): Promise<AdminLegalVersion[]> {
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await db
          .select({ id: legalAcceptances.documentId, n: count() })
          .from(legalAcceptances)
          .where(inArray(legalAcceptances.documentId, ids))
          .groupBy(legalAcceptances.documentId)
      : [];
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    const emails = await operatorEmails(
      db,
      rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])),
    );
    return rows.map((r) => ({
      kind: r.kind as LegalKind,
      version: r.version,
      translations: r.translations as LegalTranslations,
      publishedAt: r.publishedAt.getTime(),
      publishedBy: r.createdBy === null ? null : (emails.get(r.createdBy) ?? null),
      acceptances: byId.get(r.id) ?? 0,
    }));
  }

  /** Every version of a kind, newest first. */
  async versions(kind: LegalKind): Promise<AdminLegalVersion[]> {
    await this.ensureSeeded();
    const rows = await this.ctx.db
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.kind, kind))
      .orderBy(desc(legalDocuments.version));
    return this.adminViews(this.ctx.db, rows);
  }

  /** Publishes the next version of a kind; earlier versions and their acceptances stay as they were. Audited. */
  async publish(actor: AuditActor, body: LegalPublishBody): Promise<AdminLegalVersion> {
    await this.ensureSeeded();
    const translations = cleanTexts(body.translations);
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      // One publisher of a kind at a time: the next number is taken under the kind's lock.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legal_documents_publish'), hashtext(${body.kind}))`);
      const [last] = await tx
        .select({ v: max(legalDocuments.version) })
        .from(legalDocuments)
        .where(eq(legalDocuments.kind, body.kind));
      const [row] = await tx
        .insert(legalDocuments)
        .values({
          kind: body.kind,
          version: (last?.v ?? 0) + 1,
          translations,
          publishedAt: now,
          createdBy: actor.operatorId,
        })
        .returning();
      await this.deps.audit.write(tx, actor, {
        action: 'legal_document.publish',
        targetType: 'legal_document',
        targetId: row!.id,
        after: { kind: row!.kind, version: row!.version, translations },
      });
      return (await this.adminViews(tx, [row!]))[0]!;
    });
  }
}
