/**
 * The chains module's public face (DESIGN.md §8a): scanners that read deposits off the chains.
 * An EVM scanner finds the transfers to watched addresses and the re-orgs; it moves no money.
 */
export { EvmScanner, scannedHeight, scannedHeights } from './evm-scanner';
export type {
  AddressLookup, ChainTransfer, EvmChainSettings, EvmScannerDeps, EvmToken, PollResult, ScanBatch, ScanHandler,
  ScannedBlock, ScannerStatus,
} from './evm-scanner';
export { viemNode, TRANSFER_TOPIC } from './evm-node';
export type { EvmNode, NodeBlock, NodeLog } from './evm-node';
export { evmSettingsFrom } from './settings';
