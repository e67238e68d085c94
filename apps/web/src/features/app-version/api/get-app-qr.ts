import { useQuery } from '@tanstack/react-query';
import { API, type AppDownload } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** `app-version/app-qr`: the app's download links, each drawn as a QR code (empty: no app yet). */
export function getAppQr(): Promise<AppDownload[]> {
  return apiGet<AppDownload[]>(API.appVersion.appQr);
}

export function useAppQr() {
  return useQuery({ queryKey: ['app-version', 'app-qr'], queryFn: getAppQr });
}
