import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { useVipInfo } from '../../api/get-vip-info';
import { useVipText } from '../../strings';
import { StandingCard, TierTable, VipNotes, VisitorPrompt } from '../vip-parts';
import '../../vip.css';

/** /pages/desktop/vip/index: the customer's standing beside the table of tiers. */
export function VipDeskPage() {
  const v = useVipText();
  const info = useVipInfo();
  if (info.isError) return <PageLoadError onRetry={() => void info.refetch()} />;
  if (!info.data) return <DelayedLoading />;
  const { me, volumeDays } = info.data;
  return (
    <div className="desk-page">
      <p className="vip-page__intro">{v('intro', { days: volumeDays })}</p>
      <div className="vip-desk">
        {me ? <StandingCard me={me} days={volumeDays} /> : <VisitorPrompt />}
        <section className="desk-panel" aria-labelledby="vip-tiers-title">
          <h2 id="vip-tiers-title" className="desk-panel__title">
            {v('tiers')}
          </h2>
          <TierTable info={info.data} />
          <VipNotes />
        </section>
      </div>
    </div>
  );
}
