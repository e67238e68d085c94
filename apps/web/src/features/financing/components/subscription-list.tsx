import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinancingSubscription } from '@app/contract';
import { useConfirmModal } from '../../../components/confirm-modal';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { dateTimeAttribute, formatDateTime, formatRatePercent } from '../../../lib/format';
import { useSubscriptions } from '../api/get-subscriptions';
import { canRedeem } from '../model/financing-form';
import { useFinancingText } from '../strings';
import { useAmountOf, useInterestOf } from './product-facts';
import { RedeemButton } from './redeem-button';
import { SubscriptionState } from './subscription-state';

/** A time on screen with its machine-readable form. */
export function Time({ ms }: { ms: number }) {
  return <time dateTime={dateTimeAttribute(ms)}>{formatDateTime(ms)}</time>;
}

/** One subscription (docs/product.md §3): duration, rate, amount, estimated interest, interest earned so far, subscription and expiration time. */
function SubscriptionItem({ subscription: s, ask }: { subscription: FinancingSubscription; ask: Ask }) {
  const f = useFinancingText();
  const of = useAmountOf();
  const interestOf = useInterestOf();
  const coin = s.currency;
  return (
    <li className="record financing-record" data-testid="subscription-record" data-id={s.id} data-state={s.state}>
      <div className="record__main">
        <span className="record__title">
          {s.productName} · {coin}
        </span>
        <span className="record__amount mono" data-testid="subscription-amount">
          {of(s.amount, coin)}
        </span>
      </div>
      <div className="record__meta">
        <SubscriptionState subscription={s} />
      </div>
      <dl className="record__details">
        <div>
          <dt>{f('duration')}</dt>
          <dd>{f('days', { days: s.days })}</dd>
        </div>
        <div>
          <dt>{f('rate')}</dt>
          <dd className="mono">{formatRatePercent(s.annualRate)}</dd>
        </div>
        <div>
          <dt>{f('estimatedInterest')}</dt>
          <dd className="mono" data-testid="subscription-interest">
            {interestOf(s.estimatedInterest, coin)}
          </dd>
        </div>
        <div>
          <dt>{s.state === 'during' ? f('accruedInterest') : f('paidInterest')}</dt>
          <dd className="mono" data-testid="subscription-accrued">
            {interestOf(s.state === 'during' ? s.accruedInterest : (s.paidInterest ?? '0'), coin)}
          </dd>
        </div>
        <div>
          <dt>{f('subscribedAt')}</dt>
          <dd className="mono">
            <Time ms={s.subscribedAt} />
          </dd>
        </div>
        <div>
          <dt>{f('expiresAt')}</dt>
          <dd className="mono">
            <Time ms={s.expiresAt} />
          </dd>
        </div>
        {s.endedAt !== null ? (
          <div>
            <dt>{f('endedAt')}</dt>
            <dd className="mono">
              <Time ms={s.endedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      {canRedeem(s.earlyRedemption, s.state) ? (
        <div className="financing-record__actions">
          <RedeemButton subscription={s} ask={ask} />
        </div>
      ) : null}
    </li>
  );
}

type Ask = ReturnType<typeof useConfirmModal>['ask'];
type Records = ReturnType<typeof useSubscriptions>;

/**
 * The user's subscriptions, newest first, page by page, once loaded: `children` lays them out (the
 * phone's list, the desktop's table); loading, failure and "none yet" are said here, and the
 * early-redemption question is asked in this one dialog.
 */
export function Subscriptions({
  children,
}: {
  children: (items: FinancingSubscription[], ask: Ask, records: Records) => ReactNode;
}) {
  const f = useFinancingText();
  const records = useSubscriptions();
  const modal = useConfirmModal();
  if (records.isError) return <PageLoadError onRetry={() => void records.refetch()} />;
  if (records.isPending) return <DelayedLoading />;
  const items = records.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <p className="empty-text" data-testid="subscriptions-empty">
        {f('noSubscriptions')}
      </p>
    );
  return (
    <>
      {children(items, modal.ask, records)}
      {modal.element}
    </>
  );
}

/** The phone's history: the subscriptions as a list, with early redemption where allowed. */
export function SubscriptionList() {
  const { t } = useTranslation();
  return (
    <Subscriptions>
      {(items, ask, records) => (
        <>
          <ul className="record-list financing-records" aria-label={t('routes.financingHistory')}>
            {items.map((s) => (
              <SubscriptionItem key={s.id} subscription={s} ask={ask} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {records.isFetchingNextPage ? t('app.loading') : t('common.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </Subscriptions>
  );
}
