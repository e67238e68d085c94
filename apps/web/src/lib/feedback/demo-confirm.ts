import { askConfirmDefault, type AskConfirm } from './confirm';
import { i18n } from '../i18n';
import { getSession } from '../session/session-store';

/**
 * docs/product.md §4: in demo mode the first investment (a transfer or an OTC trade) warns that this is
 * a trial version and asks whether to continue. A "yes" is remembered in the session store
 * (cleared on logout and session expiry); a "no" asks again next time. Real mode: always true.
 */
export async function confirmDemoInvestment(ask: AskConfirm = askConfirmDefault): Promise<boolean> {
  const { typeUser, demoConfirmed, setDemoConfirmed } = getSession();
  if (typeUser !== 'demo' || demoConfirmed) return true;
  const confirmed = await ask({
    title: i18n.t('demo.trialTitle'),
    content: i18n.t('demo.trialConfirm'),
    confirmText: i18n.t('demo.continue'),
    cancelText: i18n.t('common.cancel'),
  });
  if (confirmed) setDemoConfirmed(true);
  return confirmed;
}
