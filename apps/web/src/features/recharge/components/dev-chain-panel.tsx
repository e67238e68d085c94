import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEV_CHAIN_COINS, type DevChainCoin, type DevChainSent } from '@app/contract';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';
import { formatExact } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session/session-store';
import { useDevChainSend } from '../api/dev-chain-send';
import { useRecords } from './records';
import { DepositStatus } from './deposit-status';
import { useRechargeText } from '../strings';

/** How often the records are asked again while the test deposit is on its way, and for how long at most. */
const FOLLOW_MS = 1500;
const FOLLOW_FOR_MS = 120_000;

const isDevChainCoin = (symbol: string): symbol is DevChainCoin => Object.hasOwn(DEV_CHAIN_COINS, symbol);

/**
 * On a route of the server's development chain (`devChain`): it says plainly that the coins are test
 * coins, and for the chain's coins offers a button that sends some to the user's own address here;
 * then it follows that deposit through the records (seen, confirmations, credited), as any deposit.
 */
export function DevChainPanel({ symbol }: { symbol: string }) {
  const r = useRechargeText();
  const send = useDevChainSend();
  const [sent, setSent] = useState<DevChainSent | null>(null);
  const client = useQueryClient();
  const { items } = useRecords();
  // In the demo account the records are the demo one's; the deposit goes to the real account (the card says so).
  const demo = useSessionStore((s) => s.typeUser === 'demo');
  const record = sent && !demo ? items.find((d) => d.txHash === sent.txHash) : undefined;
  const done = demo || (record !== undefined && record.status !== 'in_progress');

  // Until the deposit is credited (or failed), the records and balances are asked again.
  useEffect(() => {
    if (!sent || done) return undefined;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > FOLLOW_FOR_MS) window.clearInterval(timer);
      else void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] });
    }, FOLLOW_MS);
    return () => window.clearInterval(timer);
  }, [sent, done, client]);

  const coin = isDevChainCoin(symbol) ? DEV_CHAIN_COINS[symbol] : null;
  return (
    <section className="dev-chain" data-testid="dev-chain" aria-labelledby="dev-chain-title">
      <h3 id="dev-chain-title" className="dev-chain__title">
        {r('devChain.title')}
      </h3>
      <p className="dev-chain__note">{r('devChain.note', { symbol })}</p>
      {coin ? (
        <button
          type="button"
          className="button button--secondary button--small dev-chain__send"
          disabled={send.isPending}
          onClick={() => {
            setSent(null);
            send.mutate({ symbol: symbol as DevChainCoin, amount: coin.gift }, { onSuccess: (data) => setSent(data) });
          }}
        >
          {send.isPending ? r('devChain.sending') : r('devChain.send', { amount: coin.gift, symbol })}
        </button>
      ) : null}
      <div role="status" aria-live="polite" className="dev-chain__status" data-testid="dev-chain-status">
        {sent ? (
          <>
            <p>
              {r('devChain.sent', { amount: formatExact(sent.amount), symbol: sent.symbol, block: sent.blockNumber })}
            </p>
            {demo ? null : record ? (
              <p>
                <DepositStatus record={record} />
                {record.status === 'success' ? (
                  <>
                    {' · '}
                    {r('devChain.credited', { amount: formatExact(record.quantity), symbol: record.symbol })}
                  </>
                ) : null}
              </p>
            ) : (
              <p>{r('devChain.waiting')}</p>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
