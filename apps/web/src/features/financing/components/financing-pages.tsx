import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FinancingProduct, FinancingSubscription } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { SelectField } from '../../../components/select-field';
import { PATHS } from '../../../lib/routing/paths';
import { useFinancingProducts } from '../api/get-financing-products';
import { useFinancingText } from '../strings';
import { BuyFinancingForm } from './buy-financing-form';
import { Holdings } from './holdings';
import { ProductList } from './product-list';
import { SubscriptionList } from './subscription-list';
import '../financing.css';

/** The product `?product=` names, else the first on sale; null when none is. */
export function pickProduct(products: readonly FinancingProduct[], id: string | null): FinancingProduct | null {
  return products.find((p) => p.id === id) ?? products.find((p) => p.onSale) ?? null;
}

/**
 * The subscribe form of the product the URL names, with a product picker when several are on
 * sale; `onSubscribed` is where the layout goes next.
 */
export function BuyFinancingPanel({ onSubscribed }: { onSubscribed: (s: FinancingSubscription) => void }) {
  const f = useFinancingText();
  const [params, setParams] = useSearchParams();
  const products = useFinancingProducts();
  if (products.isError) return <PageLoadError onRetry={() => void products.refetch()} />;
  if (!products.data) return <DelayedLoading />;
  const product = pickProduct(products.data, params.get('product'));
  if (!product)
    return (
      <p className="empty-text" data-testid="financing-no-products">
        {f('noProducts')}
      </p>
    );
  const onSale = products.data.filter((p) => p.onSale || p.id === product.id);
  const days = Number(params.get('days')) || null;
  return (
    <>
      {onSale.length > 1 ? (
        <SelectField
          label={f('products')}
          value={product.id}
          options={onSale.map((p) => ({ value: p.id, label: `${p.name} (${p.currency})` }))}
          onChange={(id) => setParams({ product: id }, { replace: true })}
        />
      ) : null}
      <BuyFinancingForm key={product.id} product={product} initialDays={days} onSubscribed={onSubscribed} />
    </>
  );
}

/** /pages/manage-account/index: the financing account (available, held, interest to come), the products on sale, the history's entry. */
export function FinancingPage() {
  const f = useFinancingText();
  const products = useFinancingProducts();
  const coins = [...new Set((products.data ?? []).map((p) => p.currency))];
  return (
    <div className="financing-page">
      <section className="financing-section" aria-labelledby="financing-account">
        <div className="financing-section__head">
          <h2 id="financing-account" className="section-title">
            {f('account')}
          </h2>
          <Link className="button button--secondary button--small" to={PATHS.financingHistory}>
            {f('history')}
          </Link>
        </div>
        <Holdings coins={coins.length > 0 ? coins : ['USDT']} labelledBy="financing-account" />
      </section>
      <section className="financing-section" aria-labelledby="financing-products">
        <h2 id="financing-products" className="section-title">
          {f('products')}
        </h2>
        {products.isError ? <PageLoadError onRetry={() => void products.refetch()} /> : null}
        {!products.data && !products.isError ? <DelayedLoading /> : null}
        {products.data ? (
          <ProductList products={products.data} buyBase={PATHS.buyFinancing} labelledBy="financing-products" />
        ) : null}
      </section>
    </div>
  );
}

/** /pages/manage-account/components/buy-financing (`?product=&days=`): subscribe, then the history with the new subscription. */
export function BuyFinancingPage() {
  const navigate = useNavigate();
  return (
    <div className="financing-page">
      <BuyFinancingPanel onSubscribed={() => void navigate(PATHS.financingHistory)} />
    </div>
  );
}

/** /pages/manage-account/components/history-financing: the user's subscriptions, with early redemption where allowed. */
export function FinancingHistoryPage() {
  return (
    <div className="financing-page">
      <SubscriptionList />
    </div>
  );
}
