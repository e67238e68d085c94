import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { queryClient } from '../lib/api/query-client';
import { useSessionStore } from '../lib/session/session-store';
import { useKitLocale } from './antd-mobile-locale';

/**
 * Data cache and the UI library's locale (its built-in texts follow the app language). The one
 * place the app's query client enters React; below it, code reaches it with `useQueryClient()`.
 */
export function Providers({ children }: { children: ReactNode }) {
  const language = useSessionStore((s) => s.language);
  const kitLocale = useKitLocale(language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={kitLocale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
