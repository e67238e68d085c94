/** The wallet's public face: balances, transfers, statements, valuations, and the coin amount rules others share. */
export { WalletService, assetOrThrow, positiveAmount } from './service';
export { ValuationService } from './valuation';
export { ReferencePrices, valueAt } from './reference-prices';
export { walletRoutes } from './routes';
