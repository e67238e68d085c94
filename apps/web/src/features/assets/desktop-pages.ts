/** The assets feature's desktop pages, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// Unlike the other features' desktop pages, not through the mobile pages' chunk: that chunk carries
// antd-mobile's pull-to-refresh, which would add 28 KB gzip to the desktop assets page, and sharing
// the hooks directly costs the phone's first route nothing measurable (docs/performance.md).
export { AssetDeskPage } from './components/desktop/asset-desk-page';
export { WalletDeskPage } from './components/desktop/wallet-desk-page';
