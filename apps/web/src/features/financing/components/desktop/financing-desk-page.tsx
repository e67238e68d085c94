import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FinancingProduct, FinancingSubscription } from '@app/contract';
import type { ModalQuestion } from '../../../../components/confirm-modal';
import { DeskLoadMore } from '../../../../components/desk-load-more';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';
import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { formatExact, formatRatePercent } from '../../../../lib/format';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { useFinancingProducts } from '../../api/get-financing-products';
import { canRedeem } from '../../model/financing-form';
import { useFinancingText } from '../../strings';
import { BuyFinancingPanel } from '../financing-pages';
import { Holdings } from '../holdings';
import { buyPathOf } from '../product-list';
import { useAmountOf, useInterestOf, useTermLabel } from '../product-facts';
import { RedeemButton } from '../redeem-button';
import { SubscriptionState } from '../subscription-state';
import { Subscriptions, Time } from '../subscription-list';
import '../../financing.css';

/** The products on sale as a table: name, coin, terms with rates, limits, quota left, early redemption, "Subscribe". */
function ProductsTable({ products }: { products: readonly FinancingProduct[] }) {
  const f = useFinancingText();
  const termLabel = useTermLabel();
  if (products.length === 0)
    return (
      <p className="empty-text" data-testid="financing-no-products">
        {f('noProducts')}
      </p>
    );
  return (
    <div className="desk-table__scroll">
      <table className="desk-table" aria-labelledby="desk-financing-products">
        <DeskTableHead
          columns={[
            f('product'),
            f('coin'),
            f('terms'),
            numeric(f('limits')),
            numeric(f('remaining')),
            f('earlyRule'),
            '',
          ]}
        />
        <tbody>
          {products.map((p) => (
            <tr key={p.id} data-testid="financing-product" data-id={p.id}>
              <th scope="row">{p.name}</th>
              <td>{p.currency}</td>
              <td>
                <ul className="financing-terms">
                  {p.terms.map((term) => (
                    <li key={term.days} data-testid="financing-term">
                      {termLabel(term)}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="is-num">
                {f('limitsValue', { min: formatExact(p.minAmount), max: formatExact(p.maxAmount), coin: p.currency })}
              </td>
              <td className="is-num" data-testid="financing-remaining">
                {f('remainingValue', {
                  remaining: formatExact(p.remaining),
                  quota: formatExact(p.quota),
                  coin: p.currency,
                })}
              </td>
              <td className="financing-rule" data-testid="financing-early-rule">
                {f(`early.${p.earlyRedemption}`)}
              </td>
              <td>
                {p.onSale ? (
                  <Link
                    className="desktop-button"
                    to={buyPathOf(DESKTOP_PATHS.buyFinancing, p)}
                    aria-label={f('subscribeTo', { name: p.name })}
                  >
                    {f('subscribe')}
                  </Link>
                ) : (
                  f('notOnSale')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One subscription as a table row (docs/product.md §3 fields, interest earned so far, early redemption where allowed). */
function SubscriptionRow({
  subscription: s,
  ask,
}: {
  subscription: FinancingSubscription;
  ask: (question: ModalQuestion) => Promise<boolean>;
}) {
  const f = useFinancingText();
  const of = useAmountOf();
  const interestOf = useInterestOf();
  return (
    <tr data-testid="subscription-record" data-id={s.id} data-state={s.state}>
      <th scope="row">{s.productName}</th>
      <td>
        <SubscriptionState subscription={s} />
      </td>
      <td className="is-num" data-testid="subscription-amount">
        {of(s.amount, s.currency)}
      </td>
      <td className="is-num">
        {f('days', { days: s.days })} · {formatRatePercent(s.annualRate)}
      </td>
      <td className="is-num" data-testid="subscription-interest">
        {interestOf(s.estimatedInterest, s.currency)}
      </td>
      <td className="is-num" data-testid="subscription-accrued">
        {interestOf(s.state === 'during' ? s.accruedInterest : (s.paidInterest ?? '0'), s.currency)}
      </td>
      <td className="is-num">
        <Time ms={s.subscribedAt} />
      </td>
      <td className="is-num">
        <Time ms={s.expiresAt} />
      </td>
      <td>{canRedeem(s.earlyRedemption, s.state) ? <RedeemButton subscription={s} ask={ask} /> : null}</td>
    </tr>
  );
}

/** The history table, page by page. */
function SubscriptionsTable() {
  const f = useFinancingText();
  return (
    <Subscriptions>
      {(items, ask, records) => (
        <>
          <div className="desk-table__scroll">
            <table className="desk-table" aria-labelledby="desk-financing-history">
              <DeskTableHead
                columns={[
                  f('product'),
                  f('state'),
                  numeric(f('amount')),
                  numeric(`${f('duration')} · ${f('rate')}`),
                  numeric(f('estimatedInterest')),
                  numeric(f('accruedInterest')),
                  numeric(f('subscribedAt')),
                  numeric(f('expiresAt')),
                  '',
                ]}
              />
              <tbody>
                {items.map((s) => (
                  <SubscriptionRow key={s.id} subscription={s} ask={ask} />
                ))}
              </tbody>
            </table>
          </div>
          <DeskLoadMore pages={records} />
        </>
      )}
    </Subscriptions>
  );
}

/** /pages/desktop/manage/index: the financing account's holdings, the products on sale, the history. */
export function FinancingDeskPage() {
  const { t } = useTranslation();
  const f = useFinancingText();
  const products = useFinancingProducts();
  const coins = [...new Set((products.data ?? []).map((p) => p.currency))];
  return (
    <div className="desk-page">
      <section className="desk-panel" aria-labelledby="desk-financing-account">
        <h2 id="desk-financing-account" className="desk-panel__title">
          {f('account')}
        </h2>
        <Holdings coins={coins.length > 0 ? coins : ['USDT']} labelledBy="desk-financing-account" />
      </section>
      <section className="desk-panel" aria-labelledby="desk-financing-products">
        <h2 id="desk-financing-products" className="desk-panel__title">
          {f('products')}
        </h2>
        {products.isError ? <PageLoadError onRetry={() => void products.refetch()} /> : null}
        {!products.data && !products.isError ? <DelayedLoading /> : null}
        {products.data ? <ProductsTable products={products.data} /> : null}
      </section>
      <section className="desk-panel" aria-labelledby="desk-financing-history">
        <h2 id="desk-financing-history" className="desk-panel__title">
          {t('routes.financingHistory')}
        </h2>
        <SubscriptionsTable />
      </section>
    </div>
  );
}

/** /pages/desktop/manage/components/buy-financing (`?product=&days=`): the subscribe form; then the manage page with the new subscription in its history. */
export function BuyFinancingDeskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="desk-page">
      <section className="desk-panel financing-desk-buy" aria-label={t('routes.buyFinancing')}>
        <BuyFinancingPanel onSubscribed={() => void navigate(DESKTOP_PATHS.manage)} />
      </section>
    </div>
  );
}
