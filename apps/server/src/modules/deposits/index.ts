// The deposits module's face: other modules, app.ts, tests and scripts import only from here.
export { DepositService, normaliseTxHash, qrTextOf, type AddressOwner } from './service';
export { backStageCreditStep, creditBackStage, type BackStageCredit } from './back-stage';
export {
  ACCOUNT_PATHS,
  DEPOSIT_KEY_DEV_SEED_FILE,
  DEV_HOT_KEY_PATH_EVM,
  DepositKeys,
  devHotKeyEvm,
  type DerivedAddress,
} from './keys';
export { depositRoutes } from './routes';
export { DepositWatcher, chainScanners } from './watcher';
