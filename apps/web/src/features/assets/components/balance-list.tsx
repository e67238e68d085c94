import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { formatDecimal, USDT_DISPLAY_DECIMALS } from '../../../lib/format';
import type { BalanceRow } from '../model/wallet-rows';
import '../assets.css';

/** Per-coin available, frozen and USDT value of one account. */
export function BalanceList({ rows, label }: { rows: readonly BalanceRow[]; label: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="empty-text">{t('assets.noBalances')}</p>;
  return (
    <ul className="balance-list" aria-label={label}>
      {rows.map((r) => (
        <li key={r.asset} className="balance-row" data-asset={r.asset}>
          <div className="balance-row__coin">
            <CoinIcon symbol={r.asset} icon={r.icon} />
            <span className="balance-row__symbol">{r.asset}</span>
          </div>
          <dl className="balance-row__figures">
            <div>
              <dt>{t('assets.available')}</dt>
              <dd className="mono">{formatDecimal(r.available, r.amountDecimals)}</dd>
            </div>
            <div>
              <dt>{t('assets.frozen')}</dt>
              <dd className="mono">{formatDecimal(r.frozen, r.amountDecimals)}</dd>
            </div>
            <div>
              <dt>{t('assets.valueUsdt')}</dt>
              <dd className="mono">{formatDecimal(r.valueUsdt, USDT_DISPLAY_DECIMALS)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
