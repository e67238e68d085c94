import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@app/contract';
import { useContractDetail } from '../api/get-contract-detail';
import { ContractFigures, ContractTitle, TimeLeft } from './contract-parts';
import { tradeDetailPath } from './order-paths';
import '../strings';

/**
 * The contract just placed, scrolled into view: a countdown to its expiry, then its result with
 * the open and close prices. The settlement arrives over the openOrders feed (use-order-events), or by polling the
 * detail after expiry when the feed missed it.
 */
export function ContractTracker({ placed, onDismiss }: { placed: Contract; onDismiss: () => void }) {
  const { t } = useTranslation();
  const detail = useContractDetail(placed.id, placed);
  const c = detail.data ?? placed;
  const open = c.status === 'open';
  const title = open ? t('orders.contract.opened') : t(`orders.contract.outcome.${c.result ?? 'tie'}`);
  // Placed from the buttons above, the tracker starts below the fold: bring its countdown into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    section.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, []);
  return (
    <section
      ref={section}
      className={`contract-tracker contract-tracker--${open ? 'open' : (c.result ?? 'tie')}`}
      aria-labelledby="contract-tracker-title"
      data-testid="contract-tracker"
    >
      <div className="contract-tracker__head" role="status">
        <h3 id="contract-tracker-title" className="contract-tracker__title">
          {title}
        </h3>
        <span className="contract-tracker__what">
          <ContractTitle symbol={c.displaySymbol} direction={c.direction} duration={c.duration} />
        </span>
      </div>
      {open ? <TimeLeft expiresAt={c.expiresAt} testId="contract-countdown" /> : null}
      <ContractFigures contract={c} withPayout />
      <div className="contract-tracker__actions">
        <Link className="link" to={tradeDetailPath('contract', c.id)}>
          {t('orders.viewDetails')}
        </Link>
        {open ? null : (
          <button type="button" className="link contract-tracker__dismiss" onClick={onDismiss}>
            {t('orders.contract.dismiss')}
          </button>
        )}
      </div>
    </section>
  );
}
