import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { formatAssetAmount, formatMoney } from '../../../lib/format';
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
              <dd className="mono">{formatAssetAmount(r.available, r.asset)}</dd>
            </div>
            <div>
              <dt>{t('assets.frozen')}</dt>
              <dd className="mono">{formatAssetAmount(r.frozen, r.asset)}</dd>
            </div>
            <div>
              <dt>{t('assets.valueUsdt')}</dt>
              <dd className="mono">{formatMoney(r.valueUsdt)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
