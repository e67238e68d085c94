import { useState } from 'react';
import type { Loan, LoanProduct } from '@app/contract';
import { formatRatePercent } from '../../../lib/format';
import { comparePayoffs, loanSchedule, type PayoffComparison, type SchedulePoint } from '../model/simulator';
import { useLoanText } from '../strings';
import { minorAmount, utcDate } from './loan-format';

const DAY = 86_400_000;

/** The schedule's row label: which day, and its date. */
function pointLabel(l: ReturnType<typeof useLoanText>, p: SchedulePoint, startsAt: number): string {
  const day = Math.round((p.day - startsAt) / DAY) + 1;
  const date = utcDate(p.day);
  switch (p.kind) {
    case 'firstDay':
      return l('sim.firstDay', { date });
    case 'midPeriod':
      return l('sim.midPeriod', { day, date });
    case 'lastDay':
      return l('sim.lastDay', { day, date });
    case 'late7':
      return l('sim.late', { count: p.lateDays, date });
  }
}

/** What repaying on a few days costs: day 1, mid-period, the last day, a week late. */
function ScheduleTable({ product, principal, now }: { product: LoanProduct; principal: bigint; now: number }) {
  const l = useLoanText();
  const s = loanSchedule(product, principal, now);
  if (!s) return null;
  const coin = product.currency;
  const of = (minor: bigint) => minorAmount(minor, s.scale, coin);
  return (
    <>
      <p>{l('sim.intro', { amount: of(principal) })}</p>
      {/* The period's interest worked out to its result, with the function the server charges with. */}
      <p className="mono loan-sim__worked" data-testid="sim-worked">
        {l('sim.worked', {
          amount: of(principal),
          rate: formatRatePercent(product.dailyRate),
          count: product.periodDays,
          interest: of(s.periodInterest),
        })}
      </p>
      <dl className="record__details loan-sim__figures">
        <div>
          <dt>{l('sim.perDay')}</dt>
          <dd data-testid="sim-day-interest">{of(s.dayInterest)}</dd>
        </div>
        <div>
          <dt>{l('sim.perLateDay')}</dt>
          <dd>{of(s.lateDayInterest)}</dd>
        </div>
        <div>
          <dt>{l('sim.periodInterest')}</dt>
          <dd data-testid="sim-period-interest">{of(s.periodInterest)}</dd>
        </div>
        <div>
          <dt>{l('fields.dueAt')}</dt>
          <dd data-testid="sim-due">{utcDate(s.lastDayAt)}</dd>
        </div>
      </dl>
      <div className="loan-table-wrap">
        <table className="loan-table" data-testid="sim-schedule">
          <caption className="visually-hidden">{l('sim.scheduleCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{l('sim.when')}</th>
              <th scope="col">{l('sim.daysCharged')}</th>
              <th scope="col">{l('fields.interest')}</th>
              <th scope="col">{l('sim.settles')}</th>
            </tr>
          </thead>
          <tbody>
            {s.points.map((p) => (
              <tr key={p.kind} data-kind={p.kind} className={p.lateDays > 0 ? 'is-late' : undefined}>
                <th scope="row">{pointLabel(l, p, s.startsAt)}</th>
                <td>
                  {p.lateDays > 0 ? l('sim.daysLate', { regular: p.regularDays, late: p.lateDays }) : p.regularDays}
                </td>
                <td className="mono">{of(p.interest)}</td>
                <td className="mono">{of(p.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="loan-note">{l('sim.dueNote', { date: utcDate(s.lastDayAt), overdue: utcDate(s.overdueFrom) })}</p>
    </>
  );
}

/** Open loans of one coin: each paid on its due date, one at a time, against all of them paid today. */
function Comparison({ c }: { c: PayoffComparison }) {
  const l = useLoanText();
  const of = (minor: bigint) => minorAmount(minor, c.scale, c.currency);
  return (
    <div className="loan-table-wrap">
      <table className="loan-table" data-testid="sim-compare">
        <caption className="loan-table__caption">{l('sim.compareCaption', { coin: c.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{l('fields.number')}</th>
            <th scope="col">{l('sim.onDueDate')}</th>
            <th scope="col">{l('sim.allToday')}</th>
          </tr>
        </thead>
        <tbody>
          {c.lines.map((line) => (
            <tr key={line.loan.id}>
              <th scope="row" className="mono">
                {line.loan.number}
              </th>
              <td className="mono">
                {of(line.atDueDate)} <span className="loan-note">({utcDate(line.payAt)})</span>
              </td>
              <td className="mono">{of(line.today)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{l('sim.total')}</th>
            <td className="mono" data-testid="sim-one-at-a-time">
              {of(c.oneAtATime)}
            </td>
            <td className="mono" data-testid="sim-all-today">
              {of(c.allToday)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p>{c.saving > 0n ? l('sim.saving', { amount: of(c.saving) }) : l('sim.same')}</p>
    </div>
  );
}

/**
 * Beyond the product document: before applying, what the loan would cost if approved today (interest.ts's own
 * functions, the ones the server posts with), and, with open loans, paying each on its due date
 * against paying all today. The rounding rule is stated.
 */
export function LoanSimulator({
  product,
  principal,
  openLoans,
}: {
  product: LoanProduct;
  principal: bigint | null;
  openLoans: readonly Loan[];
}) {
  const l = useLoanText();
  const [now] = useState(() => Date.now());
  const comparisons = comparePayoffs(openLoans, now);
  return (
    <section className="loan-sim" aria-labelledby="loan-sim-title" data-testid="loan-simulator">
      <h2 id="loan-sim-title" className="loan-section__title">
        {l('sim.title')}
      </h2>
      {principal !== null ? (
        <ScheduleTable product={product} principal={principal} now={now} />
      ) : (
        <p className="loan-note">{l('sim.enterAmount')}</p>
      )}
      {comparisons.length > 0 ? (
        <>
          <h3 className="loan-sim__subtitle">{l('sim.compareTitle')}</h3>
          <p className="loan-note">{l('sim.compareNote')}</p>
          {comparisons.map((c) => (
            <Comparison key={c.currency} c={c} />
          ))}
        </>
      ) : null}
      <p className="loan-note" data-testid="sim-rounding">
        {l('sim.rounding')}
      </p>
    </section>
  );
}
