import path from 'node:path';
import { SERVER_DIR } from '../src/server-dir';

/** Where `npm run chain:dev` leaves its chain's address and token for `npm run chain:send`. */
export const CHAIN_DEV_FILE = path.join(SERVER_DIR, '../../.tmp/chain-dev.json');

export interface ChainDevInfo {
  rpcUrl: string;
  chainId: number;
  usdt: `0x${string}`;
  pid: number;
}
