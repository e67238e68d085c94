import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractDirection } from '@app/contract';
import { formatCountdown } from '../model/contract-math';
import { formatMoney, formatProfit, formatSymbolPrice, signClass } from '../model/order-display';
import { useDurationLabel } from '../hooks/use-duration-label';
import { useNow } from '../hooks/use-now';
import '../strings';

/** "BTC · Up · 30 sec", the direction in its colour. */
export function ContractTitle({
  symbol,
  direction,
  duration,
}: {
  symbol: string;
  direction: ContractDirection;
  duration: number;
}) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  return (
    <>
      {symbol} · <span className={`direction direction--${direction}`}>{t(`orders.directions.${direction}`)}</span> ·{' '}
      {durationLabel(duration)}
    </>
  );
}

/** Time left until `expiresAt`, ticking; "Settling…" once it is over and the result is not in yet. */
export function Countdown({ expiresAt, testId }: { expiresAt: number; testId?: string }) {
  const { t } = useTranslation();
  const now = useNow(true);
  const left = expiresAt - now;
  return (
    <span className="mono" role="timer" aria-live="off" data-testid={testId}>
      {left > 0 ? formatCountdown(left) : t('orders.settling')}
    </span>
  );
}

/** One label and value of a record's figures. */
export function Figure({
  label,
  children,
  testId,
  className = '',
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={`mono${className}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A contract's stake and prices; the time left while open, the outcome once settled. */
export function ContractFigures({
  contract: c,
  withTimeLeft = false,
  withPayout = false,
}: {
  contract: Contract;
  withTimeLeft?: boolean;
  withPayout?: boolean;
}) {
  const { t } = useTranslation();
  const open = c.status === 'open';
  return (
    <dl className="record__details">
      <Figure label={t('orders.stake')}>
        {formatMoney(c.stake)} {c.asset}
      </Figure>
      <Figure label={t('orders.openPrice')} testId="open-price">
        {formatSymbolPrice(c.symbol, c.openTick.price)}
      </Figure>
      {open && withTimeLeft ? (
        <Figure label={t('orders.timeLeft')}>
          <Countdown expiresAt={c.expiresAt} />
        </Figure>
      ) : null}
      {open ? null : (
        <>
          <Figure label={t('orders.closePrice')} testId="close-price">
            {formatSymbolPrice(c.symbol, c.closeTick?.price)}
          </Figure>
          {withPayout ? (
            <Figure label={t('orders.payout')}>
              {formatMoney(c.payout)} {c.asset}
            </Figure>
          ) : null}
          <Figure
            label={t('orders.profit')}
            testId="contract-profit"
            className={` record__amount${signClass(c.profit)}`}
          >
            {formatProfit(c.profit)} {c.asset}
          </Figure>
        </>
      )}
    </dl>
  );
}

/** The big countdown of an open contract (tracker, trade detail). */
export function TimeLeft({ expiresAt, testId }: { expiresAt: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="contract-tracker__countdown">
      <span className="visually-hidden">{t('orders.timeLeft')}: </span>
      <Countdown expiresAt={expiresAt} testId={testId} />
    </p>
  );
}
