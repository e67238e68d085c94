import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import frFR from 'antd-mobile/es/locales/fr-FR';
import itIT from 'antd-mobile/es/locales/it-IT';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import type { Language } from '@app/contract';
import { queryClient } from '../lib/api/query-client';
import { useSessionStore } from '../lib/session/session-store';

const ANTD_LOCALES: Record<Language, typeof enUS> = {
  en: enUS, zh: zhCN, hk: zhHK, jp: jaJP, kr: koKR, de: deDE, fr: frFR, it: itIT,
};

/** Data cache and the UI library's locale (its built-in texts follow the app language). */
export function Providers({ children }: { children: ReactNode }) {
  const language = useSessionStore((s) => s.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
