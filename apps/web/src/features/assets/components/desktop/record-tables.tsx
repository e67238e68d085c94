import { useTranslation } from 'react-i18next';
import type { AccountChange, WalletName } from '@app/contract';
import { DelayedLoading } from '../../../../components/page-state';
import { dateTimeAttribute, formatAssetAmount, formatDateTime, isZeroDecimal } from '../../../../lib/format';
import { useAccountChanges } from '../../api/get-account-changes';
import { useTransferLog } from '../../api/get-transfer-log';
import { lineView } from '../../model/account-change';
import { DeskLoadMore } from '../../../../components/desk-load-more';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';

/** Transfers between the user's accounts, newest first, as a table. */
export function TransferRecordsTable() {
  const { t } = useTranslation();
  const log = useTransferLog();
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  if (log.isPending) return <DelayedLoading />;
  if (items.length === 0) return <p className="empty-text">{t('assets.noRecords')}</p>;
  return (
    <>
      <div className="desk-table__scroll">
        <table className="desk-table" aria-label={t('routes.transferRecords')}>
          <DeskTableHead
            columns={[
              t('assets.operateTime'),
              t('transfer.from'),
              t('transfer.to'),
              t('transfer.coin'),
              numeric(t('transfer.amount')),
            ]}
          />
          <tbody>
            {items.map((r) => (
              <tr key={r.id} data-testid="transfer-record">
                <td className="is-time">
                  <time dateTime={dateTimeAttribute(r.operateTime)}>{formatDateTime(r.operateTime)}</time>
                </td>
                <td>{t(`wallets.${r.fromAccount}`)}</td>
                <td>{t(`wallets.${r.toAccount}`)}</td>
                <td>{r.asset}</td>
                <td className="is-num">{formatAssetAmount(r.amount, r.asset)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeskLoadMore pages={log} />
    </>
  );
}

/** What one statement line did, in words the mobile statement uses (held, released or a signed change). */
function ChangeText({ line }: { line: AccountChange['lines'][number] }) {
  const { t } = useTranslation();
  const fmt = (value: string) => formatAssetAmount(value, line.asset);
  const view = lineView(line);
  if (view.kind !== 'change')
    return <>{t(`statement.${view.kind}`, { amount: fmt(view.amount), asset: line.asset })}</>;
  const note =
    view.note?.kind === 'fromHeld'
      ? t('statement.fromHeld')
      : view.note
        ? t(`statement.${view.note.kind}`, { amount: fmt(view.note.amount), asset: line.asset })
        : null;
  return (
    <>
      <span
        className={view.negative ? 'is-negative' : 'is-positive'}
      >{`${view.negative ? '' : '+'}${fmt(view.amount)}`}</span>
      {note ? <span className="desk-note"> · {note}</span> : null}
    </>
  );
}

/** One account's statement (every business event's lines), newest first, as a table. */
export function AccountChangesTable({ wallet }: { wallet: WalletName }) {
  const { t } = useTranslation();
  const changes = useAccountChanges(wallet);
  const items = changes.data?.pages.flatMap((p) => p.items) ?? [];
  if (changes.isPending) return <DelayedLoading />;
  if (items.length === 0) return <p className="empty-text">{t('assets.noRecords')}</p>;
  return (
    <>
      <div className="desk-table__scroll">
        <table className="desk-table" aria-label={`${t(`wallets.${wallet}`)}: ${t('assets.accountChanges')}`}>
          <DeskTableHead
            columns={[
              t('assets.operateTime'),
              t('desktop.type'),
              t('transfer.coin'),
              numeric(t('market.sort.change')),
              numeric(t('assets.balanceAfter')),
              numeric(t('statement.heldNow')),
            ]}
          />
          <tbody>
            {items.flatMap((c) =>
              c.lines.map((l, i) => (
                <tr key={`${c.id}:${l.wallet}:${l.asset}`} data-testid="account-change" data-kind={c.kind}>
                  <td className="is-time">
                    {i === 0 ? <time dateTime={dateTimeAttribute(c.time)}>{formatDateTime(c.time)}</time> : null}
                  </td>
                  <td>{i === 0 ? c.kindName : null}</td>
                  <td>{l.asset}</td>
                  <td className="is-num">
                    <ChangeText line={l} />
                  </td>
                  <td className="is-num">{formatAssetAmount(l.balanceAfter, l.asset)}</td>
                  <td className="is-num">
                    {isZeroDecimal(l.heldAfter) ? '—' : formatAssetAmount(l.heldAfter, l.asset)}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <DeskLoadMore pages={changes} />
    </>
  );
}
