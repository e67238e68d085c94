import { useId, useState } from 'react';
import type { UpdateDecision } from '@app/contract';
import type { PlatformBridge } from '../model/platform';
import { runUpdate, type UpdatePhase } from '../model/update-flow';
import { useAppVersionText } from '../strings';

const BUSY: readonly UpdatePhase[] = ['downloading', 'installing'];
const FAILED: readonly UpdatePhase[] = ['downloadError', 'installError'];

interface UpdateDialogProps {
  decision: UpdateDecision;
  bridge: PlatformBridge;
  /** The user chose "Later" (an optional update only). */
  onClose: () => void;
  /** Where it starts (tests show each phase); an update starts as an offer. */
  initialPhase?: UpdatePhase;
}

/**
 * The app update dialog (docs/product.md §4): nothing when there is no update or on the web; an optional
 * update offers "Later" and "Update now", a forced one only "Update now". The update runs through
 * the platform bridge; a failure says "Download error" or "Installation of update files failed"
 * (docs/product.md §8) and offers to try again.
 */
export function UpdateDialog({ decision, bridge, onClose, initialPhase = 'offer' }: UpdateDialogProps) {
  const a = useAppVersionText();
  const [phase, setPhase] = useState<UpdatePhase>(initialPhase);
  const titleId = useId();
  const textId = useId();
  if (decision.kind !== 'optional' && decision.kind !== 'forced') return null;
  const busy = BUSY.includes(phase);
  const failed = FAILED.includes(phase);
  const start = () => void runUpdate(bridge, decision.link, setPhase);
  return (
    <div className="update-dialog__mask">
      <div
        className="update-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="update-dialog"
        data-kind={decision.kind}
      >
        <h2 id={titleId} className="update-dialog__title">
          {a('update.title', { versionNo: decision.versionNo })}
        </h2>
        <div id={textId}>
          <p>{decision.kind === 'forced' ? a('update.forced') : a('update.optional')}</p>
          <p className="update-dialog__notes">{decision.description}</p>
          <p className="update-dialog__muted">{decision.install === 'full' ? a('update.full') : a('update.hot')}</p>
        </div>
        <p
          className={failed ? 'update-dialog__error' : 'update-dialog__status'}
          role={failed ? 'alert' : 'status'}
          aria-live="polite"
        >
          {phase === 'offer' ? '' : a(`update.${phase}`)}
        </p>
        {phase === 'done' ? null : (
          <div className="update-dialog__actions">
            {decision.kind === 'optional' ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
                {a('update.later')}
              </button>
            ) : null}
            <button type="button" className="button button--primary" disabled={busy} onClick={start} autoFocus>
              {failed ? a('update.retry') : a('update.now')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
