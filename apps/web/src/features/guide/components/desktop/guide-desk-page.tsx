import { PageLoadError } from '../../../../components/page-state';
import { useSessionStore } from '../../../../lib/session/session-store';
import { useGuideProgress } from '../../api/get-guide-progress';
import { useGuideText } from '../../strings';
import { GuideSteps, GuideSummary, GuideVisitor } from '../guide-steps';
import '../../guide.css';

/** /pages/desktop/novice-guide/index: the progress above the four steps, two by two. */
export function GuideDeskPage() {
  const g = useGuideText();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const progress = useGuideProgress();
  if (progress.isError) return <PageLoadError onRetry={() => void progress.refetch()} />;
  return (
    <div className="desk-page">
      <section className="desk-panel guide-desk__head">
        <p className="guide-page__intro">{g('intro')}</p>
        {loggedIn ? progress.data ? <GuideSummary progress={progress.data} /> : null : <GuideVisitor />}
      </section>
      <GuideSteps progress={progress.data ?? null} className="guide-steps--desk" />
    </div>
  );
}
