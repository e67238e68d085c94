import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { DesktopTabs, desktopTabPanel } from '../../../../components/desktop-tabs';
import { AuthHeader } from '../auth-header';
import { FindPasswordForm } from '../find-password-page';
import '../../auth.css';

/**
 * /pages/desktop/forgot-password/index: the whole reset in one card (docs/product.md §2 has no desktop
 * routes for the phone and e-mail steps; docs/decisions/0039-desktop-forgot-password-and-confirmations.md):
 * the method as tabs, then the mobile reset form for it (account, code, new password). `?by=email`
 * opens the e-mail tab.
 */
export function ForgotPasswordDeskPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const by: AccountType = params.get('by') === 'email' ? 'email' : 'phone';
  const methods = [
    { key: 'phone' as const, label: t('auth.resetByPhone') },
    { key: 'email' as const, label: t('auth.resetByEmail') },
  ];
  return (
    <div className="auth">
      <AuthHeader title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} />
      <DesktopTabs
        label={t('auth.forgotSubtitle')}
        idPrefix="reset-by"
        items={methods}
        value={by}
        onChange={(next) => setParams({ by: next }, { replace: true })}
      />
      <div {...desktopTabPanel('reset-by', by)} className="desk-reset__panel">
        <FindPasswordForm key={by} type={by} />
      </div>
    </div>
  );
}
