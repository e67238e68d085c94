import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccountIsEmpty } from '../../../lib/api/get-user-asset-data';
import { DESKTOP_PATHS, PATHS } from '../../../lib/routing/paths';
import { type MoneyAction, moneyActions } from '../model/money-actions';

const CLASSES = {
  phone: { primary: 'button button--primary button--small', other: 'button button--secondary button--small' },
  desktop: { primary: 'desktop-button', other: 'desktop-button desktop-button--ghost' },
} as const;

const TARGETS: Record<'phone' | 'desktop', Record<MoneyAction, string>> = {
  phone: { deposit: PATHS.recharge, withdraw: PATHS.withdraw, transfer: PATHS.transfer },
  // The desktop transfer form sits on the assets page.
  desktop: { deposit: DESKTOP_PATHS.recharge, withdraw: DESKTOP_PATHS.withdraw, transfer: DESKTOP_PATHS.asset },
};

/**
 * Deposit, Withdraw and Transfer as links, in the order of `moneyActions`: Deposit beside Withdraw,
 * and first (the one filled button) when the account holds nothing. `omit`: an action the page
 * itself is (the desktop assets page holds the transfer form).
 */
export function MoneyActionLinks({ layout, omit }: { layout: 'phone' | 'desktop'; omit?: MoneyAction }) {
  const { t } = useTranslation();
  const empty = useAccountIsEmpty();
  const labels: Record<MoneyAction, string> = {
    deposit: t('routes.recharge'),
    withdraw: t('routes.withdraw'),
    transfer: t('assets.transfer'),
  };
  return (
    <>
      {moneyActions(empty)
        .filter((a) => a.key !== omit)
        .map(({ key, primary }) => (
          <Link
            key={key}
            className={primary ? CLASSES[layout].primary : CLASSES[layout].other}
            to={TARGETS[layout][key]}
            data-action={key}
          >
            {labels[key]}
          </Link>
        ))}
    </>
  );
}
