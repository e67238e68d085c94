import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation } from 'react-router';
import { Alert, Button, Layout } from 'antd';
import type { OperatorRole } from '@app/contract';
import { useAuth } from './auth';
import { forbiddenText, HOME, KYC_REVIEW, mayOpen, menuFor, menuItem } from './roles';
import { PageLayout } from './ui/page';
import { DashboardPage } from './pages/dashboard';
import { SignInPage } from './pages/sign-in';
import { AuditPage } from './pages/audit';
import { OperatorsPage } from './pages/operators';
import { KycQueuePage, KycReviewPage } from './pages/kyc';
import { UserPage, UsersPage } from './pages/users';
import { ApprovalsPage, CreditRequestPage, ReversalRequestPage } from './pages/approvals';
import { WithdrawalFeesPage, WithdrawalsPage } from './pages/withdrawals';
import { FinancingPage, FinancingSubscriptionsPage } from './pages/financing';
import { NewsPage } from './pages/news';
import { HelpPage } from './pages/help';
import { LegalPage } from './pages/legal';
import { LoanProductsPage, LoanReviewPage, LoansPage } from './pages/loans';
import { AppVersionsPage } from './pages/app-versions';
import { ChatPage } from './pages/chat';
import { ShortcutsPage } from './pages/shortcuts';
import { VipPage } from './pages/vip';

const TITLES: Record<string, string> = {
  '/sign-in': 'Sign in',
  '/dashboard': 'Dashboard',
  '/audit': 'Audit log',
  '/operators': 'Operators',
  '/kyc': 'KYC queue',
  '/users': 'Users',
  '/approvals': 'Approvals',
  '/approvals/credit': 'Request a credit',
  '/approvals/reversal': 'Request a reversal',
  '/withdrawals': 'Withdrawals',
  '/withdrawals/fees': 'Withdrawal fees and limits',
  '/financing': 'Financing products',
  '/financing/subscriptions': 'Financing subscriptions',
  '/loans': 'Loan review queue',
  '/loans/products': 'Loan products',
  '/app-versions': 'App versions',
  '/news': 'News and announcements',
  '/help': 'Helper centre',
  '/legal': 'Legal texts',
  '/chat': 'Customer service',
  '/shortcuts': 'Home shortcuts',
  '/vip': 'VIP tiers',
};

