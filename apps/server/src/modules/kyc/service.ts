import {
  isKnownCountry, type KycDocumentType, type KycDocumentsBody, type KycInfo, type KycPrimaryBody, type KycRejectReason, type KycState,
} from '@app/contract';
import type { KycConfig } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { FileService } from '../files';
import { kycRepo, type KycSubmissionRow } from './repository';

/** The ID number as compared across accounts: upper case, letters and digits only. */
export const idNumberKey = (idNumber: string) => idNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');

export interface Decision {
  verified: boolean;
  /** Required when rejecting. */
  reason?: KycRejectReason;
  note?: string | null;
}

/** What a reviewer sees of a submission: it, and the other accounts that gave the same ID number. */
export interface ReviewView {
  submission: KycSubmissionRow;
  /** Other users whose real-name stage has the same nationality and ID number (docs/kyc.md). */
  sameIdNumber: number[];
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
      primary: profile ? { documentType: profile.documentType as KycDocumentType, nationality: profile.nationality, realName: profile.realName, idNumber: profile.idNumber } : null,
      documents: latest ? { frontImage: path(latest.frontImage), backImage: path(latest.backImage), selfieImage: path(latest.selfieImage) } : null,
      submittedAt: latest ? latest.submittedAt.getTime() : null,
      reviewedAt: latest?.decidedAt ? latest.decidedAt.getTime() : null,
      rejection: state === 'rejected' && latest?.rejectReason ? { reason: latest.rejectReason as KycRejectReason, note: latest.rejectNote } : null,
    };
  }

  /** Stage 1: records (or corrects) the real-name data; not while a review is pending or once verified. */
  async submitPrimary(userId: number, body: KycPrimaryBody): Promise<KycInfo> {
    if (!isKnownCountry(body.nationality)) throw new AppError('INVALID_PARAMETER', { field: 'nationality' });
    if (!this.documentTypes(body.nationality).includes(body.documentType)) throw new AppError('KYC_DOCUMENT_TYPE_INVALID');
    const realName = body.realName.trim().replace(/\s+/g, ' ');
    if (!realName) throw new AppError('FIELD_REQUIRED');
    const idNumber = body.idNumber.trim();
    const written = await kycRepo.writePrimary(this.ctx.db, userId, {
      documentType: body.documentType, nationality: body.nationality, realName, idNumber, idNumberKey: idNumberKey(idNumber),
      state: 'primary', updatedAt: this.ctx.clock.now(),
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
      await kycRepo.insertSubmission(tx, { userId, documentType, nationality, realName, idNumber, idNumberKey: key, frontImage, backImage, selfieImage, submittedAt: now });
      await kycRepo.setState(tx, userId, 'pending', now);
    });
    return this.info(userId);
  }

  /** What a reviewer sees of a submission, or NOT_FOUND. */
  async reviewView(submissionId: number): Promise<ReviewView> {
    const submission = await kycRepo.submission(this.ctx.db, submissionId);
    if (!submission) throw new AppError('NOT_FOUND');
    return { submission, sameIdNumber: await kycRepo.sameIdNumber(this.ctx.db, submission.nationality, submission.idNumberKey, submission.userId) };
  }

  /**
   * The review's decision on a submission awaiting it (the back office calls this for an operator
   * with the compliance role; issue 16). Verified locks the data; rejected lets the user correct
   * it and submit again. A submission already decided is refused: a decision is made once.
   */
  async decide(submissionId: number, decision: Decision): Promise<void> {
    if (!decision.verified && !decision.reason) throw new AppError('FIELD_REQUIRED');
    await this.ctx.db.transaction(async (tx) => {
      const submission = await kycRepo.submission(tx, submissionId, true);
      if (!submission || submission.decision !== null) throw new AppError('NOT_FOUND');
      const now = this.ctx.clock.now();
      const state = decision.verified ? 'verified' : 'rejected';
      await kycRepo.decide(tx, submissionId, {
        decision: state, decidedAt: now, rejectReason: decision.verified ? null : decision.reason!, rejectNote: decision.verified ? null : (decision.note ?? null),
      });
      await kycRepo.setState(tx, submission.userId, state, now);
    });
  }
}
