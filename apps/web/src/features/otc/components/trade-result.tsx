import { Link } from 'react-router';
import type { OtcTrade } from '@app/contract';
import { formatOtcAmount } from '../model/otc-figures';
import { useOtcText } from '../strings';

interface TradeResultProps {
  result: OtcTrade;
  /** The assets page of the layout the form is in. */
  assetsPath: string;
  /** The heading's level where the result sits (under the page's h1, or a panel's h2). */
  heading?: 'h2' | 'h3';
}

/** "Trade complete": what left and what arrived, and the way to the assets page (both layouts). */
export function TradeResult({ result, assetsPath, heading: Heading = 'h2' }: TradeResultProps) {
  const o = useOtcText();
  return (
    <section className="otc-result" role="status" aria-labelledby="otc-result-title">
      <Heading id="otc-result-title" className="otc-result__title">
        {o('success')}
      </Heading>
      <p className="mono">
        −{formatOtcAmount(result.fromAmount, result.fromAsset)} · +{formatOtcAmount(result.toAmount, result.toAsset)}
      </p>
      <Link className="link" to={assetsPath}>
        {o('viewAssets')}
      </Link>
    </section>
  );
}
