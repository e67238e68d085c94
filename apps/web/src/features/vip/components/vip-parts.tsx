import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VipBenefits, VipInfo, VipStanding, VipTier } from '@app/contract';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/number';
import { loginPathFor, PATHS } from '../../../lib/routing/paths';
import { bpsPercent, bpsTimes, hasBenefits, progressPercent } from '../model/figures';
import { useVipText } from '../strings';

/** The customer's tier, their two figures, their benefits and what the next tier needs. */
export function StandingCard({ me, days }: { me: VipStanding; days: number }) {
  const v = useVipText();
  return (
    <section className="vip-card" aria-labelledby="vip-standing-title" data-testid="vip-standing">
      <h2 id="vip-standing-title" className="vip-card__title">
        {v('yourTier')}
      </h2>
      <p className={`vip-badge${me.level > 0 ? ' is-vip' : ''}`} data-testid="vip-level">
        {me.level > 0 ? v('level', { level: me.level }) : v('none')}
      </p>
      <dl className="vip-facts">
        <div>
          <dt>{v('volume', { days })}</dt>
          <dd data-testid="vip-volume">{v('usdt', { amount: formatMoney(me.volumeUsdt) })}</dd>
        </div>
        <div>
          <dt>{v('balance')}</dt>
          <dd data-testid="vip-balance">{v('usdt', { amount: formatMoney(me.balanceUsdt) })}</dd>
        </div>
      </dl>
      {me.unpriced.length > 0 ? <p className="vip-note">{v('unpriced', { coins: me.unpriced.join(', ') })}</p> : null}
      <NextTier me={me} days={days} />
      <h3 className="vip-card__subtitle">{v('benefits')}</h3>
      <BenefitList benefits={me.benefits} testId="vip-benefits" />
      <p className="vip-note">{v('asOf', { time: formatDateTime(me.at) })}</p>
    </section>
  );
}

function NextTier({ me, days }: { me: VipStanding; days: number }) {
  const v = useVipText();
  if (!me.next) return <p data-testid="vip-top">{v('top')}</p>;
  const { level, volumeToGoUsdt, balanceToGoUsdt } = me.next;
  const need = (have: string, toGo: string) => sum(have, toGo);
  return (
    <div className="vip-next" data-testid="vip-next">
      <p className="vip-next__title">{v('next', { level })}</p>
      <Progress
        label={v('volume', { days })}
        text={v('volumeToGo', { amount: formatMoney(volumeToGoUsdt) })}
        pct={progressPercent(me.volumeUsdt, need(me.volumeUsdt, volumeToGoUsdt))}
      />
      <Progress
        label={v('balance')}
        text={v('balanceToGo', { amount: formatMoney(balanceToGoUsdt) })}
        pct={progressPercent(me.balanceUsdt, need(me.balanceUsdt, balanceToGoUsdt))}
      />
    </div>
  );
}

