import { useId } from 'react';
import type { WebUpdateDecision } from '@app/contract';
import { useAppVersionText } from '../strings';
import '../app-version.css';

interface WebUpdatePromptProps {
  decision: Exclude<WebUpdateDecision, { kind: 'none' }>;
  /** Loads the page again (the new build). */
  onReload: () => void;
  /** The user chose "Later" (an offer only). */
  onLater: () => void;
}

/**
 * A new deployment of the web app (docs/app-version.md "The web app's update check"). An offer is a
 * small panel at the bottom that takes nothing away from the page (Reload, Later); a required reload
 * (must_update) is a dialog over the page with Reload alone, since this build no longer works with the
 * server.
 */
export function WebUpdatePrompt({ decision, onReload, onLater }: WebUpdatePromptProps) {
  const a = useAppVersionText();
  const titleId = useId();
  const textId = useId();
  if (decision.kind === 'forced') {
    return (
      <div className="update-dialog__mask">
        <div
          className="update-dialog"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          data-testid="web-update"
          data-kind="forced"
        >
          <h2 id={titleId} className="update-dialog__title">
            {a('update.webForcedTitle')}
          </h2>
          <p id={textId}>{a('update.webForced')}</p>
          <div className="update-dialog__actions">
            <button type="button" className="button button--primary" onClick={onReload} autoFocus>
              {a('update.webReload')}
            </button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <section
      className="web-update"
      role="status"
      aria-labelledby={titleId}
      data-testid="web-update"
      data-kind="optional"
    >
      <h2 id={titleId} className="visually-hidden">
        {a('update.webTitle')}
      </h2>
      <p className="web-update__text">{a('update.webAvailable')}</p>
      <div className="web-update__actions">
        <button type="button" className="button button--secondary" onClick={onLater}>
          {a('update.later')}
        </button>
        <button type="button" className="button button--primary" onClick={onReload}>
          {a('update.webReload')}
        </button>
      </div>
    </section>
  );
}
