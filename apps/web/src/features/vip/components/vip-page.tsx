import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { useVipInfo } from '../api/get-vip-info';
import { useVipText } from '../strings';
import { StandingCard, TierCards, VipNotes, VisitorPrompt } from './vip-parts';
import '../vip.css';

/** /pages/home/vip (the VIP shortcut): the customer's tier and progress, then every tier and its benefits. */
export function VipPage() {
  const v = useVipText();
  const info = useVipInfo();
  if (info.isError) return <PageLoadError onRetry={() => void info.refetch()} />;
  if (!info.data) return <DelayedLoading />;
  const { me, volumeDays } = info.data;
  return (
    <div className="vip-page">
      <p className="vip-page__intro">{v('intro', { days: volumeDays })}</p>
      {me ? <StandingCard me={me} days={volumeDays} /> : <VisitorPrompt />}
      <section className="vip-card" aria-labelledby="vip-tiers-title">
        <h2 id="vip-tiers-title" className="vip-card__title">
          {v('tiers')}
        </h2>
        <TierCards info={info.data} />
      </section>
      <VipNotes />
    </div>
  );
}
