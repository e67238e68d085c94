import { API, WEB_API_LEVEL, type WebBuildResult } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** `app-version/web-build`: the deployed web build, and whether this one (`buildId`, of this API level) should reload. */
export function getWebBuild(buildId: string): Promise<WebBuildResult> {
  return apiGet<WebBuildResult>(API.appVersion.webBuild, { buildId, apiLevel: WEB_API_LEVEL }, { silent: true });
}
