import { Link } from 'react-router';
import type { FinancingProduct } from '@app/contract';
import { useFinancingText } from '../strings';
import { ProductFacts } from './product-facts';

/** The subscribe page of a product (`?product=`), in the layout's own path. */
export const buyPathOf = (base: string, product: FinancingProduct) =>
  `${base}?${new URLSearchParams({ product: product.id }).toString()}`;

/** The products on sale as cards (the phone): name and coin, the facts, and "Subscribe". */
export function ProductList({
  products,
  buyBase,
  labelledBy,
}: {
  products: readonly FinancingProduct[];
  buyBase: string;
  labelledBy: string;
}) {
  const f = useFinancingText();
  if (products.length === 0)
    return (
      <p className="empty-text" data-testid="financing-no-products">
        {f('noProducts')}
      </p>
    );
  return (
    <ul className="financing-products" aria-labelledby={labelledBy}>
      {products.map((p) => (
        <li key={p.id} className="financing-product" data-testid="financing-product" data-id={p.id}>
          <h3 className="financing-product__name">
            {p.name} <span className="financing-coin">{p.currency}</span>
          </h3>
          <ProductFacts product={p} />
          {p.onSale ? (
            <Link
              className="button button--primary button--small"
              to={buyPathOf(buyBase, p)}
              aria-label={f('subscribeTo', { name: p.name })}
            >
              {f('subscribe')}
            </Link>
          ) : (
            <span className="financing-note">{f('notOnSale')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