export function App() {
  const { operator } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${TITLES[pathname] ?? 'Back office'} · Back office`;
  }, [pathname]);
  const home = operator ? HOME : '/sign-in';
  return (
    <Routes>
      <Route path="/sign-in" element={operator ? <Navigate to={home} replace /> : <SignInPage />} />
      <Route element={operator ? <Shell /> : <Navigate to="/sign-in" replace />}>
        <Route
          path="/kyc"
          element={
            <Allowed path="/kyc">
              <KycQueuePage />
            </Allowed>
          }
        />
        <Route
          path="/kyc/:id"
          element={
            <Allowed path="/kyc" roles={KYC_REVIEW.roles} what={KYC_REVIEW.what}>
              <KycReviewPage />
            </Allowed>
          }
        />
        <Route
          path="/audit"
          element={
            <Allowed path="/audit">
              <AuditPage />
            </Allowed>
          }
        />
        <Route
          path="/operators"
          element={
            <Allowed path="/operators">
              <OperatorsPage />
            </Allowed>
          }
        />
        <Route
          path="/users"
          element={
            <Allowed path="/users">
              <UsersPage />
            </Allowed>
          }
        />
        <Route
          path="/users/:uid"
          element={
            <Allowed path="/users">
              <UserPage />
            </Allowed>
          }
        />
        <Route
          path="/approvals"
          element={
            <Allowed path="/approvals">
              <ApprovalsPage />
            </Allowed>
          }
        />
        <Route
          path="/approvals/credit"
          element={
            <Allowed path="/approvals">
              <CreditRequestPage />
            </Allowed>
          }
        />
        <Route
          path="/approvals/reversal"
          element={
            <Allowed path="/approvals">
              <ReversalRequestPage />
            </Allowed>
          }
        />
        <Route
          path="/withdrawals"
          element={
            <Allowed path="/withdrawals">
              <WithdrawalsPage />
            </Allowed>
          }
        />
        <Route
          path="/withdrawals/fees"
          element={
            <Allowed path="/withdrawals">
              <WithdrawalFeesPage />
            </Allowed>
          }
        />
        <Route
          path="/financing"
          element={
            <Allowed path="/financing">
              <FinancingPage />
            </Allowed>
          }
        />
        <Route
          path="/financing/subscriptions"
          element={
            <Allowed path="/financing">
              <FinancingSubscriptionsPage />
            </Allowed>
          }
        />
        <Route
          path="/news"
          element={
            <Allowed path="/news">
              <NewsPage />
            </Allowed>
          }
        />
        <Route
          path="/help"
          element={
            <Allowed path="/help">
              <HelpPage />
            </Allowed>
          }
        />
        <Route
          path="/legal"
          element={
            <Allowed path="/legal">
              <LegalPage />
            </Allowed>
          }
        />
        <Route
          path="/loans"
          element={
            <Allowed path="/loans">
              <LoansPage />
            </Allowed>
          }
        />
        <Route
          path="/loans/products"
          element={
            <Allowed path="/loans">
              <LoanProductsPage />
            </Allowed>
          }
        />
        <Route
          path="/loans/:id"
          element={
            <Allowed path="/loans">
              <LoanReviewPage />
            </Allowed>
          }
        />
        <Route
          path="/chat"
          element={
            <Allowed path="/chat">
              <ChatPage />
            </Allowed>
          }
        />
        <Route
          path="/app-versions"
          element={
            <Allowed path="/app-versions">
              <AppVersionsPage />
            </Allowed>
          }
        />
        <Route
          path="/shortcuts"
          element={
            <Allowed path="/shortcuts">
              <ShortcutsPage />
            </Allowed>
          }
        />
        <Route
          path="/vip"
          element={
            <Allowed path="/vip">
              <VipPage />
            </Allowed>
          }
        />
        <Route path="/dashboard" element={<DashboardPage />} />
      </Route>
      <Route path="*" element={<Navigate to={home} replace />} />
    </Routes>
  );
}

/**
 * A page the operator's role may use; otherwise a page that says whose it is and leads back (the
 * menu entry `path` when the role may open that, else the dashboard), never a silent redirect.
 * `roles` narrows a page below its menu entry's roles (a KYC submission: compliance only).
 */
function Allowed({
  path,
  roles,
  what,
  children,
}: {
  path: string;
  roles?: readonly OperatorRole[];
  what?: string;
  children: ReactNode;
}) {
  const { operator } = useAuth();
  if (!operator) return <Navigate to="/sign-in" replace />;
  const item = menuItem(path);
  const allowed = mayOpen(operator.role, path) && (roles === undefined || roles.includes(operator.role));
  if (allowed) return children;
  const back =
    mayOpen(operator.role, path) && item ? { to: path, label: item.label } : { to: HOME, label: 'Dashboard' };
  return (
    <PageLayout title="Not for your role">
      <Alert
        type="warning"
        role="alert"
        title={forbiddenText(what ?? item?.label ?? 'This page', roles ?? item?.roles ?? [], operator.role)}
      />
      <p className="spaced">
        <Link to={back.to}>Back to the {back.label === 'Dashboard' ? 'dashboard' : back.label}</Link>
      </p>
    </PageLayout>
  );
}

function Shell() {
  const { operator, signOut } = useAuth();
  if (!operator) return null;
  return (
    <Layout className="shell" hasSider>
      {/* The menu is a list of links (each page is an address): antd's Menu would make each a menuitem holding a link. */}
      <Layout.Sider className="shell__side" width={232} theme="dark">
        <nav aria-label="Back office" className="shell__nav">
          <p className="shell__brand">Back office</p>
          <ul className="shell__menu">
            {menuFor(operator.role).map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} className="shell__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="shell__who">
            <p className="shell__email" data-testid="operator-email">
              {operator.email}
            </p>
            <p className="shell__role" data-testid="operator-role">
              {operator.role}
            </p>
            <Button ghost onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </nav>
      </Layout.Sider>
      <Layout.Content className="shell__main">
        <main>
          <Outlet />
        </main>
      </Layout.Content>
    </Layout>
  );
}
