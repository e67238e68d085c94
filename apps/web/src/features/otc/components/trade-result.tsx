import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OtcTrade } from '@app/contract';
import { formatAssetAmount } from '../../../lib/format';

interface TradeResultProps {
  result: OtcTrade;
  /** The assets page of the layout the form is in. */
  assetsPath: string;
  /** The heading's level where the result sits (under the page's h1, or a panel's h2). */
  heading?: 'h2' | 'h3';
}

/** "Trade complete": what left and what arrived, and the way to the assets page (both layouts). */
export function TradeResult({ result, assetsPath, heading: Heading = 'h2' }: TradeResultProps) {
  const { t } = useTranslation();
  return (
    <section className="otc-result" role="status" aria-labelledby="otc-result-title">
      <Heading id="otc-result-title" className="otc-result__title">
        {t('otc.success')}
      </Heading>
      <p className="mono">
        −{formatAssetAmount(result.fromAmount, result.fromAsset)} {result.fromAsset} · +{formatAssetAmount(result.toAmount, result.toAsset)} {result.toAsset}
      </p>
      <Link className="link" to={assetsPath}>
        {t('otc.viewAssets')}
      </Link>
    </section>
  );
}
