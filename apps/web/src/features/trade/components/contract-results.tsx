import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useContractResults, type ContractResult } from '../hooks/use-contract-results';
import { formatProfit, signClass } from '../model/order-display';
import { ContractTitle } from './contract-parts';
import { tradeDetailPath } from './order-paths';
import '../contract-results.css';
import '../strings';

function ResultNotice({ result, onDismiss }: { result: ContractResult; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { settlement: s, contract: c } = result;
  const asset = c?.asset ?? 'USDT';
  return (
    <li className={`contract-result contract-result--${s.result}`} data-testid="contract-result">
      <p className="contract-result__title">{t(`orders.contract.outcome.${s.result}`)}</p>
      {c ? (
        <p className="contract-result__what">
          <ContractTitle symbol={c.displaySymbol} direction={c.direction} duration={c.duration} />
        </p>
      ) : null}
      <p className={`contract-result__profit mono record__amount${signClass(s.profit)}`}>
        {t('tradeChart.resultProfit', { amount: formatProfit(s.profit), asset })}
      </p>
      <div className="contract-result__actions">
        <Link className="link" to={tradeDetailPath('contract', s.id)} onClick={onDismiss}>
          {t('orders.viewDetails')}
        </Link>
        <button type="button" className="link" onClick={onDismiss}>
          {t('orders.contract.dismiss')}
        </button>
      </div>
    </li>
  );
}

/**
 * The results of the user's contracts as they settle, on whatever page is open (mounted once
 * by the shell). The region is always there, so screen readers announce what enters it.
 */
export function ContractResults() {
  const { t } = useTranslation();
  const { results, dismiss, pause } = useContractResults();
  return (
    <section
      className="contract-results"
      aria-label={t('tradeChart.results')}
      role="status"
      aria-live="polite"
      onPointerEnter={() => pause(true)}
      onPointerLeave={() => pause(false)}
      onFocus={() => pause(true)}
      onBlur={() => pause(false)}
    >
      {results.length > 0 ? (
        <ul className="contract-results__list">
          {results.map((r) => (
            <ResultNotice key={r.key} result={r} onDismiss={() => dismiss(r.key)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
