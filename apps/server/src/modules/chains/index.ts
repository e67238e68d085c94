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
export { viemTxNode, viemWalletReader } from './evm-sender';
export type { EvmTxNode, EvmWalletReader, FeeLevels, LatestBlock, TxReceipt } from './evm-sender';
export {
  ANVIL_CHAIN_ID,
  DEV_ACCOUNTS,
  DEV_USDT_BALANCE,
  TEST_USDT_ABI,
  TEST_USDT_BYTECODE,
  TOKEN_OWNER,
  anvilBinary,
  connectAnvil,
  startAnvil,
} from './anvil';
export type { AnvilChain, AnvilNode, Mining, Receipt, RpcError, StartAnvilOptions, TxRequest } from './anvil';
export {
  CHAIN_DEV_FILE,
  DEV_CHAIN_DIR,
  DevChainError,
  FAUCET_ACCOUNT,
  HOT_WALLET_ETH,
  HOT_WALLET_USDT,
  startDevChain,
} from './dev-chain';
export type { ChainDevInfo, DevChain, DevChainCoin, DevChainLog, DevChainOptions } from './dev-chain';
