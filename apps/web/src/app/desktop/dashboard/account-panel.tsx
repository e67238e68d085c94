import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES } from '@app/contract';
import { VersionButtons } from '../../../components/version-buttons';
import { holdsNothing, useUserAssetData } from '../../../lib/api/get-user-asset-data';
import { formatMoney } from '../../../lib/format';
import { DESKTOP_PATHS, TRANSFER_PATH } from '../../../lib/routing/paths';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { useDashboardText } from './strings';

/** The account summary: real/demo switch, the total and the three accounts' values, deposit and transfer. */
export function AccountPanel() {
  const { t } = useTranslation();
  const d = useDashboardText();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="dash-panel dash-account" aria-labelledby="dash-account-title">
      <div className="dash-account__head">
        <h2 id="dash-account-title" className="dash-panel__title">
          {d('account')}
        </h2>
        {loggedIn ? (
          <VersionButtons
            className="dash-account__switch"
            buttonClassName="dash-segment"
            label={{ text: t('demo.version') }}
          />
        ) : null}
      </div>
      {loggedIn ? (
        <AccountSummary />
      ) : (
        <div className="dash-prompt">
          <p>{d('logIn')}</p>
          <div className="dash-prompt__actions">
            <Link className="desktop-button" to={DESKTOP_PATHS.loginPhone}>
              {t('auth.logIn')}
            </Link>
            <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.registerPhone}>
              {t('routes.register')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

function AccountSummary() {
  const { t } = useTranslation();
  const data = useUserAssetData();
  return (
    <>
      <dl className="dash-account__figures">
        <div className="dash-account__total">
          <dt>{t('assets.totalUsdt')}</dt>
          <dd className="mono" data-testid="dash-total">
            {data.data ? formatMoney(data.data.totalUsdt) : '--'}
          </dd>
        </div>
        {WALLET_NAMES.map((name) => {
          const wallet = data.data?.wallets.find((w) => w.wallet === name);
          return (
            <div key={name} data-wallet={name}>
              <dt>{t(`wallets.${name}`)}</dt>
              <dd className="mono">{wallet ? formatMoney(wallet.totalUsdt) : '--'}</dd>
            </div>
          );
        })}
      </dl>
      {/* Deposit first; the one filled button when the account holds nothing (docs/decisions/0142-deposit-beside-withdraw.md). */}
      <div className="dash-account__actions">
        <Link
          className={`desktop-button${data.data && holdsNothing(data.data) ? '' : ' desktop-button--ghost'}`}
          to={DESKTOP_PATHS.recharge}
        >
          {t('routes.recharge')}
        </Link>
        <Link className="desktop-button desktop-button--ghost" to={TRANSFER_PATH}>
          {t('assets.transfer')}
        </Link>
      </div>
    </>
  );
}
