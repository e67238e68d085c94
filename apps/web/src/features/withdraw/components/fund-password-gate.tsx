import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { useWithdrawText } from '../strings';

/**
 * Saving or deleting an address needs the fund password: without one (UserInfo.hasFundPassword)
 * the page says so and leads to the security centre's payment-password page instead of the form.
 */
export function FundPasswordGate({ children }: { children: ReactNode }) {
  const w = useWithdrawText();
  const hasFundPassword = useSessionStore((s) => s.user?.hasFundPassword ?? false);
  if (hasFundPassword) return children;
  return (
    <section className="withdraw-gate" data-testid="fund-password-needed" aria-labelledby="withdraw-gate-title">
      <h2 id="withdraw-gate-title" className="section-title">
        {w('noFundTitle')}
      </h2>
      <p>{w('noFundText')}</p>
      <Link className="button button--primary" to={PATHS.paymentPassword}>
        {w('setFundPassword')}
      </Link>
    </section>
  );
}
