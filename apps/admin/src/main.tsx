import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import { AuthProvider } from './auth';
import { App } from './app';
import { THEME } from './theme';
// antd's styles, extracted at build time (antd-vite.ts), then the back office's own.
import 'virtual:antd.css';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // An operator's tool: what is shown is fetched when asked, not retried behind their back.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

/**
 * Where antd's CSS-in-JS puts what it makes at run time: an element never attached to the page, so
 * nothing of it is applied or checked against the CSP (the extracted stylesheet holds the same rules).
 * Zero-runtime mode already skips the components' styles; this catches its CSS variables.
 */
const detachedStyles = document.createElement('div');

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <StyleProvider container={detachedStyles}>
      <ConfigProvider
        theme={{ ...THEME, zeroRuntime: true }}
        virtual={false}
        form={{ colon: false, requiredMark: false }}
      >
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter basename="/admin">
              <AuthProvider>
                <App />
              </AuthProvider>
            </BrowserRouter>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  </StrictMode>,
);
