import {
  isKnownCountry,
  type KycDecideBody,
  type KycDocumentType,
  type KycDocumentsBody,
  type KycInfo,
  type KycPhotoSlot,
  type KycPrimaryBody,
  type KycQueue,
  type KycQueueQuery,
  type KycRejectReason,
  type KycState,
  type KycSubmissionDetail,
} from '@app/contract';
import type { KycConfig } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import type { FileService } from '../files';
import { notifyUser } from '../notifications';
import { userRepo } from '../users';
import { kycRepo } from './repository';

/** The ID number as compared across accounts: upper case, letters and digits only. */
export const idNumberKey = (idNumber: string) => idNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The UIDs of these users, in their order ('' for an unknown one). */
async function uidsOf(db: DbOrTx, userIds: readonly number[]): Promise<string[]> {
  const byId = await userRepo.uidsOf(db, userIds);
  return userIds.map((id) => byId.get(id) ?? '');
}

/** Refuses a change unless the user may still change what they submitted (`primary`, `rejected`). */
function assertEditable(state: string): void {
  if (state === 'pending') throw new AppError('KYC_UNDER_REVIEW');
  if (state === 'verified') throw new AppError('KYC_VERIFIED_LOCKED');
}

/**
 * Identity verification (docs/kyc.md): the real-name stage, the documents, and the review's
 * decision. Each change runs in one transaction that locks the user's profile row (or, for the
 * first real-name stage, writes it conditionally), so of two concurrent submissions one wins; a
 * partial unique index keeps at most one awaiting review.
 */
export class KycService {
  constructor(
    private readonly ctx: AppContext,
    private readonly files: FileService,
    private readonly audit: AuditLog,
    private readonly config: KycConfig,
  ) {}

  documentTypes(nationality?: string): readonly KycDocumentType[] {
    return (nationality && this.config.documentTypes[nationality]) || this.config.documentTypes['*'] || [];
  }

  async info(userId: number): Promise<KycInfo> {
    const profile = await kycRepo.profile(this.ctx.db, userId);
    const latest = await kycRepo.latestSubmission(this.ctx.db, userId);
    const state: KycState = (profile?.state as KycState | undefined) ?? 'not_started';
    const path = (name: string) => this.files.privatePath(name);
    return {
      state,
      primary: profile
        ? {
            documentType: profile.documentType as KycDocumentType,
            nationality: profile.nationality,
            realName: profile.realName,
            idNumber: profile.idNumber,
          }
        : null,
      documents: latest
        ? {
            frontImage: path(latest.frontImage),
            backImage: path(latest.backImage),
            selfieImage: path(latest.selfieImage),
          }
        : null,
      submittedAt: latest ? latest.submittedAt.getTime() : null,
      reviewedAt: latest?.decidedAt ? latest.decidedAt.getTime() : null,
      rejection:
        state === 'rejected' && latest?.rejectReason
          ? { reason: latest.rejectReason as KycRejectReason, note: latest.rejectNote }
          : null,
    };
  }

  /** Each user's verification state (the back office's user lists). */
  async statesOf(userIds: readonly number[]): Promise<Map<number, KycState>> {
    const found = await kycRepo.statesOf(this.ctx.db, userIds);
    return new Map(userIds.map((id) => [id, (found.get(id) as KycState | undefined) ?? 'not_started']));
  }

  /** Stage 1: records (or corrects) the real-name data; not while a review is pending or once verified. */
  async submitPrimary(userId: number, body: KycPrimaryBody): Promise<KycInfo> {
    if (!isKnownCountry(body.nationality)) throw new AppError('INVALID_PARAMETER', { field: 'nationality' });
    if (!this.documentTypes(body.nationality).includes(body.documentType))
      throw new AppError('KYC_DOCUMENT_TYPE_INVALID');
    const realName = body.realName.trim().replace(/\s+/g, ' ');
    if (!realName) throw new AppError('FIELD_REQUIRED');
    const idNumber = body.idNumber.trim();
    const written = await kycRepo.writePrimary(this.ctx.db, userId, {
      documentType: body.documentType,
      nationality: body.nationality,
      realName,
      idNumber,
      idNumberKey: idNumberKey(idNumber),
      state: 'primary',
      updatedAt: this.ctx.clock.now(),
    });
    if (!written) {
      // Pending or verified when written (one of them is still the case: a verified user stays so).
      assertEditable((await kycRepo.profile(this.ctx.db, userId))?.state ?? 'pending');
      throw new AppError('KYC_UNDER_REVIEW');
    }
    return this.info(userId);
  }

  /** Stage 2: the three photos (the user's own private uploads), then the submission awaits review. */
  async submitDocuments(userId: number, body: KycDocumentsBody): Promise<KycInfo> {
    const paths = [body.frontImage, body.backImage, body.selfieImage];
    if (!paths.every((p): p is string => typeof p === 'string' && p.length > 0)) throw new AppError('PHOTOS_TOO_FEW');
    const names = await this.files.ownPrivateNames(userId, paths);
    if (names.some((n) => n === null) || new Set(names).size !== names.length) throw new AppError('KYC_IMAGE_INVALID');
    const [frontImage, backImage, selfieImage] = names as [string, string, string];
    await this.ctx.db.transaction(async (tx) => {
      const profile = await kycRepo.profile(tx, userId, true);
      if (!profile) throw new AppError('KYC_PRIMARY_REQUIRED');
      assertEditable(profile.state);
      const now = this.ctx.clock.now();
      const { documentType, nationality, realName, idNumber, idNumberKey: key } = profile;
      await kycRepo.insertSubmission(tx, {
        userId,
        documentType,
        nationality,
        realName,
        idNumber,
        idNumberKey: key,
        frontImage,
        backImage,
        selfieImage,
        submittedAt: now,
      });
      await kycRepo.setState(tx, userId, 'pending', now);
    });
    return this.info(userId);
  }

