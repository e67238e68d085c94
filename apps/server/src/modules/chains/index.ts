/**
 * The chains module's public face (docs/architecture.md "How a module is built"): scanners that read deposits off the chains.
 * A scanner finds the transfers to watched addresses and the re-orgs; it moves no money.
 */
export { BlockScanner, scannedHeight, scannedHeights } from './block-scanner';
export type {
  AddressLookup,
  BlockHeader,
  ChainSource,
  ChainTransfer,
  PollResult,
  ScanBatch,
  ScanHandler,
  ScannedBlock,
  ScannerDeps,
  ScannerSettings,
  ScannerStatus,
} from './block-scanner';
export { EvmScanner } from './evm-scanner';
export type { EvmChainSettings, EvmScannerDeps, EvmToken } from './evm-scanner';
export { viemNode, TRANSFER_TOPIC } from './evm-node';
export type { EvmNode, NodeBlock, NodeLog } from './evm-node';
export { bitcoinSettingsFrom, evmSettingsFrom } from './settings';
export { BitcoinScanner } from './bitcoin-scanner';
export type { BitcoinChainSettings, BitcoinScannerDeps } from './bitcoin-scanner';
export { bitcoindNode, satsFromBtc } from './bitcoin-node';
export type { BitcoinBlock, BitcoinNode, BitcoinOutput } from './bitcoin-node';
export { viemTxNode } from './evm-sender';
export type { EvmTxNode, FeeLevels, TxReceipt } from './evm-sender';
