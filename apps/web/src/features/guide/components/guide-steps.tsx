import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GUIDE_STEPS, type GuideProgress, type GuideStepKey, type HelpCategory } from '@app/contract';
import { useAccountSwitch } from '../../../lib/api/account-switch';
import { toastSuccess } from '../../../lib/feedback/toast';
import { loginPathFor, PATHS } from '../../../lib/routing/paths';
import { useSessionStore } from '../../../lib/session/session-store';
import { useGuideText } from '../strings';

/** Where each step is done, and the help category that explains it. */
const STEP_LINKS: Record<GuideStepKey, { to: string; help: HelpCategory }> = {
  demo: { to: PATHS.tradeChart, help: 'demo' },
  contract: { to: PATHS.tradeChart, help: 'contracts' },
  deposit: { to: PATHS.recharge, help: 'deposits' },
  security: { to: PATHS.paymentPassword, help: 'registration' },
};

const helpPath = (category: HelpCategory) => `${PATHS.helpCenter}?category=${category}`;

/** The progress bar's summary: "2 of 4 done", or everything done. */
export function GuideSummary({ progress }: { progress: GuideProgress }) {
  const g = useGuideText();
  const pct = progress.total ? Math.floor((progress.done * 100) / progress.total) : 0;
  return (
    <div className="guide-summary" data-testid="guide-summary">
      <p className="guide-summary__text">
        {progress.done === progress.total
          ? g('allDone')
          : g('progress', { done: progress.done, total: progress.total })}
      </p>
      <div
        className="guide-summary__bar"
        role="progressbar"
        aria-label={g('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
      >
        <span className="guide-summary__fill" style={{ ['--pct' as string]: `${pct}%` }} />
      </div>
    </div>
  );
}

/** The four steps in order, each with its state (when known), where to do it and what to read. */
export function GuideSteps({ progress, className = '' }: { progress: GuideProgress | null; className?: string }) {
  const done = new Map(progress?.steps.map((s) => [s.key, s.done]) ?? []);
  return (
    <ol className={`guide-steps ${className}`} data-testid="guide-steps">
      {GUIDE_STEPS.map((key, i) => (
        <GuideStep key={key} step={key} n={i + 1} done={progress ? (done.get(key) ?? false) : null} />
      ))}
    </ol>
  );
}

function GuideStep({ step, n, done }: { step: GuideStepKey; n: number; done: boolean | null }) {
  const g = useGuideText();
  const { to, help } = STEP_LINKS[step];
  return (
    <li
      className={`guide-step${done ? ' is-done' : ''}`}
      data-testid={`guide-step-${step}`}
      data-done={done ?? undefined}
    >
      <div className="guide-step__head">
        <span className="guide-step__number">{g('stepOf', { n })}</span>
        {done === null ? null : (
          <span className={`guide-step__state${done ? ' is-done' : ''}`}>{done ? g('done') : g('todo')}</span>
        )}
      </div>
      <h2 className="guide-step__title">{g(`steps.${step}.title`)}</h2>
      <p className="guide-step__text">{g(`steps.${step}.text`)}</p>
      <div className="guide-step__actions">
        {step === 'demo' ? (
          <DemoAction />
        ) : (
          <Link className={`button ${done ? 'button--secondary' : 'button--primary'} button--small`} to={to}>
            {g(`steps.${step}.action`)}
          </Link>
        )}
        <Link className="guide-step__help" to={helpPath(help)}>
          {g('help')}
        </Link>
      </div>
    </li>
  );
}

/** The demo step's action: switch to the demo account and go trade, or just go trade when already there. */
function DemoAction() {
  const { t } = useTranslation();
  const g = useGuideText();
  const navigate = useNavigate();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const typeUser = useSessionStore((s) => s.typeUser);
  const switchTo = useAccountSwitch();
  if (!loggedIn)
    return (
      <Link className="button button--primary button--small" to={loginPathFor(PATHS.noviceGuide)}>
        {g('steps.demo.action')}
      </Link>
    );
  if (typeUser === 'demo')
    return (
      <Link className="button button--secondary button--small" to={PATHS.tradeChart}>
        {g('steps.demo.actionDemo')}
      </Link>
    );
  return (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={switchTo.isPending}
      onClick={() =>
        switchTo.mutate('demo', {
          onSuccess: () => {
            toastSuccess(t('demo.switchedToDemo'));
            void navigate(PATHS.tradeChart);
          },
        })
      }
    >
      {g('steps.demo.action')}
    </button>
  );
}

/** A visitor's prompt: log in to see the progress, or register. */
export function GuideVisitor() {
  const { t } = useTranslation();
  const g = useGuideText();
  return (
    <section className="guide-visitor" data-testid="guide-visitor">
      <p>{g('visitor')}</p>
      <div className="guide-visitor__actions">
        <Link className="button button--primary" to={loginPathFor(PATHS.noviceGuide)}>
          {t('auth.logIn')}
        </Link>
        <Link className="button button--secondary" to={PATHS.register}>
          {t('auth.registerNow')}
        </Link>
      </div>
    </section>
  );
}
