import 'i18next';
import type { DashboardNamespace } from './locales/dashboard';
import type { KycNamespace } from './locales/kyc';
import type { RechargeNamespace } from './locales/recharge';
import type { Messages } from './locales/en';
import type { OtcNamespace } from './locales/otc';
import type { WithdrawNamespace } from './locales/withdraw';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `dashboard`: the desktop dashboard's strings, registered by its chunk (app/desktop/dashboard/strings.ts). */
    /** `kyc`: the identity verification pages' strings, registered by their chunk (features/kyc/strings.ts). */
    /** `recharge`: the deposit pages' strings, registered by their chunk (features/recharge/strings.ts). */
    /** `otc`: the OTC pages' strings, registered by their chunk (features/otc/strings.ts). */
    /** `withdraw`: the withdrawal pages' strings, registered by their chunk (features/withdraw/strings.ts). */
    resources: { translation: Messages; dashboard: DashboardNamespace; kyc: KycNamespace; recharge: RechargeNamespace; otc: OtcNamespace; withdraw: WithdrawNamespace };
  }
}
