import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AccountChange, AccountChangeLine } from '@app/contract';
import { dateTimeAttribute, formatAssetAmount, formatDateTime, isZeroDecimal } from '../../../lib/format';
import { lineView } from '../model/account-change';

/** One line of a business event: what it did to one coin of the account (held and released as such). */
function ChangeLine({ line }: { line: AccountChangeLine }) {
  const { t } = useTranslation();
  const fmt = (value: string) => formatAssetAmount(value, line.asset);
  const view = lineView(line);
  let main;
  let note: string | null = null;
  if (view.kind === 'change') {
    main = (
      <span className={`record__amount mono${view.negative ? ' is-negative' : ' is-positive'}`}>
        <span>{`${view.negative ? '' : '+'}${fmt(view.amount)}`}</span> {line.asset}
      </span>
    );
    if (view.note?.kind === 'fromHeld') note = t('statement.fromHeld');
    else if (view.note) note = t(`statement.${view.note.kind}`, { amount: fmt(view.note.amount), asset: line.asset });
  } else {
    main = (
      <span className="record__amount mono">
        {t(`statement.${view.kind}`, { amount: fmt(view.amount), asset: line.asset })}
      </span>
    );
  }
  return (
    <div className="record__line" data-asset={line.asset}>
      <div className="record__main">
        {main}
        {note ? <span className="record__note">{note}</span> : null}
      </div>
      <div className="record__meta">
        <span>
          {t('assets.balanceAfter')}: <span className="mono">{fmt(line.balanceAfter)}</span>
        </span>
        {isZeroDecimal(line.heldAfter) ? null : (
          <span>
            {t('statement.heldNow')}: <span className="mono">{fmt(line.heldAfter)}</span>
          </span>
        )}
      </div>
    </div>
  );
}

/** The statement: one record per business event (an order placed, a fill, a transfer, ...), newest first. */
export function StatementList({
  items,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: readonly AccountChange[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="record-list">
        {items.map((c) => (
          <li key={c.id} className="record" data-testid="account-change" data-kind={c.kind}>
            <div className="record__main">
              <span className="record__title">{c.kindName}</span>
              <time className="record__time" dateTime={dateTimeAttribute(c.time)}>
                {formatDateTime(c.time)}
              </time>
            </div>
            {c.lines.map((l) => (
              <ChangeLine key={`${l.wallet}:${l.asset}`} line={l} />
            ))}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button block shape="rounded" loading={loadingMore} onClick={onLoadMore}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
