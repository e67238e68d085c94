import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@app/contract';
import { dateTimeAttribute, formatDateTime, displayTimeZone } from '../../../lib/format';
import { useKycText } from '../strings';

/** Where the verification stands: its state, what to do next, and why it was rejected. */
export function KycStatus({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const k = useKycText();
  const zone = displayTimeZone();
  const time = (label: string, at: number | null) =>
    at === null ? null : (
      <div className="kyc-status__time">
        <dt>{label}</dt>
        <dd>
          <time dateTime={dateTimeAttribute(at)}>{formatDateTime(at, zone)}</time>
        </dd>
      </div>
    );
  return (
    <div className="kyc-status" data-state={info.state}>
      <p className="kyc-status__state">
        <span className="kyc-status__badge">{t(`kyc.states.${info.state}`)}</span>
      </p>
      <p className="kyc-status__hint">{k(`stateHints.${info.state}`)}</p>
      {info.rejection ? (
        <div className="kyc-status__rejection" role="note">
          <p>
            <strong>{k('rejectionReason')}: </strong>
            {k(`rejectReasons.${info.rejection.reason}`)}
          </p>
          {info.rejection.note ? <p className="kyc-status__note">{info.rejection.note}</p> : null}
        </div>
      ) : null}
      {info.submittedAt !== null ? (
        <dl className="kyc-status__times">
          {time(k('submittedAt'), info.submittedAt)}
          {time(k('reviewedAt'), info.reviewedAt)}
        </dl>
      ) : null}
    </div>
  );
}

/** Whether the user may change what they submitted (before a review, or after a rejection). */
export const editable = (info: KycInfo) =>
  info.state === 'not_started' || info.state === 'primary' || info.state === 'rejected';
/** Whether the documents can be submitted now. */
export const documentsOpen = (info: KycInfo) =>
  info.primary !== null && (info.state === 'primary' || info.state === 'rejected');
