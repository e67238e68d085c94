import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { APP_VERSION, APP_VERSION_CODE, decideUpdate, isAppPlatform } from '@app/contract';
import { PATHS } from '../../../lib/routing/paths';
import { useVersionCheck } from '../api/get-version';
import { WEB_BUILD_ID } from '../model/build-id';
import { currentBridge, type PlatformBridge } from '../model/platform';
import { useAppVersionText } from '../strings';
import { ClearCacheSection } from './clear-cache-section';
import { UpdateDialog } from './update-dialog';
import '../app-version.css';

/**
 * /pages/profile/version (docs/product.md §2 profile "version", "clear cache"): the running version, and
 * the update check for the platform the app runs on. The web build is neither ios nor android:
 * it is always current, and the page links the download page instead of checking.
 */
export function VersionPage() {
  const a = useAppVersionText();
  const bridge = useMemo(currentBridge, []);
  const platform = isAppPlatform(bridge.platform) ? bridge.platform : 'web';
  return (
    <div className="app-version-page">
      <section className="app-version-card" aria-labelledby="version-title">
        <h2 id="version-title" className="app-version-card__title">
          {a('version.current')}
        </h2>
        <dl className="app-version-facts">
          <div>
            <dt>{a('version.current')}</dt>
            <dd className="mono" data-testid="app-version">
              {APP_VERSION} ({APP_VERSION_CODE})
            </dd>
          </div>
          <div>
            <dt>{a('version.runningAs')}</dt>
            <dd>{a(`version.platforms.${platform}`)}</dd>
          </div>
          {platform === 'web' && WEB_BUILD_ID ? (
            <div>
              <dt>{a('version.build')}</dt>
              <dd className="mono" data-testid="web-build">
                {WEB_BUILD_ID}
              </dd>
            </div>
          ) : null}
        </dl>
        {platform === 'web' ? (
          <>
            <p data-testid="web-always-current">{a('version.webCurrent')}</p>
            <p>
              <Link to={PATHS.appDownload}>{a('version.webInstall')}</Link>
            </p>
          </>
        ) : (
          <AppUpdateCheck bridge={bridge} />
        )}
      </section>
      <ClearCacheSection />
    </div>
  );
}

/** The installed app's check: get-version for its platform, then the update dialog when there is one. */
function AppUpdateCheck({ bridge }: { bridge: PlatformBridge }) {
  const a = useAppVersionText();
  const check = useVersionCheck(bridge.platform);
  const [dismissed, setDismissed] = useState(false);
  const decision = check.data ? decideUpdate(bridge.platform, APP_VERSION, check.data) : null;
  const status = check.isFetching
    ? a('version.checking')
    : check.isError
      ? a('version.checkFailed')
      : decision?.kind === 'none'
        ? a('version.upToDate')
        : '';
  return (
    <>
      <p role="status" aria-live="polite">
        {status}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={check.isFetching}
        onClick={() => {
          setDismissed(false);
          void check.refetch();
        }}
      >
        {a('version.check')}
      </button>
      {decision && !dismissed ? (
        <UpdateDialog decision={decision} bridge={bridge} onClose={() => setDismissed(true)} />
      ) : null}
    </>
  );
}