/** Two USDT amounts with 2 decimals added exactly (cents as integers). */
function sum(a: string, b: string): string {
  const cents = (x: string) => {
    const [int = '0', frac = ''] = x.split('.');
    return BigInt(int) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  };
  const total = cents(a) + cents(b);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

function Progress({ label, text, pct }: { label: string; text: string; pct: number }) {
  return (
    <div className="vip-progress">
      <div
        className="vip-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span className="vip-progress__fill" style={{ ['--pct' as string]: `${pct}%` }} />
      </div>
      <p className="vip-progress__text">{text}</p>
    </div>
  );
}

/** A tier's benefits in words, or the standard terms. */
export function BenefitList({ benefits, testId }: { benefits: VipBenefits; testId?: string }) {
  const v = useVipText();
  if (!hasBenefits(benefits)) return <p data-testid={testId}>{v('noBenefits')}</p>;
  return (
    <ul className="vip-benefits" data-testid={testId}>
      {benefits.withdrawFeeDiscountBps > 0 ? (
        <li>{v('feeDiscount', { pct: bpsPercent(benefits.withdrawFeeDiscountBps) })}</li>
      ) : null}
      {benefits.otcSpreadDiscountBps > 0 ? (
        <li>{v('spreadDiscount', { pct: bpsPercent(benefits.otcSpreadDiscountBps) })}</li>
      ) : null}
      {benefits.withdrawLimitBps > 10000 ? (
        <li>{v('limitRaise', { times: bpsTimes(benefits.withdrawLimitBps) })}</li>
      ) : null}
    </ul>
  );
}

/** Every tier: what reaches it and what it gives; the customer's own marked. */
export function TierTable({ info }: { info: VipInfo }) {
  const v = useVipText();
  const current = info.me?.level ?? null;
  if (info.tiers.length === 0) return <p className="empty-text">{v('noTiers')}</p>;
  const lower = (bps: number) => (bps > 0 ? v('lower', { pct: bpsPercent(bps) }) : v('standard'));
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must reach what is beyond the edge.
    <div className="vip-table__scroll" tabIndex={0} role="region" aria-label={v('tiersLabel')}>
      <table className="vip-table" aria-label={v('tiersLabel')} data-testid="vip-tiers">
        <thead>
          <tr>
            <th scope="col">{v('table.tier')}</th>
            <th scope="col">{v('table.volume', { days: info.volumeDays })}</th>
            <th scope="col">{v('table.balance')}</th>
            <th scope="col">{v('table.fee')}</th>
            <th scope="col">{v('table.spread')}</th>
            <th scope="col">{v('table.limits')}</th>
          </tr>
        </thead>
        <tbody>
          {info.tiers.map((tier: VipTier) => (
            <tr key={tier.level} className={tier.level === current ? 'is-current' : undefined}>
              <th scope="row">
                {v('level', { level: tier.level })}
                {tier.level === current ? <span className="vip-table__mine"> ({v('current')})</span> : null}
              </th>
              <td>{v('atLeast', { amount: formatMoney(tier.minVolumeUsdt) })}</td>
              <td>{v('atLeast', { amount: formatMoney(tier.minBalanceUsdt) })}</td>
              <td>{lower(tier.withdrawFeeDiscountBps)}</td>
              <td>{lower(tier.otcSpreadDiscountBps)}</td>
              <td>
                {tier.withdrawLimitBps > 10000 ? v('times', { times: bpsTimes(tier.withdrawLimitBps) }) : v('standard')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every tier as a card (the phone: six columns do not fit its width); the customer's own marked. */
export function TierCards({ info }: { info: VipInfo }) {
  const v = useVipText();
  const current = info.me?.level ?? null;
  if (info.tiers.length === 0) return <p className="empty-text">{v('noTiers')}</p>;
  return (
    <ul className="vip-tier-cards" aria-label={v('tiersLabel')} data-testid="vip-tier-cards">
      {info.tiers.map((tier) => (
        <li key={tier.level} className={`vip-tier-card${tier.level === current ? ' is-current' : ''}`}>
          <h3 className="vip-tier-card__title">
            {v('level', { level: tier.level })}
            {tier.level === current ? <span className="vip-table__mine"> ({v('current')})</span> : null}
          </h3>
          <dl className="vip-facts">
            <div>
              <dt>{v('table.volume', { days: info.volumeDays })}</dt>
              <dd>{v('atLeast', { amount: formatMoney(tier.minVolumeUsdt) })}</dd>
            </div>
            <div>
              <dt>{v('table.balance')}</dt>
              <dd>{v('atLeast', { amount: formatMoney(tier.minBalanceUsdt) })}</dd>
            </div>
          </dl>
          <BenefitList benefits={tier} />
        </li>
      ))}
    </ul>
  );
}

/** What counts, and that a quote keeps its terms. */
export function VipNotes() {
  const v = useVipText();
  return (
    <div className="vip-notes">
      <p className="vip-note">{v('realOnly')}</p>
      <p className="vip-note">{v('quoteBinds')}</p>
    </div>
  );
}

/** A visitor's prompt: log in (or register) to see their tier. */
export function VisitorPrompt() {
  const { t } = useTranslation();
  const v = useVipText();
  return (
    <section className="vip-card" data-testid="vip-visitor">
      <p>{v('visitor')}</p>
      <div className="vip-card__actions">
        <Link className="button button--primary" to={loginPathFor(PATHS.vip)}>
          {t('auth.logIn')}
        </Link>
        <Link className="button button--secondary" to={PATHS.register}>
          {t('auth.registerNow')}
        </Link>
      </div>
    </section>
  );
}
