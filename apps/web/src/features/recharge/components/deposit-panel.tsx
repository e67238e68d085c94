import { useEffect, useId, useState } from 'react';
import type { DepositChainId, DepositRoute, RechargeType } from '@app/contract';
import { ChoiceChips } from '../../../components/choice-chips';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { formatExact } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session/session-store';
import { useDepositAddress } from '../api/deposits';
import { useRechargeText } from '../strings';
import { CopyAddress } from './copy-address';
import { DevChainPanel } from './dev-chain-panel';
import { DepositQr } from './deposit-qr';

/** The chain's label in the picker: its protocol, with its state when deposits cannot go there now. */
function useChainLabel() {
  const r = useRechargeText();
  return (c: DepositRoute) => (c.state === 'available' ? c.protocol : `${c.protocol} · ${r(`states.${c.state}`)}`);
}

/** The user's address on an available chain: QR code, the address, copy, minimum, confirmations and the warning. */
function AddressCard({
  coin,
  route,
  layout,
}: {
  coin: RechargeType;
  route: DepositRoute;
  layout: 'mobile' | 'desktop';
}) {
  const r = useRechargeText();
  const addressId = useId();
  // Addresses belong to the user, not to an account: what arrives is credited to the real account (docs/deposits.md).
  const demo = useSessionStore((s) => s.typeUser === 'demo');
  const query = useDepositAddress(coin.symbol, route.chain, true);
  const network = `${route.chainName} (${route.protocol})`;
  const data = query.data;
  if (!data) {
    if (query.isError) return <PageLoadError onRetry={() => void query.refetch()} />;
    return <DelayedLoading />;
  }
  return (
    <div className={`deposit-card deposit-card--${layout}`} data-testid="deposit-card" data-chain={data.chain}>
      {demo ? (
        <p className="deposit-demo-note" role="note" data-testid="deposit-demo-note">
          {r('demoNote')}
        </p>
      ) : null}
      {route.devChain ? <DevChainPanel symbol={coin.symbol} /> : null}
      <div className="deposit-card__qr">
        <DepositQr
          text={data.qrText}
          label={r('qrLabel', { symbol: coin.symbol, network })}
          size={layout === 'desktop' ? 200 : 184}
        />
      </div>
      <div className="deposit-card__body">
        <p className="deposit-card__label">{r('address')}</p>
        <p className="deposit-card__address mono" id={addressId} data-testid="deposit-address">
          {data.address}
        </p>
        <CopyAddress text={data.address} targetId={addressId} />
        <dl className="deposit-facts">
          <div>
            <dt>{r('network')}</dt>
            <dd>{network}</dd>
          </div>
          <div>
            <dt>{r('minDeposit')}</dt>
            <dd className="mono" data-testid="deposit-minimum">
              {formatExact(data.minDeposit)} {coin.symbol}
            </dd>
          </div>
          <div>
            <dt>{r('confirmations')}</dt>
            <dd data-testid="deposit-confirmations">{r('blocks', { count: data.confirmations })}</dd>
          </div>
          {data.token ? (
            <div>
              <dt>{r('tokenContract')}</dt>
              <dd className="mono deposit-facts__contract">{data.token}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="deposit-warning" role="note">
        <p>{r('warning', { symbol: coin.symbol, network })}</p>
        <p>{r('belowMinimum')}</p>
      </div>
    </div>
  );
}

/**
 * A coin's deposit: its chains to pick from (every chain it is catalogued on, a paused or unset one
 * labelled so), and the chosen chain's address or why there is none. A coin with no chain yet
 * says so.
 */
export function DepositPanel({
  coin,
  route,
  onChain,
  layout,
}: {
  coin: RechargeType;
  route: DepositRoute | undefined;
  onChain: (chain: DepositChainId) => void;
  layout: 'mobile' | 'desktop';
}) {
  const r = useRechargeText();
  const label = useChainLabel();
  // The radio follows a pick at once; the address (a navigation, which the router runs as a
  // transition) follows when the new URL is committed.
  const [picked, setPicked] = useState(route?.chain);
  useEffect(() => setPicked(route?.chain), [route?.chain]);
  if (!route) {
    return (
      <p className="deposit-state" data-testid="deposit-state" data-state="no_network">
        {r('noNetworkText', { symbol: coin.symbol })}
      </p>
    );
  }
  const network = `${route.chainName} (${route.protocol})`;
  return (
    <div className="deposit-panel">
      <ChoiceChips
        legend={r('chooseNetwork')}
        options={coin.chains.map((c) => ({ value: c.chain, label: label(c), muted: c.state !== 'available' }))}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          onChain(next);
        }}
      />
      <div className="deposit-panel__body" aria-live="polite">
        {route.state === 'available' ? (
          <AddressCard key={`${coin.symbol}:${route.chain}`} coin={coin} route={route} layout={layout} />
        ) : (
          <p className="deposit-state" data-testid="deposit-state" data-state={route.state}>
            {r(`stateText.${route.state}`, { symbol: coin.symbol, network })}
          </p>
        )}
      </div>
    </div>
  );
}
