/**
 * The local chain of the tests: anvil, started and driven through the chains module's helpers
 * (src/modules/chains/anvil.ts, which the server's development chain uses as well), with manual
 * mining (blocks are mined only when a test says so) unless a test asks otherwise. Here: what only
 * tests need on top, a chain with a funded withdrawal hot wallet and the server's settings for it.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { DEV_ACCOUNTS, startAnvil, type AnvilNode } from '../src/modules/chains';

export {
  ANVIL_CHAIN_ID,
  DEV_ACCOUNTS,
  DEV_USDT_BALANCE,
  TEST_USDT_ABI,
  TOKEN_OWNER,
  anvilBinary,
  connectAnvil,
  startAnvil,
} from '../src/modules/chains';
export type { AnvilChain, AnvilNode, Receipt, RpcError, StartAnvilOptions, TxRequest } from '../src/modules/chains';

/** Is a process with this pid alive? (tests check that a stopped node is gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A local chain with a test USDT and a withdrawal hot wallet (a fresh key) funded with ETH for gas and USDT to pay out. */
export interface WithdrawChain {
  node: AnvilNode;
  token: Address;
  hotKey: Hex;
  hot: Address;
  /** The server's environment for this chain: its node, the token as the USDT deposit contract, the hot key; `extra` on top. */
  env(extra?: Record<string, string>): Promise<Record<string, string>>;
}

/**
 * The server's environment for USDT and ETH deposits on a local chain: its node, `token` as the USDT
 * contract, both waiting for `confirmations`, scanning from the next block (USDC off).
 */
export async function depositChainEnv(
  node: AnvilNode,
  token: Address,
  confirmations: number,
): Promise<Record<string, string>> {
  return {
    ETHEREUM_RPC_URL: node.rpcUrl,
    ETHEREUM_CHAIN_ID: String(node.chainId),
    ETHEREUM_START_BLOCK: String((await node.head()) + 1),
    DEPOSIT_USDT_ETHEREUM_CONTRACT: token,
    DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: String(confirmations),
    DEPOSIT_ETH_ETHEREUM_CONFIRMATIONS: String(confirmations),
    DEPOSIT_USDC_ETHEREUM_ENABLED: 'false',
    OTP_DAILY_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  };
}

export async function startWithdrawChain(fund: { eth: bigint; usdt: bigint }): Promise<WithdrawChain> {
  const node = await startAnvil();
  const token = await node.deployTestUsdt();
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAccount(hotKey).address;
  await node.sendEth(hot, fund.eth, DEV_ACCOUNTS[1]);
  await node.sendUsdt(token, hot, fund.usdt, DEV_ACCOUNTS[1]);
  await node.mine(1);
  return {
    node,
    token,
    hotKey,
    hot,
    env: async (extra = {}) => ({
      ETHEREUM_RPC_URL: node.rpcUrl,
      ETHEREUM_CHAIN_ID: String(node.chainId),
      ETHEREUM_START_BLOCK: String((await node.head()) + 1),
      DEPOSIT_USDT_ETHEREUM_CONTRACT: token,
      DEPOSIT_USDC_ETHEREUM_ENABLED: 'false',
      WITHDRAW_HOT_KEY_EVM: hotKey,
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...extra,
    }),
  };
}
