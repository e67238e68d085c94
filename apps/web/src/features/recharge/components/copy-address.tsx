import { useEffect, useState } from 'react';
import { copyText } from '../../../lib/browser/clipboard';
import { IconCheck, IconCopy } from '../../../components/icons';
import { useRechargeText } from '../strings';

const COPIED_MS = 2500;

/** Selects the text of an element, so a person can copy it by hand where the page may not. */
function selectText(id: string) {
  const node = document.getElementById(id);
  const selection = window.getSelection();
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies the address and says so beside the button ("Copied", for a moment). Where the browser
 * refuses (no clipboard permission, an old browser), nothing fails loudly: the address (element
 * `targetId`) is selected and a line says to copy it by hand.
 */
export function CopyAddress({ text, targetId }: { text: string; targetId: string }) {
  const r = useRechargeText();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  // Another address (another chain) starts afresh.
  useEffect(() => setState('idle'), [text]);
  return (
    <div className="deposit-copy">
      <button
        type="button"
        className="button button--primary button--small deposit-copy__button"
        onClick={async () => {
          if (await copyText(text)) setState('copied');
          else {
            selectText(targetId);
            setState('failed');
          }
        }}
      >
        <IconCopy size={16} />
        {r('copy')}
      </button>
      <p className={`deposit-copy__status${state === 'failed' ? ' is-failed' : ''}`} role="status" aria-live="polite">
        {state === 'copied' ? (
          <>
            <IconCheck size={16} />
            {r('copied')}
          </>
        ) : state === 'failed' ? (
          r('copyFailed')
        ) : null}
      </p>
    </div>
  );
}
