/**
 * `npm run chain:dev`: a local Ethereum chain (anvil from node_modules) with the test USDT token
 * deployed, kept apart from the server (docs/deposits.md, "Trying a deposit against a chain of your
 * own"; `npm start` on the embedded default runs its own development chain instead). Prints how to
 * point the server at it and how to send a test deposit; Ctrl-C stops it.
 *
 * Options: --port <n> (default 8545), --block-time <seconds> (default 2; 0: mine only on request).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANVIL_CHAIN_ID, CHAIN_DEV_FILE, startAnvil, type ChainDevInfo } from '../src/modules/chains';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8545' }, 'block-time': { type: 'string', default: '2' } },
});
const port = Number(values.port);
const blockTime = Number(values['block-time']);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--port ${values.port}: a port number`);
if (!Number.isInteger(blockTime) || blockTime < 0)
  throw new Error(`--block-time ${values['block-time']}: whole seconds`);

const node = await startAnvil({ port, chainId: ANVIL_CHAIN_ID, mining: blockTime ? { blockTime } : 'manual' });
const token = await node.deployTestUsdt();
const info: ChainDevInfo = { rpcUrl: node.rpcUrl, chainId: node.chainId, usdt: token, pid: node.pid };
fs.mkdirSync(path.dirname(CHAIN_DEV_FILE), { recursive: true });
fs.writeFileSync(CHAIN_DEV_FILE, `${JSON.stringify(info, null, 2)}\n`);

console.log(`
Local chain (anvil ${node.pid}) at ${node.rpcUrl}, chain id ${node.chainId}, ${blockTime ? `a block every ${blockTime} s` : 'blocks mined on request'}.
Test USDT (6 decimals): ${token}

Start the server against it (another terminal):
  DEV_CHAIN=false ETHEREUM_RPC_URL=${node.rpcUrl} ETHEREUM_CHAIN_ID=${node.chainId} DEPOSIT_USDT_ETHEREUM_CONTRACT=${token} ETHEREUM_START_BLOCK=0 npm start

Send a test deposit to an address the app shows (Home → Deposit):
  npm run chain:send -- --to <address> --amount 25 --coin usdt
  npm run chain:send -- --to <address> --amount 0.5 --coin eth

Ctrl-C stops the chain (its state is not kept).`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  fs.rmSync(CHAIN_DEV_FILE, { force: true });
  await node.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
