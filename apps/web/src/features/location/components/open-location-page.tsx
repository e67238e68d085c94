import { CopyButton } from '../../../components/copy-button';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { useCompanyAddress } from '../api/get-company-address';
import { useLocationText } from '../strings';
import '../location.css';

/**
 * /open-location (docs/product.md §2 built-in): the company's address as text with a copy button. No map
 * service is reachable from this installation, so none is embedded (no external request, no broken frame).
 */
export function OpenLocationPage() {
  const l = useLocationText();
  const company = useCompanyAddress();
  if (company.isError) return <PageLoadError onRetry={() => void company.refetch()} />;
  if (!company.data) return <DelayedLoading />;
  const { address } = company.data;
  return (
    <div className="location-page">
      <section className="location-card" aria-labelledby="company-address-title">
        <h2 id="company-address-title" className="location-card__title">
          {l('location.addressTitle')}
        </h2>
        {address ? (
          <div className="location-address">
            <address data-testid="company-address">{address}</address>
            <CopyButton text={address} label={l('location.address')} />
          </div>
        ) : (
          <p data-testid="company-address-missing">{l('location.noAddress')}</p>
        )}
        <p className="location-card__note">{l('location.noMap')}</p>
      </section>
    </div>
  );
}
