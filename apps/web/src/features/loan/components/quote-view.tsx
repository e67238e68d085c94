import type { LoanQuote } from '@app/contract';
import { formatDateTime } from '../../../lib/format';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useLoanText } from '../strings';
import { coinAmount } from './loan-format';

/**
 * A binding pay-off quote: per loan the principal, the interest (its regular and late days), what
 * settles it today, what this payment pays and what is left; the total, the balance, and whether it
 * is enough (docs/product.md: "Your amount is not enough").
 */
export function QuoteView({ quote }: { quote: LoanQuote }) {
  const l = useLoanText();
  const of = (v: string) => coinAmount(v, quote.currency);
  return (
    <div className="loan-quote" data-testid="loan-quote">
      <ul className="record-list">
        {quote.items.map((item) => (
          <li
            key={item.loanId}
            className={`record loan-quote__item${item.overdue ? ' is-overdue' : ''}`}
            data-testid="quote-item"
            data-number={item.number}
          >
            <div className="record__main">
              <span className="record__title mono">{item.number}</span>
              {item.overdue ? <span className="loan-overdue">{l('overdue')}</span> : null}
            </div>
            <dl className="record__details">
              <div>
                <dt>{l('quote.principal')}</dt>
                <dd>{of(item.principal)}</dd>
              </div>
              <div>
                <dt>{l('fields.interest')}</dt>
                <dd data-testid="quote-interest">{of(item.interest)}</dd>
              </div>
              <div>
                <dt>{l('quote.regularDays')}</dt>
                <dd>{item.regularDays}</dd>
              </div>
              <div>
                <dt>{l('quote.lateDays')}</dt>
                <dd>{item.lateDays}</dd>
              </div>
              <div>
                <dt>{l('quote.settles')}</dt>
                <dd>{of(item.total)}</dd>
              </div>
              <div>
                <dt>{l('quote.pays')}</dt>
                <dd>{of(item.pay)}</dd>
              </div>
              <div className="is-wide">
                <dt>{l('quote.remaining')}</dt>
                <dd data-testid="quote-remaining">{of(item.remaining)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <dl className="record__details loan-quote__sum">
        <div>
          <dt>{l('quote.total')}</dt>
          <dd className="loan-quote__total" data-testid="quote-total">
            {of(quote.total)}
          </dd>
        </div>
        <div>
          <dt>{l('quote.balance')}</dt>
          <dd data-testid="quote-balance">{of(quote.balance)}</dd>
        </div>
      </dl>
      {quote.enough ? (
        <p className="loan-note">{l('quote.validUntil', { time: formatDateTime(quote.expiresAt) })}</p>
      ) : (
        <p className="loan-quote__short" role="alert" data-testid="quote-not-enough">
          {catalogMessage('BALANCE_NOT_ENOUGH')}
        </p>
      )}
    </div>
  );
}
