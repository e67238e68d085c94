import 'i18next';
import type { DashboardNamespace } from './locales/dashboard';
import type { Messages } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `dashboard`: the desktop dashboard's strings, registered by its chunk (app/desktop/dashboard/strings.ts). */
    resources: { translation: Messages; dashboard: DashboardNamespace };
  }
}
