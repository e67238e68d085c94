import 'i18next';
import type { DashboardNamespace } from './locales/dashboard';
import type { KycNamespace } from './locales/kyc';
import type { LoanNamespace } from './locales/loan';
import type { RechargeNamespace } from './locales/recharge';
import type { Messages } from './locales/en';
import type { OtcNamespace } from './locales/otc';
import type { SecurityNamespace } from './locales/security';
import type { TradeNamespace } from './locales/trade';
import type { WithdrawNamespace } from './locales/withdraw';
import type { FinancingNamespace } from './locales/financing';
import type { NotificationNamespace } from './locales/notification';
import type { SupportNamespace } from './locales/support';
import type { NewsNamespace } from './locales/news';
import type { AppVersionNamespace } from './locales/app-version';
import type { HelpNamespace } from './locales/help';
import type { TimeZoneNamespace } from './locales/time-zone';
import type { VipNamespace } from './locales/vip';
import type { GuideNamespace } from './locales/guide';
import type { RankingNamespace } from './locales/ranking';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `dashboard`: the desktop dashboard's strings, registered by its chunk (app/desktop/dashboard/strings.ts). */
    /** `kyc`: the identity verification pages' strings, registered by their chunk (features/kyc/strings.ts). */
    /** `recharge`: the deposit pages' strings, registered by their chunk (features/recharge/strings.ts). */
    /** `otc`: the OTC pages' strings, registered by their chunk (features/otc/strings.ts). */
    /** `withdraw`: the withdrawal pages' strings, registered by their chunk (features/withdraw/strings.ts). */
    /** `loan`: the loan pages' strings, registered by their chunk (features/loan/strings.ts). */
    /**
     * `trade` and `security`: the trade and security pages' strings, registered by their chunks
     * (features/trade/strings.ts, lib/i18n/security-namespace.ts) and found under their `translation`
     * keys (`t('orders.…')`, `t('security.…')`): the fallback namespaces of lib/i18n's init.
     */
    resources: {
      translation: Messages;
      dashboard: DashboardNamespace;
      kyc: KycNamespace;
      recharge: RechargeNamespace;
      otc: OtcNamespace;
      withdraw: WithdrawNamespace;
      financing: FinancingNamespace;
      notification: NotificationNamespace;
      support: SupportNamespace;
      news: NewsNamespace;
      appVersion: AppVersionNamespace;
      help: HelpNamespace;
      /** The time zone setting's strings, registered by its chunk (features/profile/components/time-zone-switch.tsx). */
      timeZone: TimeZoneNamespace;
      /** The VIP, novice guide and ranking pages' strings, registered by their chunks (features/{vip,guide,ranking}/strings.ts). */
      vip: VipNamespace;
      guide: GuideNamespace;
      ranking: RankingNamespace;
      loan: LoanNamespace;
      trade: TradeNamespace;
      security: SecurityNamespace;
    };
    fallbackNS: ['trade', 'security'];
  }
}
