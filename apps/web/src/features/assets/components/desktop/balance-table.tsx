import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../../components/coin-icon';
import { formatAssetAmount, formatMoney } from '../../../../lib/format';
import type { BalanceRow } from '../../model/wallet-rows';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';

/** One account's coins as a table: available, frozen, their sum and its USDT value, figures aligned. */
export function BalanceTable({ rows, label }: { rows: readonly BalanceRow[]; label: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="empty-text">{t('assets.noBalances')}</p>;
  return (
    <div className="desk-table__scroll">
      <table className="desk-table" aria-label={label}>
        <DeskTableHead
          columns={[
            t('transfer.coin'),
            numeric(t('assets.available')),
            numeric(t('assets.frozen')),
            numeric(t('assets.valueUsdt')),
          ]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={r.asset} data-asset={r.asset}>
              <th scope="row">
                <span className="desk-coin">
                  <CoinIcon symbol={r.asset} icon={r.icon} />
                  <span className="desk-coin__symbol">{r.asset}</span>
                  <span className="desk-coin__name">{r.name === r.asset ? '' : r.name}</span>
                </span>
              </th>
              <td className="is-num">{formatAssetAmount(r.available, r.asset)}</td>
              <td className="is-num">{formatAssetAmount(r.frozen, r.asset)}</td>
              <td className="is-num">{formatMoney(r.valueUsdt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
