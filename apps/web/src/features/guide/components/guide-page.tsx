import { PageLoadError } from '../../../components/page-state';
import { useSessionStore } from '../../../lib/session/session-store';
import { useGuideProgress } from '../api/get-guide-progress';
import { useGuideText } from '../strings';
import { GuideSteps, GuideSummary, GuideVisitor } from './guide-steps';
import '../guide.css';

/** /pages/home/novice-guide (the Novice Guide shortcut): four steps with the user's progress, each linking where to do it and what to read. */
export function GuidePage() {
  const g = useGuideText();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const progress = useGuideProgress();
  if (progress.isError) return <PageLoadError onRetry={() => void progress.refetch()} />;
  return (
    <div className="guide-page">
      <p className="guide-page__intro">{g('intro')}</p>
      {loggedIn ? progress.data ? <GuideSummary progress={progress.data} /> : null : <GuideVisitor />}
      <GuideSteps progress={progress.data ?? null} />
    </div>
  );
}
