import type { ChainsConfig } from '../../config';
import type { EvmChainSettings } from './evm-scanner';

/** The Ethereum scanner's settings from the configuration, or null when no node is configured. */
export function evmSettingsFrom(config: ChainsConfig): { rpcUrl: string; settings: EvmChainSettings } | null {
  const eth = config.ethereum;
  if (!eth.rpcUrl) return null;
  return {
    rpcUrl: eth.rpcUrl,
    settings: {
      chain: 'ethereum', chainId: eth.chainId, nativeCoin: 'ETH', nativeDecimals: 18, tokens: eth.tokens,
      startBlock: eth.startBlock, blocksPerPoll: config.blocksPerPoll, keepBlocks: config.keepBlocks,
      pollMs: config.pollMs, backoffMs: config.backoffMs, backoffMaxMs: config.backoffMaxMs,
    },
  };
}
