import { useTranslation } from 'react-i18next';
import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { SelectField } from '../../../../components/select-field';
import { useRechargeTypes } from '../../api/deposits';
import { useDepositSelection } from '../../hooks';
import { coinSummary, defaultCoin, findCoin, orderCoins, pickChain } from '../../model/selection';
import { useRechargeText } from '../../strings';
import { DepositPanel } from '../deposit-panel';
import { RechargeRecordTable } from './record-table';
import '../../recharge.css';
import '../../recharge-desktop.css';

/**
 * /pages/desktop/recharge/index: the coin and chain pickers with the address, its QR code, copy,
 * minimum, confirmations and warning; the deposit records below.
 */
export function RechargeDeskPage() {
  const { t } = useTranslation();
  const r = useRechargeText();
  const { symbol, chain, setSymbol, setChain } = useDepositSelection();
  const types = useRechargeTypes();
  const coin = findCoin(types.data, symbol) ?? defaultCoin(types.data);
  const options = orderCoins(types.data ?? []).map((c) => {
    const summary = coinSummary(c);
    const note =
      summary.kind === 'available'
        ? summary.protocols.join(' · ')
        : summary.kind === 'no_network'
          ? r('noNetworkYet')
          : r(`states.${summary.state}`);
    // The coins that cannot be deposited now follow the others under their heading, as in the phone's list.
    const group = c.available ? {} : { group: r('otherCoins') };
    return { value: c.symbol, label: `${c.symbol} — ${note}`, ...group };
  });
  return (
    <div className="desk-page">
      {/* The page's title (the frame's h1) names this panel; the records have a heading of their own. */}
      <section className="desk-panel" aria-label={t('routes.recharge')}>
        {types.isError ? <PageLoadError onRetry={() => void types.refetch()} /> : null}
        {!types.data && !types.isError ? <DelayedLoading /> : null}
        {coin ? (
          <div className="desk-deposit">
            <div className="desk-deposit__coin">
              <SelectField label={r('coin')} value={coin.symbol} options={options} onChange={setSymbol} />
            </div>
            <DepositPanel
              coin={coin}
              route={pickChain(coin, chain)}
              onChain={(next) => setChain(next, coin.symbol)}
              layout="desktop"
            />
          </div>
        ) : null}
      </section>
      <section className="desk-panel" aria-labelledby="desk-deposit-records">
        <h2 id="desk-deposit-records" className="desk-panel__title">
          {t('routes.rechargeRecords')}
        </h2>
        <RechargeRecordTable labelledBy="desk-deposit-records" />
      </section>
    </div>
  );
}
