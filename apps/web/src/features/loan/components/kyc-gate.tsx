import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { useKycInfo } from '../../../lib/api/kyc-info';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { PATHS } from '../../../lib/routing/paths';
import { useLoanText } from '../strings';

/**
 * docs/product.md §5: a loan needs a verified identity first. Until then the form is not shown: the product document's
 * message, where the verification stands, and the way to it (the server refuses with KYC_REQUIRED
 * too).
 */
export function KycGate({ children }: { children: ReactNode }) {
  const l = useLoanText();
  const kyc = useKycInfo();
  if (kyc.isError) return <PageLoadError onRetry={() => void kyc.refetch()} />;
  if (!kyc.data) return <DelayedLoading />;
  if (kyc.data.state === 'verified') return <>{children}</>;
  return (
    <section className="loan-gate" role="note" aria-labelledby="loan-kyc-title" data-testid="loan-kyc-gate">
      <h2 id="loan-kyc-title" className="loan-gate__title">
        {l('kycTitle')}
      </h2>
      <p>{catalogMessage('KYC_REQUIRED')}</p>
      {kyc.data.state === 'pending' ? <p className="loan-note">{l('kycPending')}</p> : null}
      <Link className="button button--primary" to={PATHS.kyc}>
        {l('kycLink')}
      </Link>
    </section>
  );
}
