import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES, type WalletName } from '@app/contract';
import { useConfirmModal } from '../../../../components/confirm-modal';
import { DelayedLoading } from '../../../../components/page-state';
import { DesktopTabs, desktopTabPanel } from '../../../../components/desktop-tabs';
import { VersionSwitch } from '../../../../components/version-switch';
import { useAssetList } from '../../../../lib/api/get-asset-list';
import { formatMoney } from '../../../../lib/format';
import { OTC_PATH } from '../../../../lib/routing/paths';
import { useSessionStore } from '../../../../lib/session/session-store';
import { useUserAssetData } from '../../../../lib/api/get-user-asset-data';
import { useHideSmallBalances } from '../../hooks/use-hide-small-balances';
import { walletRows } from '../../model/wallet-rows';
import { AccountChangesTable, TransferRecordsTable } from './record-tables';
import { MoneyActionLinks } from '../money-action-links';
import { BalanceTable } from './balance-table';
import { TransferPanel } from './transfer-panel';
import '../../assets-desktop.css';

type RecordsTab = 'transfers' | 'changes';

function walletFrom(value: string | null): WalletName {
  return WALLET_NAMES.includes(value as WalletName) ? (value as WalletName) : 'currency';
}

/**
 * /pages/desktop/asset/index (docs/product.md §2 "Assets"): the total and the three accounts across the top;
 * the chosen account's coins in a table ("hide small balances", shared with the mobile page) beside the transfer form;
 * below, the transfer records and the chosen account's changes. `?wallet=` picks the account.
 */
export function AssetDeskPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wallet = walletFrom(params.get('wallet'));
  const typeUser = useSessionStore((s) => s.typeUser);
  const data = useUserAssetData();
  const assets = useAssetList();
  const [hideSmall, setHideSmall] = useHideSmallBalances();
  const [records, setRecords] = useState<RecordsTab>('transfers');
  const confirm = useConfirmModal();

  const selectWallet = (next: WalletName) =>
    setParams(
      (p) => {
        p.set('wallet', next);
        return p;
      },
      { replace: true },
    );
  const valued = data.data?.wallets.find((w) => w.wallet === wallet);
  const rows = walletRows(valued, assets.data, data.data?.unpriced).filter((r) => !hideSmall || !r.isSmall);
  const walletTabs = WALLET_NAMES.map((w) => ({ key: w, label: t(`wallets.${w}`) }));
  const recordTabs = [
    { key: 'transfers' as const, label: t('routes.transferRecords') },
    { key: 'changes' as const, label: `${t('assets.accountChanges')} · ${t(`wallets.${wallet}`)}` },
  ];

  return (
    <div className="desk-page">
      <section
        className={`desk-summary${typeUser === 'demo' ? ' desk-summary--demo' : ''}`}
        aria-labelledby="desk-total"
      >
        <div className="desk-summary__total">
          <h2 id="desk-total" className="desk-summary__label">
            {t('assets.totalUsdt')}
          </h2>
          <p className="desk-summary__value mono" aria-live="polite">
            {data.data ? formatMoney(data.data.totalUsdt) : '--'}
          </p>
          {data.data && data.data.unpriced.length > 0 ? (
            <p className="desk-note">{t('assets.unpriced', { coins: data.data.unpriced.join(', ') })}</p>
          ) : null}
        </div>
        <ul className="desk-summary__accounts" aria-label={t('assets.accounts')}>
          {WALLET_NAMES.map((name) => (
            <li key={name} data-wallet={name}>
              <span className="desk-summary__label">{t(`wallets.${name}`)}</span>
              <span className="desk-summary__figure mono">
                ≈ {formatMoney(data.data?.wallets.find((w) => w.wallet === name)?.totalUsdt ?? '0')} USDT
              </span>
            </li>
          ))}
        </ul>
        <div className="desk-summary__end">
          <MoneyActionLinks layout="desktop" omit="transfer" />
          <Link className="desktop-button desktop-button--ghost" to={OTC_PATH}>
            {t('assets.otc')}
          </Link>
        </div>
        {/* A row of its own: in demo mode the notice and the reset button would crowd the totals. */}
        <div className="desk-summary__version">
          <VersionSwitch />
        </div>
      </section>

      <div className="desk-grid">
        <section className="desk-panel" aria-labelledby="desk-balances">
          <header className="desk-panel__head">
            <h2 id="desk-balances" className="desk-panel__title">
              {t('assets.balances')}
            </h2>
            <label className="checkbox">
              <input type="checkbox" checked={hideSmall} onChange={(e) => setHideSmall(e.target.checked)} />
              <span>{t('assets.hideSmall')}</span>
            </label>
          </header>
          <DesktopTabs
            label={t('assets.accounts')}
            idPrefix="desk-wallet"
            items={walletTabs}
            value={wallet}
            onChange={selectWallet}
          />
          <div {...desktopTabPanel('desk-wallet', wallet)} data-wallet={wallet}>
            {data.isPending ? <DelayedLoading /> : <BalanceTable rows={rows} label={t(`wallets.${wallet}`)} />}
          </div>
        </section>

        <section className="desk-panel" aria-labelledby="desk-transfer">
          <h2 id="desk-transfer" className="desk-panel__title">
            {t('assets.transfer')}
          </h2>
          <TransferPanel confirm={confirm.ask} />
        </section>
      </div>

      <section className="desk-panel" aria-labelledby="desk-records">
        <h2 id="desk-records" className="desk-panel__title">
          {t('assets.records')}
        </h2>
        <DesktopTabs
          label={t('assets.records')}
          idPrefix="desk-records"
          items={recordTabs}
          value={records}
          onChange={setRecords}
        />
        <div {...desktopTabPanel('desk-records', records)}>
          {records === 'transfers' ? <TransferRecordsTable /> : <AccountChangesTable wallet={wallet} />}
        </div>
      </section>
      {confirm.element}
    </div>
  );
}
