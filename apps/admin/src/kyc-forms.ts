import type { KycSubmissionDetail } from '@app/contract';

/**
 * The KYC review in plain words (issue 34): what verifying does, said before it is done, as the
 * approve steps of withdrawals and loans say theirs.
 */

/** What verifying a submission does, in the confirm step before anything happens. */
export function kycVerifyEffect(s: Pick<KycSubmissionDetail, 'uid' | 'realName'>): string {
  return `Verify: ${s.realName} (user ${s.uid}) becomes verified and is told so. They may then apply for loans, and can no longer change their identity details themselves. This cannot be undone.`;
}

/** What the KYC queue says to an operator who reads it but does not review (an admin). */
export const KYC_READ_ONLY_NOTE =
  'Compliance reviews these submissions. You read the queue: a submission (its details, photos and decision) opens for compliance operators only.';
