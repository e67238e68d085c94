import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { useWithdrawText } from '../strings';

/**
 * Saving or deleting an address, and withdrawing, need the fund password: without one the page
 * says so and leads to the security centre's payment-password page instead of the form. Whether
 * one is set is the session's (UserInfo.hasFundPassword) unless the caller knows better
 * (`hasFundPassword`: the withdraw form's `withdraw-fee` answer); `text` says what needs it.
 */
export function FundPasswordGate({
  children,
  hasFundPassword,
  text,
}: {
  children?: ReactNode;
  hasFundPassword?: boolean;
  text?: string;
}) {
  const w = useWithdrawText();
  const sessionHas = useSessionStore((s) => s.user?.hasFundPassword ?? false);
  // The desktop page can show two (the withdraw form's and the address book's): each its own id.
  const titleId = useId();
  if (hasFundPassword ?? sessionHas) return children;
  return (
    <section className="withdraw-gate" data-testid="fund-password-needed" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {w('noFundTitle')}
      </h2>
      <p>{text ?? w('noFundText')}</p>
      <Link className="button button--primary" to={PATHS.paymentPassword}>
        {w('setFundPassword')}
      </Link>
    </section>
  );
}
