/**
 * `npm run chain:send -- --to <address> --amount 25 --coin usdt`: a test deposit on the local chain,
 * the development chain `npm start` runs or the chain of `npm run chain:dev` (both leave its address
 * and token in .tmp/chain-dev.json), from one of anvil's funded dev accounts. --coin usdt (the test
 * token, the default) or eth; --amount in whole coins (decimals allowed); --from <0..9> picks the dev
 * account (default 1); --rpc and --token override what the file says.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { isAddress, parseUnits, type Address } from 'viem';
import { ANVIL_CHAIN_ID, CHAIN_DEV_FILE, DEV_ACCOUNTS, connectAnvil, type ChainDevInfo } from '../src/modules/chains';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    amount: { type: 'string' },
    coin: { type: 'string', default: 'usdt' },
    from: { type: 'string', default: '1' },
    rpc: { type: 'string' },
    token: { type: 'string' },
  },
});
const fail = (msg: string): never => {
  console.error(msg);
  process.exit(2);
};
const info: Partial<ChainDevInfo> = fs.existsSync(CHAIN_DEV_FILE)
  ? (JSON.parse(fs.readFileSync(CHAIN_DEV_FILE, 'utf8')) as ChainDevInfo)
  : {};
const rpcUrl =
  values.rpc ??
  info.rpcUrl ??
  fail(
    'No local chain found: `npm start` on the embedded default runs one, or start one with `npm run chain:dev` (or pass --rpc).',
  );
const to =
  values.to && isAddress(values.to, { strict: false })
    ? (values.to.toLowerCase() as Address)
    : fail('--to <0x address>: the deposit address the app shows');
const coin = (values.coin ?? 'usdt').toLowerCase();
if (coin !== 'usdt' && coin !== 'eth') fail('--coin usdt or eth');
const amountText = values.amount ?? fail('--amount <coins>, e.g. 25 or 0.5');
if (!/^\d+(\.\d+)?$/.test(amountText)) fail(`--amount ${amountText}: a positive number of coins`);
const from = DEV_ACCOUNTS[Number(values.from)] ?? fail('--from 0..9 (a dev account)');

const chain = await connectAnvil(rpcUrl, info.chainId ?? ANVIL_CHAIN_ID);
let hash: `0x${string}`;
if (coin === 'eth') {
  hash = await chain.sendEth(to, parseUnits(amountText, 18), from);
} else {
  const token = (values.token ?? info.usdt ?? fail('No token: pass --token <0x address>')) as Address;
  hash = await chain.sendUsdt(token, to, parseUnits(amountText, 6), from);
}
// The development chain mines each transaction as it comes, chain:dev on a timer; with
// --block-time 0 nothing is mined until asked, so mine here.
for (let i = 0; i < 100 && !(await chain.receipt(hash)); i++) {
  if (i === 10) await chain.mine(1);
  await new Promise((r) => setTimeout(r, 100));
}
const receipt = await chain.receipt(hash);
if (!receipt) fail(`sent ${hash}, not mined yet`);
if (receipt!.status !== '0x1') fail(`${hash} reverted`);
console.log(
  `Sent ${amountText} ${coin.toUpperCase()} to ${to} from ${from}: transaction ${hash}, block ${Number(receipt!.blockNumber)}.`,
);
