import { useState } from 'react';
import { Link } from 'react-router';
import type { LoanProduct } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { formatRatePercent } from '../../../lib/format';
import { PATHS } from '../../../lib/routing/paths';
import { useLoanProducts } from '../api/get-loan-products';
import { useLoanRule } from '../api/get-loan-rule';
import { useLoanText } from '../strings';
import { coinAmount } from './loan-format';

/** A product's rules text (`rule/get-rule`) in the app's language, said when it is shown in English instead. */
export function LoanRules({ productId }: { productId: string }) {
  const l = useLoanText();
  const rule = useLoanRule(productId);
  if (rule.isError) return <PageLoadError onRetry={() => void rule.refetch()} />;
  if (!rule.data) return <DelayedLoading />;
  return (
    <div className="loan-rules" data-testid="loan-rules">
      {rule.data.fallback ? <p className="loan-note">{l('rulesFallback')}</p> : null}
      <p className="loan-rules__text">{rule.data.text}</p>
    </div>
  );
}

/** The rules behind a disclosure: asked for only when opened. */
function RulesDisclosure({ product }: { product: LoanProduct }) {
  const l = useLoanText();
  const [open, setOpen] = useState(false);
  return (
    <details className="loan-product__rules" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="link">{l('rulesOf', { name: product.name })}</summary>
      {open ? <LoanRules productId={product.id} /> : null}
    </details>
  );
}

/** Amount range, period, daily and late rates as percentages. */
export function ProductTerms({ product }: { product: LoanProduct }) {
  const l = useLoanText();
  return (
    <dl className="record__details loan-product__terms">
      <div>
        <dt>{l('range')}</dt>
        <dd>
          {l('rangeValue', {
            min: coinAmount(product.minAmount, product.currency),
            max: coinAmount(product.maxAmount, product.currency),
          })}
        </dd>
      </div>
      <div>
        <dt>{l('fields.period')}</dt>
        <dd>{l('days', { count: product.periodDays })}</dd>
      </div>
      <div>
        <dt>{l('dailyRate')}</dt>
        <dd>{l('perDayValue', { rate: formatRatePercent(product.dailyRate) })}</dd>
      </div>
      <div>
        <dt>{l('lateRate')}</dt>
        <dd>{l('perDayValue', { rate: formatRatePercent(product.lateDailyRate) })}</dd>
      </div>
    </dl>
  );
}

/** The loan products on offer, each with its terms, its rules and "Apply". */
export function ProductList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const l = useLoanText();
  const products = useLoanProducts();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (products.isError) return <PageLoadError onRetry={() => void products.refetch()} />;
  if (!products.data) return <DelayedLoading />;
  const offered = products.data.filter((p) => p.enabled);
  if (offered.length === 0) return <p className="empty-text">{l('noProducts')}</p>;
  return (
    <ul className="loan-products" aria-label={l('products')}>
      {offered.map((p) => (
        <li key={p.id} className="loan-product" data-testid="loan-product">
          <Heading className="loan-product__name">
            {p.name} <span className="loan-product__coin">{p.currency}</span>
          </Heading>
          <ProductTerms product={p} />
          <RulesDisclosure product={p} />
          <Link
            className="button button--primary button--small loan-product__apply"
            to={`${PATHS.loanApply}?product=${encodeURIComponent(p.id)}`}
            aria-label={l('applyFor', { name: p.name })}
          >
            {l('apply')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
