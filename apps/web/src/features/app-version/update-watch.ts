import { whenIdle } from '../../lib/browser/idle';
import { getVersion } from './api/get-version';
import { getWebBuild } from './api/get-web-build';
import { WEB_BUILD_ID } from './model/build-id';
import { currentBridge } from './model/platform';
import { startUpdateWatch } from './model/update-watch';

const prompt = () => import('./components/update-prompt');

/**
 * The update check at launch (docs/app-version.md "The web app's update check"), which app/start.tsx
 * loads a few seconds after the start; its first question waits for the browser to be idle. Small:
 * the prompt, its strings and its styles load only when there is an update to show.
 */
export function installUpdateWatch(): void {
  whenIdle(() => {
    startWatch();
  });
}

function startWatch(): void {
  const bridge = currentBridge();
  startUpdateWatch({
    buildId: WEB_BUILD_ID,
    bridge,
    getWebBuild,
    getVersion,
    onWebUpdate: (decision) => void prompt().then((m) => m.showWebUpdate(decision)),
    onAppUpdate: (decision) => void prompt().then((m) => m.showAppUpdate(decision, bridge)),
  });
}
