import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installAntdMobileFeedback } from './app/antd-mobile-feedback';
import { installAntdMobileRender } from './app/antd-mobile-render';
import { watchLayoutChanges } from './app/layout/layout-watch';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { registerNavigate } from './lib/routing/navigation';
import { installNetworkToasts } from './lib/feedback/network-status';
import { initTheme } from './lib/session/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

// Order matters: the UI library's renderer before anything can toast; language and theme
// before the first render (the stored language's strings load first: no English flash).
installAntdMobileRender();
installAntdMobileFeedback();
initTheme();
watchLayoutChanges();

const router = createAppRouter();
registerNavigate((to, options) => {
  void router.navigate(to, options);
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

void initI18n().then(() => {
  installNetworkToasts(); // Its toasts speak the loaded language.
  createRoot(rootElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
