import { i18n } from '../i18n';
import { toastError, toastSuccess } from './toast';

/** Offline and online toasts (docs/product.md §4 "Network"). Returns a function that removes them. */
export function installNetworkToasts(): () => void {
  const onOffline = () => toastError(i18n.t('network.offline'));
  const onOnline = () => toastSuccess(i18n.t('network.online'));
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}
