import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { UpdateDecision, WebUpdateDecision } from '@app/contract';
import type { PlatformBridge } from '../model/platform';
import { UpdateDialog } from './update-dialog';
import { WebUpdatePrompt } from './web-update-prompt';

/**
 * Where the update check (../update-watch.ts) shows what it found: a root of its own at the end of
 * the page, above every layout, so the check needs nothing from the page being shown. Loaded only
 * when there is something to show.
 */
let root: Root | null = null;

function show(node: ReactNode): void {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'update-prompt';
    document.body.append(host);
    root = createRoot(host);
  }
  root.render(node);
}

const hide = () => show(null);

/** A new web build: offered, or required (must_update). `reload` loads the page again. */
export function showWebUpdate(
  decision: Exclude<WebUpdateDecision, { kind: 'none' }>,
  reload: () => void = () => window.location.reload(),
): void {
  show(<WebUpdatePrompt decision={decision} onReload={reload} onLater={hide} />);
}

/** The installed app's update (docs/product.md §4): the update dialog, run through the app's bridge. */
export function showAppUpdate(
  decision: Extract<UpdateDecision, { kind: 'optional' | 'forced' }>,
  bridge: PlatformBridge,
): void {
  show(<UpdateDialog decision={decision} bridge={bridge} onClose={hide} />);
}
