import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { KycInfo } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { MenuItem, MenuLink, MenuList } from '../../../components/menu-list';
import { useKycInfo } from '../../../lib/api/kyc-info';
import { DocumentsForm } from './documents-form';
import { RealNameForm } from './real-name-form';
import { documentsOpen, editable, KycStatus } from './kyc-status';
import { KYC_PATHS } from './kyc-paths';
import '../kyc.css';
import { useKycText } from '../strings';

/** The verification once loaded: a loading state, or an error with a retry, until then. */
export function WithKycInfo({ children }: { children: (info: KycInfo) => ReactNode }) {
  const query = useKycInfo();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) return <PageLoadError onRetry={() => void query.refetch()} />;
  return <DelayedLoading />;
}

/** /pages/profile/kyc-verification/index: where the verification stands, and its two steps. */
export function KycPage() {
  const k = useKycText();
  return (
    <WithKycInfo>
      {(info) => {
        const step1 = info.primary ? (editable(info) ? k('edit') : k('done')) : k('start');
        const step2 = info.state === 'pending' || info.state === 'verified' ? k('done') : k('start');
        return (
          <div className="kyc-page">
            <KycStatus info={info} />
            <MenuList label={k('steps')}>
              {editable(info) ? (
                <MenuLink to={KYC_PATHS.realName} label={k('step1')} hint={k('step1Hint')} value={step1} />
              ) : (
                <MenuItem label={k('step1')} hint={k('step1Hint')} value={step1} />
              )}
              {documentsOpen(info) ? (
                <MenuLink to={KYC_PATHS.documents} label={k('step2')} hint={k('step2Hint')} value={step2} />
              ) : (
                <MenuItem label={k('step2')} hint={info.primary ? k('step2Hint') : k('needPrimary')} value={step2} />
              )}
            </MenuList>
          </div>
        );
      }}
    </WithKycInfo>
  );
}

/** /pages/profile/kyc-verification/real-name-auth: stage 1, then on to the documents. */
export function RealNamePage() {
  const navigate = useNavigate();
  return (
    <WithKycInfo>
      {(info) =>
        editable(info) ? (
          <div className="kyc-page">
            <RealNameForm info={info} onSaved={() => navigate(KYC_PATHS.documents, { replace: true })} />
          </div>
        ) : (
          <Navigate to={KYC_PATHS.index} replace />
        )
      }
    </WithKycInfo>
  );
}

/** /pages/profile/kyc-verification/advance-auth: stage 2, then back to where it stands. */
export function DocumentsPage() {
  const navigate = useNavigate();
  return (
    <WithKycInfo>
      {(info) =>
        documentsOpen(info) ? (
          <div className="kyc-page">
            <DocumentsForm onSubmitted={() => navigate(KYC_PATHS.index, { replace: true })} />
          </div>
        ) : (
          <Navigate to={info.primary ? KYC_PATHS.index : KYC_PATHS.realName} replace />
        )
      }
    </WithKycInfo>
  );
}
