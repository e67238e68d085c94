import type { FinancingEstimate } from '@app/contract';
import { dateTimeAttribute, formatDateTime, displayTimeZone } from '../../../lib/format';
import { useFinancingText } from '../strings';
import { useAmountOf, useInterestOf, useTermLabel } from './product-facts';

/**
 * What the server's estimate says subscribing gives (the same function pays it at maturity):
 * interest, the total at maturity, when interest starts and the maturity date in the user's time,
 * with the UTC rule stated. `full` adds the amount, the term and the early-redemption rule (the
 * confirmation).
 */
export function EstimateFigures({ estimate: e, full = false }: { estimate: FinancingEstimate; full?: boolean }) {
  const f = useFinancingText();
  const of = useAmountOf();
  const interestOf = useInterestOf();
  const termLabel = useTermLabel();
  const rows: Array<[string, string, string]> = [
    ...(full
      ? ([
          [f('amount'), of(e.amount, e.currency), 'amount'],
          [f('term'), termLabel(e), 'term'],
        ] as Array<[string, string, string]>)
      : []),
    [f('interest'), interestOf(e.interest, e.currency), 'interest'],
    [f('total'), interestOf(e.total, e.currency), 'total'],
  ];
  return (
    <>
      <dl className="financing-facts financing-estimate" data-testid={full ? 'confirm-estimate' : 'financing-estimate'}>
        {rows.map(([label, value, id]) => (
          <div key={id} data-testid={`estimate-${id}`}>
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
        <div data-testid="estimate-accrual-start">
          <dt>{f('accrualStart')}</dt>
          <dd className="mono">
            <time dateTime={dateTimeAttribute(e.accrualStart)}>{formatDateTime(e.accrualStart)}</time>
          </dd>
        </div>
        <div data-testid="estimate-matures-at">
          <dt>{f('maturesAt')}</dt>
          <dd className="mono">
            <time dateTime={dateTimeAttribute(e.maturesAt)}>{formatDateTime(e.maturesAt)}</time>
          </dd>
        </div>
        {full ? (
          <div className="is-wide" data-testid="estimate-early-rule">
            <dt>{f('earlyRule')}</dt>
            <dd>{f(`early.${e.earlyRedemption}`)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="financing-note">{f('utcRule', { zone: displayTimeZone() })}</p>
    </>
  );
}