  // ----- The review (back office, compliance; docs/kyc.md "Review") -----

  /** One page of the queue: awaiting review oldest first (the default), or decided ones newest first. */
  /** The review queue's size and its oldest submission's time, for the back office's dashboard. */
  async pendingSummary(): Promise<{ pending: number; oldestAt: number | null }> {
    const { pending, oldestAt } = await kycRepo.pendingSummary(this.ctx.db);
    return { pending, oldestAt: oldestAt?.getTime() ?? null };
  }

  async queue(q: KycQueueQuery): Promise<KycQueue> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const decision = !q.decision || q.decision === 'pending' ? null : q.decision;
    const { rows, total, totalCapped } = await kycRepo.queue(this.ctx.db, decision, page, size);
    return {
      items: rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        realName: r.realName,
        nationality: r.nationality,
        documentType: r.documentType as KycDocumentType,
        submittedAt: r.submittedAt.getTime(),
        decision: decisionOf(r.decision),
        decidedAt: r.decidedAt?.getTime() ?? null,
        sameIdNumber: r.sameIdNumber,
      })),
      page,
      size,
      total,
      totalCapped,
    };
  }

  /** A submission as a reviewer sees it; the read is recorded in the audit log (`kyc.read`). */
  async detail(actor: AuditActor, id: number): Promise<KycSubmissionDetail> {
    return this.ctx.db.transaction(async (tx) => {
      const s = await kycRepo.submission(tx, id);
      if (!s) throw new AppError('NOT_FOUND');
      const [uid] = await uidsOf(tx, [s.userId]);
      const same = await uidsOf(tx, await kycRepo.sameIdNumber(tx, s.nationality, s.idNumberKey, s.userId));
      const earlier = await kycRepo.earlierSubmissions(tx, s.userId, s.id);
      await this.audit.write(tx, actor, { action: 'kyc.read', targetType: 'kyc_submission', targetId: s.id });
      const photo = (slot: KycPhotoSlot) => `/admin/api/kyc/photo?id=${s.id}&slot=${slot}`;
      return {
        id: s.id,
        uid: uid!,
        documentType: s.documentType as KycDocumentType,
        nationality: s.nationality,
        realName: s.realName,
        idNumber: s.idNumber,
        submittedAt: s.submittedAt.getTime(),
        decision: decisionOf(s.decision),
        decidedAt: s.decidedAt?.getTime() ?? null,
        rejection: s.rejectReason ? { reason: s.rejectReason as KycRejectReason, note: s.rejectNote } : null,
        photos: { front: photo('front'), back: photo('back'), selfie: photo('selfie') },
        sameIdNumber: same,
        earlier: earlier.map((e) => ({
          id: e.id,
          submittedAt: e.submittedAt.getTime(),
          decision: decisionOf(e.decision),
          rejectReason: (e.rejectReason as KycRejectReason | null) ?? null,
        })),
      };
    });
  }

  /** One photo of a submission for a reviewer; the view is recorded in the audit log (`kyc.photo.read`) before the bytes are read. */
  async photo(actor: AuditActor, id: number, slot: KycPhotoSlot): Promise<{ data: Buffer; mime: string }> {
    const s = await kycRepo.submission(this.ctx.db, id);
    if (!s) throw new AppError('NOT_FOUND');
    const name = { front: s.frontImage, back: s.backImage, selfie: s.selfieImage }[slot];
    await this.audit.write(this.ctx.db, actor, {
      action: 'kyc.photo.read',
      targetType: 'kyc_submission',
      targetId: s.id,
      after: { slot },
    });
    return this.files.readForReview(name);
  }

  /**
   * The review's decision on a submission awaiting it, made once: verified locks the user's data,
   * rejected (with a reason from the catalogue and an optional note) lets them correct it and
   * submit again. The decision, the user's state, the notice to the user and the audit record are
   * one transaction.
   */
  async decide(actor: AuditActor, body: KycDecideBody): Promise<KycSubmissionDetail> {
    if (!body.verified && !body.reason) throw new AppError('FIELD_REQUIRED', { field: 'reason' });
    const note = body.verified ? null : body.note?.trim() || null;
    await this.ctx.db.transaction(async (tx) => {
      const submission = await kycRepo.submission(tx, body.id, true);
      if (!submission) throw new AppError('NOT_FOUND');
      if (submission.decision !== null) throw new AppError('KYC_ALREADY_DECIDED');
      const now = this.ctx.clock.now();
      const state = body.verified ? 'verified' : 'rejected';
      const rejectReason = body.verified ? null : body.reason!;
      await kycRepo.decide(tx, body.id, { decision: state, decidedAt: now, rejectReason, rejectNote: note });
      await kycRepo.setState(tx, submission.userId, state, now);
      await notifyUser(tx, submission.userId, `kyc.${state}`, now, body.verified ? {} : { reason: rejectReason, note });
      await this.audit.write(tx, actor, {
        action: 'kyc.decide',
        targetType: 'kyc_submission',
        targetId: body.id,
        before: { decision: 'pending' },
        after: { decision: state, reason: rejectReason, note },
      });
    });
    return this.detail(actor, body.id);
  }
}

const decisionOf = (d: string | null) => (d === 'verified' || d === 'rejected' ? d : 'pending');
