import { useQuery } from '@tanstack/react-query';
import { API, APP_VERSION, isAppPlatform, type GetVersionResult } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** `app-version/get-version`: whether the installed app (ios, android) running `versionNo` should update. */
export function getVersion(platform: string, versionNo: string): Promise<GetVersionResult> {
  return apiGet<GetVersionResult>(API.appVersion.getVersion, { platform, versionNo }, { silent: true });
}

/** The check for the platform the app runs on; never asked by the web build (it is neither ios nor android). */
export function useVersionCheck(platform: string) {
  return useQuery({
    queryKey: ['app-version', 'get-version', platform, APP_VERSION],
    queryFn: () => getVersion(platform, APP_VERSION),
    enabled: isAppPlatform(platform),
    staleTime: 0,
  });
}
